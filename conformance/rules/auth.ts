// Seed "Authentication": every endpoint requires `Authorization: Bearer <token>`. A missing header
// gives 401 MISSING_AUTH_TOKEN; a wrong, revoked or malformed token 401 INVALID_AUTH_TOKEN; a
// valid token without the needed permission 403 FORBIDDEN; a wrong tenant (subdomain) 404.
// Revocation takes effect immediately (rule 3).
import { randomBytes } from 'node:crypto';
import { anchor, examplePlan, type RequestPlan } from '../arbitraries/request.ts';
import type { SuiteOperation } from '../contract/operation.ts';
import type { Answer } from '../http/client.ts';
import { readResource } from '../contract/fields.ts';
import { inconclusive, notApplicable, recordRule, type RuleCheck } from '../record/rule.ts';
import { planOptions, sendAndClean, suite } from '../suite/context.ts';
import { withTenant } from '../target/target.ts';
import { describeAnswer, expectStatus, isSuccess } from './verdicts.ts';

export const AUTH_MISSING: RuleCheck = { name: 'auth-missing-token', rule: 'seed "Authentication" rules 1 and 6: no Authorization header → 401 MISSING_AUTH_TOKEN' };
export const AUTH_INVALID: RuleCheck = { name: 'auth-invalid-token', rule: 'seed "Authentication" rule 6: a wrong or malformed token → 401 INVALID_AUTH_TOKEN' };
export const AUTH_WRONG_TENANT: RuleCheck = { name: 'auth-wrong-tenant', rule: 'seed "Authentication" rule 4: a wrong tenant (subdomain) → 404' };
export const AUTH_FORBIDDEN: RuleCheck = { name: 'auth-forbidden', rule: 'seed "Authentication" rule 6: a valid token without the needed permission → 403 FORBIDDEN' };
export const AUTH_REVOKED: RuleCheck = { name: 'auth-revoked-token', rule: 'seed "Authentication" rules 3 and 6: revocation takes effect immediately (401 INVALID_AUTH_TOKEN)' };
export const AUTH_USER_TOKEN: RuleCheck = { name: 'auth-user-token', rule: 'seed "Authentication" rule 2: per-user tokens (JWT) are accepted' };

/** A valid request to the operation, or undefined when it may not be sent (a real send with nowhere safe to go). */
export function validRequest(op: SuiteOperation): RequestPlan | undefined {
  const { plan, unsafe } = anchor(op, examplePlan(op), suite().target);
  return unsafe ? undefined : plan;
}

/** Whether a grant list (`*`, `<group>:*`, exact names) covers a permission. */
export function grants(permissions: readonly string[], needed: string): boolean {
  if (needed === '' || permissions.includes('*') || permissions.includes(needed)) return true;
  return permissions.includes(`${needed.slice(0, needed.indexOf(':'))}:*`);
}

export async function checkAuth(op: SuiteOperation): Promise<void> {
  const { target, client } = suite();
  const plan = validRequest(op);
  if (!plan) {
    notApplicable(AUTH_MISSING, op.operationId, 'not sent: a real send needs send_to in the target data');
    return;
  }
  const base = planOptions(op, plan);

  const missing = await sendAndClean({ ...base, token: null });
  recordRule(AUTH_MISSING, op.operationId, expectStatus(missing, op, 'no Authorization header', 401, ['MISSING_AUTH_TOKEN']), missing);

  const wrong = await sendAndClean({ ...base, token: `wst_${randomBytes(20).toString('hex')}` });
  recordRule(AUTH_INVALID, op.operationId, expectStatus(wrong, op, 'a token the workspace never issued', 401, ['INVALID_AUTH_TOKEN']), wrong);
  const malformed = await sendAndClean({ ...base, authorization: 'Bearer not.a.token' });
  recordRule(AUTH_INVALID, op.operationId, expectStatus(malformed, op, 'a malformed bearer token', 401, ['INVALID_AUTH_TOKEN']), malformed);
  const scheme = await sendAndClean({ ...base, authorization: `Basic ${Buffer.from('user:password').toString('base64')}` });
  recordRule(AUTH_INVALID, op.operationId, expectStatus(scheme, op, 'an Authorization header that is not Bearer', 401, ['INVALID_AUTH_TOKEN', 'MISSING_AUTH_TOKEN']), scheme);

  if (target.tenant === undefined) {
    notApplicable(AUTH_WRONG_TENANT, op.operationId, 'the base URL has no tenant subdomain, so no other tenant can be addressed');
  } else {
    const host = withTenant(new URL(target.baseUrl).hostname, `conformance-no-such-tenant-${randomBytes(3).toString('hex')}`);
    client.alias(host);
    const other = await sendAndClean({ ...base, host });
    if (!other.response) notApplicable(AUTH_WRONG_TENANT, op.operationId, `another tenant's host cannot be reached (${other.transportError ?? 'no answer'})`);
    else recordRule(AUTH_WRONG_TENANT, op.operationId, expectStatus(other, op, `a request to tenant host ${host}`, 404, undefined), other);
  }

  const limited = target.limitedToken;
  if (!limited) notApplicable(AUTH_FORBIDDEN, op.operationId, 'no token lacking a permission was given (--limited-token, --limited-permissions)');
  else if (grants(limited.permissions, op.permission)) recordRule(AUTH_FORBIDDEN, op.operationId, true);
  else {
    const denied = await sendAndClean({ ...base, token: limited.token });
    // Which permission an operation needs is the contract's inference (x-permission names), so a
    // different answer is a warning; a 403 with another code breaks the documented code.
    const verdict = expectStatus(denied, op, `a token without ${op.permission}`, 403, ['FORBIDDEN'], 'inferred');
    const wrongCode = denied.response?.status === 403 && verdict !== true;
    recordRule(AUTH_FORBIDDEN, op.operationId, verdict !== true && wrongCode ? { ...verdict, part: 'documented' } : verdict, denied);
  }
}

