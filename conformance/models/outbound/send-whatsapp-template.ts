// POST /api/v1/whatsapp/template: a WhatsApp template message sent with a fresh request_key (seed "Limits").
import { SendCommand } from './send-command.ts';

export class SendWhatsappTemplateCommand extends SendCommand {
  readonly operationId = 'sendWhatsappTemplate' as const;
}
