// Agents themselves: create (with nested sections), read and partial update, derived from the
// collection declaration (agent-collection.ts); the appointment settings replace; and the job that
// generates an agent from a website on the mock clock (website-job.ts). An unknown agent or job is
// a 404, rendered in Shape A for agent operations (seed "Errors", "agent not found").
import type { HandlerGroup } from '../../core/handler.ts';
import { errors } from '../../pipeline/api-error.ts';
import { collectionHandlers } from '../shared/collection.ts';
import { findOr404, newUuid } from '../shared/lookup.ts';
import { AGENTS } from './agent-collection.ts';
import { scheduleAssignments } from './agent-input.ts';
import { agentView } from './agent-view.ts';
import { type AgentWebsiteJobRecord, jobView, settleWebsiteJobs } from './website-job.ts';

/** The body of createAgentFromWebsite as its schema's object branch types it. */
interface WebsiteInput {
  source_url?: string | null;
  analysis_prompt?: string | null;
  language?: string;
  search_country?: string | null;
  search_region?: string | null;
  search_city?: string | null;
  search_latitude?: number | null;
  search_longitude?: number | null;
}

const NEVER_COMPLETES = 'agent-website-job-never-completes';

export const agentCoreHandlers = {
  ...collectionHandlers(AGENTS, { create: 'createAgent', read: 'getAgent', update: 'updateAgent' }),

  // Published: `enabled` and `random_assignment` set the agent's scheduling flags (an absent one
  // keeps it) and the assignments sent replace the agent's. Every schedule is checked first. The
  // fault agent-appointments-keeps-old appends the new assignments to the old ones.
  replaceAgentAppointments: ({ ws, path, body, now, faults }) => {
    settleWebsiteJobs(ws, now, faults.has(NEVER_COMPLETES));
    const agent = findOr404(ws.agents, path.uuid, 'Agent');
    const assignments = scheduleAssignments(ws, body.schedule_assignments ?? [], 'schedule_assignments');
    if (body.enabled !== undefined) agent.appointment_scheduling_enabled = body.enabled;
    if (body.random_assignment !== undefined) agent.appointment_scheduling_randomly = body.random_assignment;
    agent.schedule_assignments = faults.has('agent-appointments-keeps-old') ? [...(agent.schedule_assignments ?? []), ...assignments] : assignments;
    return { status: 200 as const, body: { data: agentView(ws, agent) } };
  },

  // Published: a URL (or, without one, a research prompt) is needed; 422 otherwise.
  createAgentFromWebsite: ({ ws, body: sent, now, faults }) => {
    // The contract's `anyOf` (a URL or a prompt) leaves the generated body type open: the object branch is the body.
    const body = sent as WebsiteInput;
    const sourceUrl = body.source_url ?? null;
    const prompt = body.analysis_prompt ?? null;
    if (sourceUrl === null && (prompt === null || prompt.trim() === '')) {
      // The error names the field the request sent (a blank prompt or a null URL), else source_url.
      const field = body.source_url === undefined && body.analysis_prompt !== undefined ? 'analysis_prompt' : 'source_url';
      throw errors.validation('VALIDATION_ERROR', 'Send source_url, or a non-blank analysis_prompt for a prompt-only analysis.', field);
    }
    const job: AgentWebsiteJobRecord = {
      uuid: newUuid(),
      source_url: sourceUrl,
      language: body.language ?? 'en',
      analysis_prompt: prompt,
      search_country: body.search_country ?? null,
      search_region: body.search_region ?? null,
      search_city: body.search_city ?? null,
      search_latitude: body.search_latitude ?? null,
      search_longitude: body.search_longitude ?? null,
      agent_uuid: null,
      created_at: now,
    };
    ws.agent_website_jobs.push(job);
    return { status: 201 as const, body: { success: true as const, message: 'Agent generation started', data: jobView(job, now, faults.has(NEVER_COMPLETES)) } };
  },

  getAgentFromWebsiteJob: ({ ws, path, now, faults }) => {
    const neverCompletes = faults.has(NEVER_COMPLETES);
    settleWebsiteJobs(ws, now, neverCompletes);
    const job = findOr404(ws.agent_website_jobs, path.jobUuid.toLowerCase(), 'Job');
    return { status: 200 as const, body: { success: true as const, message: 'Agent generation job retrieved', data: jobView(job, now, neverCompletes) } };
  },
} satisfies HandlerGroup;
