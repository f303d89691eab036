// The models read what they need from an answer through the contract (contract/fields.ts): a
// field by its name, the resource holding some fields, or the list with its paging fields, at the
// place the contract gives them for the answer's status. What cannot be read is a reason, which
// the model records as its rule being inconclusive.
import { listItems, type ListPage, type Read, readField, readResource } from '../contract/fields.ts';
import type { SuiteOperation } from '../contract/operation.ts';
import type { Answer } from '../http/client.ts';

function statusOf(op: SuiteOperation, answer: Answer): Read<number> {
  const status = answer.response?.status;
  return status === undefined ? { ok: false, reason: `${op.operationId} gave no answer (${answer.transportError ?? 'unknown error'})` } : { ok: true, value: status };
}

/** The field `name` of the answer. */
export function fieldOf(op: SuiteOperation, answer: Answer, name: string): Read<unknown> {
  const status = statusOf(op, answer);
  return status.ok ? readField(op, status.value, answer.json, name) : status;
}

/** The field `name` of the answer, when it is a string. */
export function stringOf(op: SuiteOperation, answer: Answer, name: string): Read<string> {
  const read = fieldOf(op, answer, name);
  if (!read.ok) return read;
  return typeof read.value === 'string' ? { ok: true, value: read.value } : { ok: false, reason: `the ${op.operationId} answer's ${name} is ${JSON.stringify(read.value)}, not a string` };
}

/** The object of the answer that holds the fields `names` (a resource). */
export function resourceOf<T extends object>(op: SuiteOperation, answer: Answer, names: readonly string[]): Read<T> {
  const status = statusOf(op, answer);
  return status.ok ? readResource<T>(op, status.value, answer.json, names) : status;
}

/** The items of the answer's list, each holding the fields `names`, with its page numbers. */
export function listOf<T>(op: SuiteOperation, answer: Answer, names: readonly string[] = []): Read<ListPage<T>> {
  const status = statusOf(op, answer);
  return status.ok ? listItems<T>(op, status.value, answer.json, names) : status;
}
