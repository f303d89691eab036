// The agent rules as scenarios over HTTP: a create keeps its nested sections (guidelines in
// order, procedure steps, training) and the list shows them; a website job completes once its
// time has passed and its agent is then listed; replacing the appointment settings replaces the
// schedule assignments instead of adding to them.
import { randomUUID } from 'node:crypto';
import { inconclusive, type RuleCheck, requireRule } from '../../record/rule.ts';
import { expectStatus, isSuccess } from '../../rules/verdicts.ts';
import { newSchedule } from '../appointments/collection.ts';
import { listOf, resourceOf, stringOf } from '../answer-fields.ts';
import type { Real } from '../model-kit.ts';
import { passTime } from '../pass-time.ts';

export const AGENT_CREATE_SECTIONS: RuleCheck = {
  name: 'agent-create-sections',
  rule: 'published API "Create an agent": the nested sections sent (guidelines, notes, procedures with steps, training) are saved, read back and listed',
};
export const AGENT_WEBSITE_JOB: RuleCheck = {
  name: 'agent-website-job-completes',
  rule: 'contract (inferred): a website agent job completes with the created agent once its time has passed, and the agent is then listed',
};
export const AGENT_APPOINTMENTS_REPLACE: RuleCheck = {
  name: 'agent-appointments-replace',
  rule: 'published API "Replace agent appointment settings and schedule assignments": the assignments sent replace the agent\'s',
};

/** How long a website job may take before the check expects it completed (the mock's 10 s, with margin). */
const WEBSITE_JOB_MS = 15_000;

interface SectionsShown {
  agent_uuid: string;
  guidelines: Array<{ content: string }>;
  notes: Array<{ content: string }>;
  procedures: Array<{ name: string; steps: Array<{ description: string }> }>;
  training: Array<{ content: string; response: string }>;
}

/** What of the sections sent an agent shows wrongly (empty when it shows them all). */
function sectionProblems(agent: SectionsShown, tag: string): string[] {
  const problems: string[] = [];
  const guidelines = (agent.guidelines ?? []).map((g) => g.content);
  if (JSON.stringify(guidelines) !== JSON.stringify([`First ${tag}`, `Second ${tag}`])) problems.push(`guidelines ${JSON.stringify(guidelines)}`);
  if ((agent.notes ?? []).length !== 1) problems.push(`notes ${JSON.stringify(agent.notes)}`);
  const steps = agent.procedures?.[0]?.steps?.map((s) => s.description) ?? [];
  if (JSON.stringify(steps) !== JSON.stringify(['Ask', 'Offer'])) problems.push(`procedure steps ${JSON.stringify(steps)}`);
  if (agent.training?.[0]?.response !== `Answer ${tag}`) problems.push(`training ${JSON.stringify(agent.training)}`);
  return problems;
}

export async function checkCreateSections(real: Real): Promise<void> {
  const tag = randomUUID().slice(0, 8);
  const create = real.client.op('createAgent');
  const made = await real.client.send({
    op: create,
    json: {
      name: `Conformance sections ${tag}`,
      guidelines: [
        { content: `Second ${tag}`, order: 1 },
        { content: `First ${tag}`, order: 0 },
      ],
      notes: [{ content: `Note ${tag}`, order: 0 }],
      procedures: [{ name: `Procedure ${tag}`, steps: [{ order: 2, description: 'Offer' }, { order: 1, description: 'Ask' }] }],
      training: [{ content: `Question ${tag}`, intent: 'conformance', response: `Answer ${tag}` }],
    },
  });
  requireRule(AGENT_CREATE_SECTIONS, create.operationId, expectStatus(made, create, 'creating an agent with sections', 201, undefined, 'published'), made);
  const shown = resourceOf<SectionsShown>(create, made, ['agent_uuid']);
  if (!shown.ok) return inconclusive(AGENT_CREATE_SECTIONS, create.operationId, shown.reason, made);
  const wrong = sectionProblems(shown.value, tag);
  requireRule(AGENT_CREATE_SECTIONS, create.operationId, wrong.length === 0 ? true : { message: `the created agent shows ${wrong.join(', ')}`, part: 'published' }, made);
  const list = real.client.op('listAgents');
  const answer = await real.client.send({ op: list });
  const items = listOf<SectionsShown>(list, answer, ['agent_uuid']);
  if (!items.ok) return inconclusive(AGENT_CREATE_SECTIONS, list.operationId, items.reason, answer);
  const listed = items.value.items.find((a) => a.agent_uuid === shown.value.agent_uuid);
  const problems = listed ? sectionProblems(listed, tag) : ['the agent missing'];
  requireRule(AGENT_CREATE_SECTIONS, list.operationId, problems.length === 0 ? true : { message: `the agents list shows ${problems.join(', ')}`, part: 'published' }, answer);
}

