// Seed "Time handling": the zone comes from the X-Timezone header, then the `timezone` query
// parameter (rule 3; Windows names mapped, unknown names ignored), then the member's profile zone
// for a per-user token, the workspace zone for a workspace token, then UTC (rule 4); the response
// names it in X-Timezone (rule 5); date-only and time-of-day values are never shifted (rule 6); a
// date-time without an offset is read in the applied zone (rule 2).
import { DateTime } from 'luxon';
import { anchor, examplePlan, type RequestPlan } from '../arbitraries/request.ts';
import { listItems, type Read } from '../contract/fields.ts';
import type { SuiteOperation } from '../contract/operation.ts';
import { collectTemporal, type TemporalValue } from '../contract/temporal.ts';
import type { Answer } from '../http/client.ts';
import { inconclusive, notApplicable, recordRule, type RuleCheck } from '../record/rule.ts';
import { planOptions, suite } from '../suite/context.ts';
import { describeAnswer, isSuccess } from './verdicts.ts';
import { otherZone, sameZone, UNKNOWN_ZONES, WINDOWS_NAMES } from './zones.ts';

export const TIME_HEADER: RuleCheck = { name: 'time-header-zone', rule: 'seed "Time handling" rules 3 and 5: the X-Timezone request header selects the zone' };
export const TIME_QUERY: RuleCheck = { name: 'time-query-zone', rule: 'seed "Time handling" rule 3: the `timezone` query parameter selects the zone' };
export const TIME_PRECEDENCE: RuleCheck = { name: 'time-header-over-query', rule: 'seed "Time handling" rule 3: the header wins over the query parameter' };
export const TIME_WINDOWS: RuleCheck = { name: 'time-windows-names', rule: 'seed "Time handling" rule 3: Windows zone names are accepted and mapped to IANA names' };
export const TIME_UNKNOWN: RuleCheck = { name: 'time-unknown-zone-ignored', rule: 'seed "Time handling" rule 3: an invalid or unknown zone is ignored and resolution continues' };
export const TIME_WORKSPACE: RuleCheck = { name: 'time-workspace-zone', rule: 'seed "Time handling" rules 4 and 7: a workspace token works in the workspace zone' };
export const TIME_PROFILE: RuleCheck = { name: 'time-profile-zone', rule: "seed \"Time handling\" rule 4: a per-user token works in the member's profile zone" };
export const TIME_UNSHIFTED: RuleCheck = { name: 'time-dates-unshifted', rule: 'seed "Time handling" rule 6: date-only and time-of-day values are never shifted' };
export const TIME_WALL_CLOCK: RuleCheck = { name: 'time-input-in-applied-zone', rule: 'seed "Time handling" rule 2: a date-time without offset is read in the applied zone' };

export interface TimeProbe {
  op: SuiteOperation;
  plan: RequestPlan;
  zone: string;
}

function zoneOf(answer: Answer): string | undefined {
  return answer.response?.headers['x-timezone'];
}

async function ask(probe: TimeProbe, zone: { header?: string; query?: string }, token?: string): Promise<Answer> {
  const { client } = suite();
  const query = { ...probe.plan.query, ...(zone.query !== undefined ? { timezone: zone.query } : {}) };
  return client.send({ ...planOptions(probe.op, { ...probe.plan, query }), ...(zone.header !== undefined ? { headers: { 'x-timezone': zone.header } } : {}), ...(token ? { token } : {}) });
}

function temporalOf(op: SuiteOperation, answer: Answer): TemporalValue[] {
  const { contract } = suite();
  const pointer = answer.response ? op.responses.get(answer.response.status)?.schemaPointer : undefined;
  return pointer === undefined || answer.json === undefined ? [] : collectTemporal(contract.doc, contract.ajv, pointer, answer.json);
}

/** A read operation that answers 2xx with timestamps, to watch the applied zone on. */
export async function findTimeProbe(): Promise<TimeProbe | undefined> {
  const { operations, target } = suite();
  const reads = operations.filter((op) => op.method === 'GET');
  const ordered = [...reads.filter((op) => !op.parameters.some((p) => p.in === 'path')), ...reads.filter((op) => op.parameters.some((p) => p.in === 'path'))];
  for (const op of ordered) {
    const { plan } = anchor(op, examplePlan(op), target);
    const answer = await ask({ op, plan, zone: '' }, {});
    if (!isSuccess(answer)) continue;
    if (temporalOf(op, answer).some((t) => t.kind === 'date-time') && zoneOf(answer)) return { op, plan, zone: zoneOf(answer) as string };
  }
  return undefined;
}

