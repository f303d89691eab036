// A collection as the suite certifies it: the operations that list, create, read, update and
// delete it (operationIds of the contract), the rule its model decides, and how to make a valid
// create and update body. `runCollectionModel` (run.ts) derives the model's commands from it: a
// create read back by its id and found in the list, a partial update read back with the fields it
// did not send unchanged, a delete after which the read is a 404 and the list no longer has it.
// What is particular to a resource (its state machine, coercions, cascades) is checked by the
// resource's own model beside it.
import type { RuleCheck } from '../../record/rule.ts';
import type { Mode } from '../../target/target.ts';
import type { Real } from '../model-kit.ts';

export interface CollectionSpec {
  /** The resource group (the folder of the resource's own model, or `collections`). */
  group: string;
  /** What a record is called in findings: `contact`, `pool`. */
  noun: string;
  /** The rule the model decides (its `name` is the check the catalogue lists). */
  check: RuleCheck;
  /** The least mode that may run it: full, as it creates records. */
  mode: Mode;
  ops: { list: string; create: string; read?: string; update?: string; remove?: string };
  /** The field that identifies a record in answers (default `uuid`), and the path parameter that names it (default `uuid`). */
  idField?: string;
  idParam?: string;
  /** A valid create body; `tag` is unique to the call (for names, emails, numbers). Undefined: the collection cannot be created on this target. */
  createBody(tag: string, real: Real): Promise<Record<string, unknown> | undefined>;
  /** A valid partial update body. */
  updateBody?(tag: string): Record<string, unknown>;
  /**
   * What the answers must show of a body the service accepted (default: its scalar fields as
   * sent). A coercion the contract gives (a time `HH:MM` answered `HH:MM:SS`) is written here.
   */
  expected?(sent: Record<string, unknown>): Record<string, unknown>;
}

/** The scalar fields of a body (strings, numbers, booleans, null): those an answer must repeat as sent. */
export function scalarFields(sent: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(sent).filter(([, v]) => v === null || ['string', 'number', 'boolean'].includes(typeof v)));
}