export async function checkWebsiteJob(real: Real): Promise<void> {
  const create = real.client.op('createAgentFromWebsite');
  const started = await real.client.send({ op: create, json: { source_url: 'https://example.com', language: 'en' } });
  requireRule(AGENT_WEBSITE_JOB, create.operationId, expectStatus(started, create, 'starting a website agent job', 201, undefined, 'inferred'), started);
  const job = stringOf(create, started, 'job_uuid');
  if (!job.ok) return inconclusive(AGENT_WEBSITE_JOB, create.operationId, job.reason, started);
  await passTime(WEBSITE_JOB_MS);
  const read = real.client.op('getAgentFromWebsiteJob');
  const answer = await real.client.send({ op: read, pathParams: { jobUuid: job.value } });
  requireRule(AGENT_WEBSITE_JOB, read.operationId, expectStatus(answer, read, 'reading the job', 200, undefined, 'inferred'), answer);
  if (!isSuccess(answer)) return;
  const status = stringOf(read, answer, 'status');
  const agent = stringOf(read, answer, 'agent_uuid');
  const done = status.ok && status.value === 'completed' && agent.ok;
  requireRule(AGENT_WEBSITE_JOB, read.operationId, done ? true : { message: `after ${WEBSITE_JOB_MS} ms the job is ${status.ok ? status.value : '?'} without an agent`, part: 'inferred' }, answer);
  if (!done || !agent.ok) return;
  const list = real.client.op('listAgents');
  const listed = await real.client.send({ op: list });
  const items = listOf<{ agent_uuid: string }>(list, listed, ['agent_uuid']);
  if (!items.ok) return inconclusive(AGENT_WEBSITE_JOB, list.operationId, items.reason, listed);
  const found = items.value.items.some((a) => a.agent_uuid === agent.value);
  requireRule(AGENT_WEBSITE_JOB, list.operationId, found ? true : { message: `the agents list lacks the job's agent ${agent.value}`, part: 'inferred' }, listed);
}

export async function checkAppointmentsReplace(real: Real): Promise<void> {
  const tag = randomUUID().slice(0, 8);
  const [first, second] = [await newSchedule(real, `${tag}-a`), await newSchedule(real, `${tag}-b`)];
  if (!first || !second) return inconclusive(AGENT_APPOINTMENTS_REPLACE, 'createSchedule', 'the target created no schedules to assign');
  const create = real.client.op('createAgent');
  const made = await real.client.send({ op: create, json: { name: `Conformance appointments ${tag}` } });
  const agent = stringOf(create, made, 'agent_uuid');
  if (!agent.ok) return inconclusive(AGENT_APPOINTMENTS_REPLACE, create.operationId, agent.reason, made);
  const put = real.client.op('replaceAgentAppointments');
  const send = (schedule: string) => real.client.send({ op: put, pathParams: { uuid: agent.value }, json: { enabled: true, schedule_assignments: [{ schedule_uuid: schedule, name: `Assignment ${tag}` }] } });
  const once = await send(first);
  requireRule(AGENT_APPOINTMENTS_REPLACE, put.operationId, expectStatus(once, put, 'assigning a schedule', 200, undefined, 'published'), once);
  const twice = await send(second);
  requireRule(AGENT_APPOINTMENTS_REPLACE, put.operationId, expectStatus(twice, put, 'replacing the assignment', 200, undefined, 'published'), twice);
  const shown = resourceOf<{ schedule_assignments?: Array<{ schedule_uuid: string }> }>(put, twice, ['agent_uuid']);
  if (!shown.ok) return inconclusive(AGENT_APPOINTMENTS_REPLACE, put.operationId, shown.reason, twice);
  const schedules = (shown.value.schedule_assignments ?? []).map((a) => a.schedule_uuid);
  const ok = schedules.length === 1 && schedules[0] === second;
  requireRule(AGENT_APPOINTMENTS_REPLACE, put.operationId, ok ? true : { message: `after the replace the agent is assigned ${JSON.stringify(schedules)}, not [${second}]`, part: 'published' }, twice);
}
