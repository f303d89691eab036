// The model's invariant, read back after every step: the fields list shows every custom field the
// suite created under its own key with the name last set, and no field under a key the suite tried
// to rename one to; the analyzers list carries each field's analyzer with the prefix of its kind
// (b_ built-in, f_ custom, p_ pipeline stage rule) and every identifier is prefixed.
import { inconclusive, requireRule } from '../../record/rule.ts';
import { describeAnswer, isSuccess } from '../../rules/verdicts.ts';
import { listOf } from '../answer-fields.ts';
import type { Real } from '../model-kit.ts';
import { ANALYZER_PREFIXES, type AnalyzerView, CONTACT_FIELD_KEY, type ContactFieldsModel, type FieldView, PREFIX_OF_KIND } from './model.ts';

export async function checkFieldsListed(model: ContactFieldsModel, real: Real, refusedKeys: readonly string[] = []): Promise<FieldView[] | undefined> {
  const op = real.client.op('listContactFields');
  const answer = await real.client.send({ op });
  if (!isSuccess(answer)) return void inconclusive(CONTACT_FIELD_KEY, op.operationId, `listing the contact fields answered ${describeAnswer(answer)}`, answer);
  const list = listOf<FieldView>(op, answer, ['key', 'name', 'built_in']);
  if (!list.ok) return void inconclusive(CONTACT_FIELD_KEY, op.operationId, list.reason, answer);
  const byKey = new Map(list.value.items.map((f) => [f.key, f]));
  const wrong: string[] = [];
  for (const [key, name] of model.fields) {
    const listed = byKey.get(key);
    if (!listed) wrong.push(`field ${key} is no longer listed under its key`);
    else if (listed.name !== name) wrong.push(`field ${key} is named ${JSON.stringify(listed.name)}, not ${JSON.stringify(name)}`);
  }
  for (const key of refusedKeys) if (byKey.has(key) && !model.fields.has(key)) wrong.push(`a field is listed under ${key}, the key an update tried to give another field`);
  const keys = list.value.items.map((f) => f.key);
  const twice = keys.filter((k, i) => keys.indexOf(k) !== i);
  if (twice.length > 0) wrong.push(`the keys ${[...new Set(twice)].join(', ')} are listed twice`);
  requireRule(CONTACT_FIELD_KEY, op.operationId, wrong.length === 0 ? true : { message: wrong.join('; '), part: 'documented' }, answer);
  return list.value.items;
}

export async function checkAnalyzers(model: ContactFieldsModel, real: Real, fields: readonly FieldView[]): Promise<void> {
  const op = real.client.op('listContactAnalyzers');
  const answer = await real.client.send({ op });
  if (!isSuccess(answer)) return inconclusive(ANALYZER_PREFIXES, op.operationId, `listing the contact analyzers answered ${describeAnswer(answer)}`, answer);
  const list = listOf<AnalyzerView>(op, answer, ['internal_id', 'kind']);
  if (!list.ok) return inconclusive(ANALYZER_PREFIXES, op.operationId, list.reason, answer);
  const wrong: string[] = [];
  for (const a of list.value.items) {
    const prefix = PREFIX_OF_KIND[a.kind];
    if (!/^(b|f|p)_./.test(a.internal_id)) wrong.push(`analyzer ${JSON.stringify(a.internal_id)} (${a.kind}) carries none of the prefixes b_, f_, p_`);
    else if (prefix !== undefined && !a.internal_id.startsWith(prefix)) wrong.push(`analyzer ${a.internal_id} of kind ${a.kind} does not start with ${prefix}`);
  }
  const ids = new Set(list.value.items.map((a) => a.internal_id));
  for (const f of fields) {
    const expected = `${f.built_in ? 'b_' : 'f_'}${f.key}`;
    if (model.fields.has(f.key) && !ids.has(expected)) wrong.push(`the custom field ${f.key} has no analyzer ${expected}`);
  }
  requireRule(ANALYZER_PREFIXES, op.operationId, wrong.length === 0 ? true : { message: wrong.join('; '), part: 'documented' }, answer);
}
