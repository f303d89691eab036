// The commands of the outbound model, as fast-check arbitraries: one per send operation, the
// idempotent retries, a burst across the limit, and the reads that compare the service with the
// model (the call list, the sending queue).
import fc from 'fast-check';
import type { Real } from '../model-kit.ts';
import { BurstCommand } from './burst.ts';
import { CheckCallsCommand } from './check-calls.ts';
import { CheckQueueCommand } from './check-queue.ts';
import { ConcurrentRetryCommand } from './concurrent-retry.ts';
import type { OutboundModel } from './model.ts';
import { RetrySendCommand } from './retry-send.ts';
import { SendEmailCommand } from './send-email.ts';
import { SendSmsCommand } from './send-sms.ts';
import { SendWhatsappTemplateCommand } from './send-whatsapp-template.ts';
import { StartCallCommand } from './start-call.ts';

export type OutboundCommand = fc.AsyncCommand<OutboundModel, Real>;

export function outboundCommands(tokens: number): Array<fc.Arbitrary<OutboundCommand>> {
  const token = fc.nat({ max: Math.max(0, tokens - 1) });
  return [
    token.map((t) => new StartCallCommand(t)),
    token.map((t) => new SendSmsCommand(t)),
    token.map((t) => new SendEmailCommand(t)),
    token.map((t) => new SendWhatsappTemplateCommand(t)),
    fc.nat().map((pick) => new RetrySendCommand(pick)),
    fc.tuple(fc.nat({ max: 3 }), fc.integer({ min: 2, max: 4 }), token).map(([op, copies, t]) => new ConcurrentRetryCommand(op, copies, t)),
    fc.array(fc.nat({ max: 3 }), { minLength: 8, maxLength: 10 }).map((ops) => new BurstCommand(ops)),
    fc.constant(new CheckCallsCommand()),
    fc.constant(new CheckQueueCommand()),
  ];
}