function expectZone(check: RuleCheck, probe: TimeProbe, answer: Answer, expected: string, what: string): void {
  const zone = zoneOf(answer);
  const ok = isSuccess(answer) && sameZone(zone, expected);
  recordRule(check, probe.op.operationId, ok ? true : { message: `${what}: expected the applied zone ${expected}, got ${zone ?? 'no X-Timezone'} (${describeAnswer(answer)})`, part: 'documented' }, answer);
}

export async function checkZoneSelection(probe: TimeProbe): Promise<void> {
  const { target } = suite();
  const first = otherZone(probe.zone, target.workspaceZone);
  const second = otherZone(probe.zone, target.workspaceZone, first);

  expectZone(TIME_HEADER, probe, await ask(probe, { header: first }), first, `X-Timezone: ${first}`);
  expectZone(TIME_QUERY, probe, await ask(probe, { query: second }), second, `?timezone=${second}`);
  expectZone(TIME_PRECEDENCE, probe, await ask(probe, { header: first, query: second }), first, `X-Timezone: ${first} with ?timezone=${second}`);

  for (const [windows, iana] of WINDOWS_NAMES) expectZone(TIME_WINDOWS, probe, await ask(probe, { header: windows }), iana, `X-Timezone: ${windows}`);
  const [viaQuery, viaQueryIana] = WINDOWS_NAMES[0] as [string, string];
  expectZone(TIME_WINDOWS, probe, await ask(probe, { query: viaQuery }), viaQueryIana, `?timezone=${viaQuery}`);

  for (const unknown of UNKNOWN_ZONES) {
    expectZone(TIME_UNKNOWN, probe, await ask(probe, { header: unknown, query: second }), second, `X-Timezone: ${unknown} with ?timezone=${second}`);
    expectZone(TIME_UNKNOWN, probe, await ask(probe, { header: unknown }), probe.zone, `X-Timezone: ${unknown} alone (as if absent)`);
  }
  expectZone(TIME_UNKNOWN, probe, await ask(probe, { query: UNKNOWN_ZONES[0] as string }), probe.zone, `?timezone=${UNKNOWN_ZONES[0]} alone (as if absent)`);

  if (target.workspaceZone) expectZone(TIME_WORKSPACE, probe, await ask(probe, {}), target.workspaceZone, 'a workspace token without a zone choice');
  else notApplicable(TIME_WORKSPACE, probe.op.operationId, 'the workspace zone is not known (--workspace-zone)');

  if (!target.userToken) notApplicable(TIME_PROFILE, probe.op.operationId, 'no per-user token was given (--user-token)');
  else if (!target.userZone) notApplicable(TIME_PROFILE, probe.op.operationId, "the per-user token's profile zone is not known (--user-zone)");
  else expectZone(TIME_PROFILE, probe, await ask(probe, {}, target.userToken), target.userZone, 'a per-user token without a zone choice');
}

/** The same request in two zones far apart: date-only and time-of-day values must be identical. */
export async function checkUnshifted(op: SuiteOperation): Promise<boolean> {
  const { target } = suite();
  const { plan, unsafe } = anchor(op, examplePlan(op), target);
  if (unsafe) return false;
  const probe: TimeProbe = { op, plan, zone: '' };
  const east = await ask(probe, { header: 'Pacific/Kiritimati' });
  const calendar = temporalOf(op, east).filter((t) => t.kind !== 'date-time');
  if (!isSuccess(east) || calendar.length === 0) return false;
  const west = await ask(probe, { header: 'Pacific/Pago_Pago' });
  const again = new Map(temporalOf(op, west).map((t) => [t.path, t.value]));
  const shifted = calendar.filter((t) => again.has(t.path) && again.get(t.path) !== t.value);
  recordRule(
    TIME_UNSHIFTED,
    op.operationId,
    shifted.length === 0 ? true : { message: `shifted between UTC+14 and UTC-11: ${shifted.slice(0, 4).map((t) => `${t.path} ${t.value} → ${again.get(t.path)}`).join('; ')}`, part: op.contract },
    west,
  );
  return true;
}

