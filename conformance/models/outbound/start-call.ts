// POST /api/v1/call: a call sent with a fresh request_key (seed "Limits").
import { SendCommand } from './send-command.ts';

export class StartCallCommand extends SendCommand {
  readonly operationId = 'startCall' as const;
}
