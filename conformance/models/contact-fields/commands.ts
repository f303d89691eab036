// The commands of the contact fields model: create a field (a fresh key: 201; a key already taken:
// refused, 409 in the contract), rename a field (200, the key unchanged), and try to change a
// field's key (refused, 422 in the contract; accepting it breaks the seed's rule). After each step
// the fields and analyzers lists are read back (read-back.ts).
import { requireRule } from '../../record/rule.ts';
import { describeAnswer, expectStatus, isSuccess } from '../../rules/verdicts.ts';
import { ModelCommand, pickOne } from '../model-command.ts';
import type { Real } from '../model-kit.ts';
import { CONTACT_FIELD_KEY, type ContactFieldsModel, freshKey } from './model.ts';
import { checkAnalyzers, checkFieldsListed } from './read-back.ts';

async function readBack(model: ContactFieldsModel, real: Real, refused: readonly string[] = []): Promise<void> {
  const fields = await checkFieldsListed(model, real, refused);
  if (fields) await checkAnalyzers(model, real, fields);
}

export class CreateFieldCommand extends ModelCommand<ContactFieldsModel> {
  /** undefined: a fresh key; otherwise the key of the picked existing field (built-in `name` when none). */
  readonly reuse: number | undefined;
  protected override invariant = (model: ContactFieldsModel, real: Real) => readBack(model, real);

  constructor(reuse: number | undefined) {
    super();
    this.reuse = reuse;
  }

  check(): boolean {
    return true;
  }

  protected async act(model: ContactFieldsModel, real: Real): Promise<void> {
    const op = real.client.op('createContactField');
    const taken = this.reuse === undefined ? undefined : (pickOne([...model.fields.keys()], this.reuse) ?? 'name');
    const key = taken ?? freshKey();
    const name = `Conformance field ${key}`;
    const answer = await real.client.send({ op, json: { key, name, type: 'text' } });
    if (taken === undefined) {
      requireRule(CONTACT_FIELD_KEY, op.operationId, expectStatus(answer, op, `creating contact field ${key}`, 201, undefined, 'inferred'), answer);
      if (isSuccess(answer)) model.fields.set(key, name);
      return;
    }
    if (isSuccess(answer)) return requireRule(CONTACT_FIELD_KEY, op.operationId, { message: `creating a second contact field with the key ${key} was accepted (${describeAnswer(answer)}); keys are unique`, part: 'documented' }, answer);
    requireRule(CONTACT_FIELD_KEY, op.operationId, expectStatus(answer, op, `creating a second contact field with the key ${key}`, 409, undefined, 'inferred'), answer);
  }

  toString(): string {
    return this.reuse === undefined ? 'createField(fresh)' : `createField(taken ${this.reuse})`;
  }
}

export class UpdateFieldCommand extends ModelCommand<ContactFieldsModel> {
  readonly pick: number;
  /** Send another key too (the key must not change). */
  readonly rekey: boolean;
  private refused: string[] = [];
  protected override invariant = (model: ContactFieldsModel, real: Real) => readBack(model, real, this.refused);

  constructor(pick: number, rekey: boolean) {
    super();
    this.pick = pick;
    this.rekey = rekey;
  }

  check(model: Readonly<ContactFieldsModel>): boolean {
    return model.fields.size > 0;
  }

  protected async act(model: ContactFieldsModel, real: Real): Promise<void> {
    const key = pickOne([...model.fields.keys()], this.pick);
    if (!key) return;
    const op = real.client.op('updateContactField');
    const name = `Renamed ${freshKey()}`;
    const other = freshKey();
    const answer = await real.client.send({ op, pathParams: { key }, json: { name, ...(this.rekey ? { key: other } : {}) } });
    if (!this.rekey) {
      requireRule(CONTACT_FIELD_KEY, op.operationId, expectStatus(answer, op, `renaming contact field ${key}`, 200, undefined, 'inferred'), answer);
      if (isSuccess(answer)) model.fields.set(key, name);
      return;
    }
    this.refused = [other];
    if (isSuccess(answer)) return requireRule(CONTACT_FIELD_KEY, op.operationId, { message: `changing the key of contact field ${key} to ${other} was accepted (${describeAnswer(answer)}); keys are immutable once created`, part: 'documented' }, answer);
    requireRule(CONTACT_FIELD_KEY, op.operationId, expectStatus(answer, op, `changing the key of contact field ${key} to ${other}`, 422, ['VALIDATION_ERROR'], 'inferred'), answer);
  }

  toString(): string {
    return `updateField(${this.pick}${this.rekey ? ', new key' : ''})`;
  }
}