/** A user token (JWT) is accepted on a read operation. */
export async function checkUserToken(op: SuiteOperation): Promise<void> {
  const { target } = suite();
  if (!target.userToken) {
    notApplicable(AUTH_USER_TOKEN, undefined, 'no per-user token was given (--user-token)');
    return;
  }
  const plan = validRequest(op);
  if (!plan) return;
  const answer = await sendAndClean({ ...planOptions(op, plan), token: target.userToken });
  const status = answer.response?.status ?? 0;
  // A 403 may be the token's own scopes, whose names the seed does not show: a warning.
  const verdict = isSuccess(answer) || status === 404 || status === 409 ? true : { message: `a per-user token got ${describeAnswer(answer)}`, part: status === 403 ? ('inferred' as const) : ('documented' as const) };
  recordRule(AUTH_USER_TOKEN, op.operationId, verdict, answer);
}

/**
 * Creates a token (safe: it is revoked again at once), shows it works, revokes it and shows the
 * next request with it gets 401. Needs the contract's token operations (inferred paths).
 */
export async function checkRevocation(probe: SuiteOperation): Promise<void> {
  const { client, contract } = suite();
  const create = contract.byId.get('createApiToken');
  const revoke = contract.byId.get('revokeApiToken');
  const plan = validRequest(probe);
  if (!create || !revoke || !plan) {
    notApplicable(AUTH_REVOKED, undefined, 'the contract has no token create/revoke operations');
    return;
  }
  const created: Answer = await client.send({ op: create, json: { name: 'conformance revocation check', permissions: ['*'] } });
  if (!isSuccess(created)) {
    notApplicable(AUTH_REVOKED, create.operationId, `a token could not be created to revoke (${describeAnswer(created)})`);
    return;
  }
  const read = readResource<{ uuid: unknown; token: unknown }>(create, created.response?.status ?? 0, created.json, ['uuid', 'token']);
  if (!read.ok || typeof read.value.uuid !== 'string' || typeof read.value.token !== 'string') {
    inconclusive(AUTH_REVOKED, create.operationId, read.ok ? 'the created token has no string uuid and token' : read.reason, created);
    return;
  }
  const data = { uuid: read.value.uuid, token: read.value.token };
  const before = await client.send({ ...planOptions(probe, plan), token: data.token });
  const revoked = await client.send({ op: revoke, pathParams: { uuid: data.uuid } });
  const after = await client.send({ ...planOptions(probe, plan), token: data.token });
  if (!isSuccess(before) || !isSuccess(revoked)) {
    notApplicable(AUTH_REVOKED, probe.operationId, `the new token did not work (${describeAnswer(before)}) or could not be revoked (${describeAnswer(revoked)})`);
    return;
  }
  recordRule(AUTH_REVOKED, probe.operationId, expectStatus(after, probe, 'the first request after revocation', 401, ['INVALID_AUTH_TOKEN']), after);
}
