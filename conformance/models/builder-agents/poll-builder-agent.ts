// Polls a processing conversation until it leaves processing (bounded wait): it must end in
// gathering (with questions), awaiting_approval, deployed (with the app) or failed, with its intent kept.
import type fc from 'fast-check';
import type { Real } from '../model-kit.ts';
import type { BuilderAgentModel } from './model.ts';
import { pollSettled } from './poll.ts';

export class PollBuilderAgentCommand implements fc.AsyncCommand<BuilderAgentModel, Real> {
  readonly pick: number;

  constructor(pick: number) {
    this.pick = pick;
  }

  check(model: Readonly<BuilderAgentModel>): boolean {
    return model.conversations.length > 0;
  }

  async run(model: BuilderAgentModel, real: Real): Promise<void> {
    const processing = model.conversations.filter((c) => c.status === 'processing');
    const record = processing.length > 0 ? processing[this.pick % processing.length] : model.pick(this.pick);
    if (record) await pollSettled(model, record, real);
  }

  toString(): string {
    return `poll(${this.pick})`;
  }
}
