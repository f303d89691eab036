// POST /api/v1/email/messages: an email sent with a fresh request_key (seed "Limits").
import { SendCommand } from './send-command.ts';

export class SendEmailCommand extends SendCommand {
  readonly operationId = 'sendEmailMessage' as const;
}
