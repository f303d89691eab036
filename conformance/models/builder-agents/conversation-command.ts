// The base classes of the builder agent commands on one of the model's conversations: `pick`
// chooses it, and they run once the model has one. A write prefers a conversation in a status that
// accepts it (BuilderAgentModel.prefer), reads it first (readBeforeWrite) and, once accepted,
// leaves it processing; a marked write carries the mock's outcome and delay (markers in model.ts).
import type { Real } from '../model-kit.ts';
import { PickCommand } from '../model-command.ts';
import type { BuilderAgentModel, ConversationRecord, PhaseKind, SettledStatus } from './model.ts';
import { readBeforeWrite } from './poll.ts';

export abstract class ConversationCommand extends PickCommand<BuilderAgentModel, ConversationRecord> {
  protected records(model: Readonly<BuilderAgentModel>): readonly ConversationRecord[] {
    return model.conversations;
  }
}

export abstract class ConversationWrite extends ConversationCommand {
  /** The conversations (as the model last saw them) that accept the write. */
  protected abstract fits(conversation: ConversationRecord): boolean;
  /** The write itself, to a conversation just read. */
  protected abstract write(model: BuilderAgentModel, record: ConversationRecord, real: Real): Promise<void>;

  protected override choose(model: BuilderAgentModel): ConversationRecord | undefined {
    return model.prefer(this.pick, (c) => this.fits(c));
  }

  protected async actOn(record: ConversationRecord, model: BuilderAgentModel, real: Real): Promise<void> {
    if (await readBeforeWrite(model, record, real)) await this.write(model, record, real);
  }

  /** An accepted write: the conversation is processing it, with no questions. */
  protected startProcessing(record: ConversationRecord, phase: PhaseKind): void {
    record.status = 'processing';
    record.phase = phase;
    record.questions = [];
  }
}

export abstract class MarkedWrite extends ConversationWrite {
  readonly outcome: SettledStatus;
  readonly delayMs: number;

  constructor(pick: number, outcome: SettledStatus, delayMs: number) {
    super(pick);
    this.outcome = outcome;
    this.delayMs = delayMs;
  }
}
