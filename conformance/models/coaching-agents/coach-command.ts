// The shape of every coaching agent command: its own request and prediction, then the model's
// invariant (exactly one default) read back from the service after the step.
import type fc from 'fast-check';
import type { Real } from '../model-kit.ts';
import type { CoachingModel } from './model.ts';
import { checkOneDefault } from './one-default.ts';

export abstract class CoachCommand implements fc.AsyncCommand<CoachingModel, Real> {
  abstract check(model: Readonly<CoachingModel>): boolean;
  protected abstract act(model: CoachingModel, real: Real): Promise<void>;
  abstract toString(): string;

  async run(model: CoachingModel, real: Real): Promise<void> {
    await this.act(model, real);
    await checkOneDefault(model, real);
  }
}