interface CallItem {
  uuid: string;
  conversation_uuid: string;
  created_at: string;
}

async function listCalls(op: SuiteOperation, query: Record<string, string>, zone: string): Promise<Answer> {
  return suite().client.send({ op, query, headers: { 'x-timezone': zone } });
}

/** The calls a list answer holds, each with its uuid, conversation_uuid and created_at, where the contract puts them. */
function items(op: SuiteOperation, answer: Answer): Read<CallItem[]> {
  const status = answer.response?.status ?? 0;
  if (status < 200 || status >= 300) return { ok: false, reason: `listing the calls answered ${describeAnswer(answer)}` };
  const list = listItems<CallItem>(op, status, answer.json, ['uuid', 'conversation_uuid', 'created_at']);
  return list.ok ? { ok: true, value: list.value.items } : list;
}

/**
 * Rule 2 on the call list's creation filter: `from` and `to` given as wall time (no offset) in a
 * zone far from UTC and from the workspace zone must be read in that zone. The filter is an
 * inferred part of the contract, so a failure here is a warning.
 */
export async function checkWallClockInput(): Promise<void> {
  const { contract, target, client } = suite();
  const list = contract.byId.get('listCalls');
  if (!list) return notApplicable(TIME_WALL_CLOCK, undefined, 'the contract has no call list');
  const firstCall = async (): Promise<CallItem | undefined | null> => {
    const answer = await client.send({ op: list, query: { per_page: '1' } });
    const read = items(list, answer);
    if (read.ok) return read.value[0];
    inconclusive(TIME_WALL_CLOCK, list.operationId, read.reason, answer);
    return null;
  };
  let call = await firstCall();
  if (call === null) return;
  const start = contract.byId.get('startCall');
  if (!call && target.mode === 'full' && start) {
    const { plan, unsafe } = anchor(start, examplePlan(start, 1), target);
    if (!unsafe) {
      await client.send({ ...planOptions(start, plan), expectation: { kind: 'accepted', part: start.contract, rule: TIME_WALL_CLOCK.rule, what: 'a call to list' } });
      call = await firstCall();
      if (call === null) return;
    }
  }
  if (!call) return notApplicable(TIME_WALL_CLOCK, list.operationId, 'the workspace has no call to filter on (full mode starts one)');
  const zone = otherZone(target.workspaceZone, 'UTC');
  const created = DateTime.fromISO(call.created_at, { setZone: true });
  const wall = (minutes: number) => created.plus({ minutes }).setZone(zone).toFormat("yyyy-MM-dd'T'HH:mm:ss");
  const by = { conversation_uuid: call.conversation_uuid };
  const cases: Array<[string, Record<string, string>, boolean]> = [
    [`from=${wall(-30)} (30 minutes before the call, wall time in ${zone})`, { ...by, from: wall(-30) }, true],
    [`to=${wall(-30)} (30 minutes before the call, wall time in ${zone})`, { ...by, to: wall(-30) }, false],
    [`to=${wall(30)} (30 minutes after the call, wall time in ${zone})`, { ...by, to: wall(30) }, true],
    [`to=${created.setZone(zone).toISODate()} (the call's day in ${zone}, the whole day)`, { ...by, to: created.setZone(zone).toISODate() as string }, true],
  ];
  for (const [what, query, included] of cases) {
    const answer = await listCalls(list, query, zone);
    const read = items(list, answer);
    if (!read.ok && isSuccess(answer)) {
      inconclusive(TIME_WALL_CLOCK, list.operationId, `${what}: ${read.reason}`, answer);
      continue;
    }
    // A conversation may hold several calls: the one the case is about is matched by its uuid.
    const found = read.ok && read.value.some((c) => c.uuid === call.uuid);
    const ok = isSuccess(answer) && found === included;
    recordRule(TIME_WALL_CLOCK, list.operationId, ok ? true : { message: `${what}: the call (created ${call.created_at}) was ${found ? 'listed' : 'not listed'} (${describeAnswer(answer)})`, part: list.contract }, answer);
  }
}
