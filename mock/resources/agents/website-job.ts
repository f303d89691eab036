// A job generating an agent from a website (or a research prompt) on the mock clock: `pending` for
// PENDING_MS after it is accepted, `processing` for PROCESSING_MS, then `completed`. The agent is
// created at the finish instant when the workspace is next settled (every agents handler settles
// first), so advancing the clock makes it appear in the agents list. The fault
// `agent-website-job-never-completes` keeps every job processing for ever.
import type { Agent, Schemas, WorkspaceState } from '../../state/workspace.ts';
import { newUuid } from '../shared/lookup.ts';

export const PENDING_MS = 2_000;
export const PROCESSING_MS = 8_000;

export interface AgentWebsiteJobRecord {
  uuid: string;
  source_url: string | null;
  language: string;
  analysis_prompt: string | null;
  search_country: string | null;
  search_region: string | null;
  search_city: string | null;
  search_latitude: number | null;
  search_longitude: number | null;
  /** The agent the job created; null until it completes. */
  agent_uuid: string | null;
  created_at: Date;
}

type JobView = Schemas['AgentWebsiteJob'];

export function finishedAt(job: Pick<AgentWebsiteJobRecord, 'created_at'>): Date {
  return new Date(job.created_at.getTime() + PENDING_MS + PROCESSING_MS);
}

export function statusAt(job: AgentWebsiteJobRecord, now: Date, neverCompletes: boolean): JobView['status'] {
  if (now.getTime() < job.created_at.getTime() + PENDING_MS) return 'pending';
  if (neverCompletes || now < finishedAt(job)) return 'processing';
  return 'completed';
}

/** The host a job analyses, or null for a prompt-only job. */
function hostOf(job: AgentWebsiteJobRecord): string | null {
  if (job.source_url === null) return null;
  try {
    return new URL(job.source_url).hostname.replace(/^www\./, '');
  } catch {
    return null;
  }
}

function analysisOf(job: AgentWebsiteJobRecord): string | null {
  return job.analysis_prompt === null ? null : `Analysis of ${hostOf(job) ?? 'the research prompt'}: ${job.analysis_prompt.slice(0, 200)}`;
}

function generatedAgent(job: AgentWebsiteJobRecord, uuid: string): Agent {
  const host = hostOf(job);
  const subject = host ?? 'the research prompt';
  return {
    uuid,
    name: host ? `${host} assistant` : 'Research assistant',
    description: `Generated from ${job.source_url ?? 'a research prompt'}.`,
    company_name: host,
    role: 'Customer assistant',
    objective: `Answer questions about ${subject}.`,
    status: 'pending',
    language: job.language,
    recommendations: analysisOf(job),
    settings: { voice: {}, text: {}, memorize: {}, evaluation: {} },
    guidelines: [],
    notes: [],
    procedures: [],
    training: [],
    channels: { call: null, sms: null, whatsapp: null, email: null, instagram: null, messenger: null },
  };
}

/** Creates the agents of jobs finished by `now` (once each). */
export function settleWebsiteJobs(ws: WorkspaceState, now: Date, neverCompletes: boolean): void {
  if (neverCompletes) return;
  for (const job of ws.agent_website_jobs) {
    if (job.agent_uuid !== null || now < finishedAt(job)) continue;
    const uuid = newUuid();
    ws.agents.push(generatedAgent(job, uuid));
    job.agent_uuid = uuid;
  }
}

export function jobView(job: AgentWebsiteJobRecord, now: Date, neverCompletes: boolean): JobView {
  const status = statusAt(job, now, neverCompletes);
  const done = status === 'completed';
  return {
    job_uuid: job.uuid,
    status,
    source_url: job.source_url,
    language: job.language,
    analysis_prompt: job.analysis_prompt,
    search_country: job.search_country,
    search_region: job.search_region,
    search_city: job.search_city,
    search_latitude: job.search_latitude,
    search_longitude: job.search_longitude,
    agent_uuid: done ? job.agent_uuid : null,
    additional_analysis: done ? analysisOf(job) : null,
    created_at: job.created_at,
    completed_at: done ? finishedAt(job) : null,
  } as JobView;
}
