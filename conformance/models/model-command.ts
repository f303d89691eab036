// The base classes of the model commands. A ModelCommand makes its own request and prediction
// (act), then checks the model's invariant, read back from the service after every step (none
// unless the model's group gives one). A PickCommand acts on one record of one of the model's
// collections: `pick` chooses it (wrapping around), and it runs once the collection has one.
import type fc from 'fast-check';
import type { Real } from './model-kit.ts';

/** The record at `index`, wrapping around; undefined when there is none. */
export function pickOne<R>(records: readonly R[], index: number): R | undefined {
  return records[index % Math.max(1, records.length)];
}

export abstract class ModelCommand<M extends object> implements fc.AsyncCommand<M, Real> {
  abstract check(model: Readonly<M>): boolean;
  protected abstract act(model: M, real: Real): Promise<void>;
  abstract toString(): string;
  /** The model's invariant, checked after every step. */
  protected invariant: (model: M, real: Real) => Promise<void> = () => Promise.resolve();

  async run(model: M, real: Real): Promise<void> {
    await this.act(model, real);
    await this.invariant(model, real);
  }
}

export abstract class PickCommand<M extends object, R> extends ModelCommand<M> {
  readonly pick: number;

  constructor(pick: number) {
    super();
    this.pick = pick;
  }

  /** The collection the command picks from. */
  protected abstract records(model: Readonly<M>): readonly R[];
  protected abstract actOn(record: R, model: M, real: Real): Promise<void>;

  check(model: Readonly<M>): boolean {
    return this.records(model).length > 0;
  }

  /** The record the command acts on: the picked one. */
  protected choose(model: M): R | undefined {
    return pickOne(this.records(model), this.pick);
  }

  protected async act(model: M, real: Real): Promise<void> {
    const record = this.choose(model);
    if (record) await this.actOn(record, model, real);
  }
}
