// POST /api/v1/sms/send: an SMS sent with a fresh request_key (seed "Limits").
import { SendCommand } from './send-command.ts';

export class SendSmsCommand extends SendCommand {
  readonly operationId = 'sendSms' as const;
}
