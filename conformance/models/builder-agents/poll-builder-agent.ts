// Polls a processing conversation until it leaves processing (bounded wait): it must end in
// gathering (with questions), awaiting_approval, deployed (with the app) or failed, with its intent kept.
// A conversation the model sees processing is polled first, otherwise the picked one.
import type { Real } from '../model-kit.ts';
import { ConversationCommand } from './conversation-command.ts';
import type { BuilderAgentModel, ConversationRecord } from './model.ts';
import { pollSettled } from './poll.ts';

export class PollBuilderAgentCommand extends ConversationCommand {
  protected override choose(model: BuilderAgentModel): ConversationRecord | undefined {
    const processing = model.conversations.filter((c) => c.status === 'processing');
    return processing.length > 0 ? processing[this.pick % processing.length] : super.choose(model);
  }

  protected actOn(record: ConversationRecord, model: BuilderAgentModel, real: Real): Promise<void> {
    return pollSettled(model, record, real);
  }

  toString(): string {
    return `poll(${this.pick})`;
  }
}
