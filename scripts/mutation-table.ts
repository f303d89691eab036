// Which conformance tests judge a mutant of each folder of mock/ (issue 25). A mutant of a file is
// run against the suite narrowed to the rules of the file's group: `--parts` and `--only` (a vitest
// test-name pattern, as the self-test's cases use), so a mutant costs one narrowed run, seconds,
// not the whole suite. The longest matching `path` wins (a file may have its own entry); a folder
// with no entry of its own runs the whole suite (`WHOLE_SUITE`), the safe default.
// test/scripts/mutation-config.test.ts keeps every folder of mock/ with code covered.

export interface SuiteSlice {
  /** A folder of mock/ with its trailing slash, or one file. */
  path: string;
  /** The rule groups of the catalogue a surviving mutant here would break (for the report). */
  rules: string;
  /** Suite parts to run; undefined for all. */
  parts?: readonly string[];
  /** Test-name pattern (vitest's -t); undefined for every test of the parts. */
  only?: string;
  /** Why the folder has no rules of the document (it is not mutated by default). */
  noRules?: string;
}

/** The whole suite: the safe default for a folder without a narrower slice. */
export const WHOLE_SUITE: Omit<SuiteSlice, 'path'> = { rules: 'every rule group' };

const model = (title: string): string => `model: (${title})`;

export const SUITE_TABLE: readonly SuiteSlice[] = [
  // Cross-cutting rules: the tests the self-test's cross-cutting cases narrow to.
  {
    path: 'mock/pipeline/',
    rules: 'auth, errors, limits, envelope, endpoints, time (cross-cutting)',
    parts: ['operations', 'negative', 'auth', 'time', 'stateful'],
    only:
      'listCalls: contract examples|createCoachingAgent: generated invalid requests|createApiToken: authentication|' +
      'createCoachingAgent: authentication|per-user token|revoked token|zone selection|model: outbound',
  },
  {
    path: 'mock/pipeline/prefer.ts',
    rules: 'endpoints.answer (Prefer: documented statuses and examples)',
    parts: ['operations'],
    only: 'listCalls: contract examples|createCoachingAgent: contract examples',
  },
  {
    path: 'mock/pipeline/timezone.ts',
    rules: 'time (zone header, query, profile and workspace zone, fallback)',
    parts: ['time'],
    only: 'zone selection',
  },
  {
    path: 'mock/time/',
    rules: 'time (zones, offsets, wall times)',
    parts: ['time', 'operations'],
    only: 'zone selection|never shifted|without offset|listCalls: contract examples',
  },
  { path: 'mock/resources/agent-channels/', rules: 'agent channels', parts: ['stateful'], only: model('agent channel bindings') },
  { path: 'mock/resources/agent-intents/', rules: 'agent intents', parts: ['stateful'], only: model('agent intents') },
  { path: 'mock/resources/agent-parts/', rules: 'agent parts', parts: ['stateful'], only: model('agent parts') },
  { path: 'mock/resources/agent-rules/', rules: 'agent rules', parts: ['stateful'], only: model('agent rules') },
  { path: 'mock/resources/agents/', rules: 'agents', parts: ['stateful'], only: model('agents core') },
  { path: 'mock/resources/analytics/', rules: 'analytics', parts: ['stateful'], only: model('analytics export') },
  { path: 'mock/resources/appointments/', rules: 'appointments', parts: ['stateful'], only: model('appointments') },
  { path: 'mock/resources/assistant/', rules: 'assistant channels', parts: ['stateful'], only: model('assistant') },
  { path: 'mock/resources/builder-agents/', rules: 'builder agents', parts: ['stateful'], only: model('builder agents') },
  { path: 'mock/resources/builders/', rules: 'builders', parts: ['stateful'], only: model('builders') },
  { path: 'mock/resources/calls/', rules: 'calls', parts: ['stateful'], only: model('calls') },
  { path: 'mock/resources/campaigns/', rules: 'campaigns', parts: ['stateful'], only: model('campaign|template settings') },
  { path: 'mock/resources/coaching/', rules: 'coaching agents', parts: ['stateful'], only: model('coaching agents') },
  { path: 'mock/resources/contacts/', rules: 'contacts, contact fields', parts: ['stateful'], only: model('contacts|contact fields') },
  {
    path: 'mock/resources/conversations/',
    rules: 'conversations, replies, events',
    parts: ['stateful'],
    only: model('conversation replies|record details|events'),
  },
  { path: 'mock/resources/data-tables/', rules: 'data tables', parts: ['stateful'], only: model('data tables') },
  { path: 'mock/resources/evaluations/', rules: 'evaluations', parts: ['stateful'], only: model('evaluations') },
  { path: 'mock/resources/flows/', rules: 'flows', parts: ['stateful'], only: model('flow') },
  { path: 'mock/resources/listings/', rules: 'listings', parts: ['stateful'], only: model('listings') },
  {
    path: 'mock/resources/logs/',
    rules: 'logs (feeds, filters, masking)',
    parts: ['stateful', 'negative'],
    only: `${model('log feeds')}|action log filters`,
  },
  { path: 'mock/resources/messaging/', rules: 'outbound sends, replies', parts: ['stateful'], only: model('outbound|conversation replies') },
  {
    path: 'mock/resources/phone-numbers/',
    rules: 'phone numbers, rates',
    parts: ['stateful'],
    only: model('phone numbers|phone number channels|rates'),
  },
  { path: 'mock/resources/pools/', rules: 'pools', parts: ['stateful'], only: model('pools') },
  { path: 'mock/resources/queues/', rules: 'queues', parts: ['stateful'], only: model('queues') },
  { path: 'mock/resources/rules/', rules: 'rules', parts: ['stateful'], only: model('rules') },
  { path: 'mock/resources/tasks/', rules: 'tasks', parts: ['stateful'], only: model('tasks') },
  { path: 'mock/resources/transcriptions/', rules: 'transcriptions', parts: ['stateful'], only: model('transcriptions') },
  {
    path: 'mock/resources/webhooks/',
    rules: 'webhooks, events',
    parts: ['stateful'],
    only: model('events|webhook subscriptions|log feeds'),
  },
  { path: 'mock/resources/whatsapp/', rules: 'whatsapp templates', parts: ['stateful'], only: model('whatsapp templates') },
  {
    path: 'mock/resources/tokens/',
    rules: 'auth (tokens, revocation, per-user tokens)',
    parts: ['auth'],
    only: 'createApiToken: authentication|revoked token|per-user token',
  },
  { path: 'mock/resources/schedules/', rules: 'appointments, schedules', parts: ['stateful'], only: model('appointments') },
  // Folders whose rules span groups (paging and collection helpers, evaluate settings read by
  // several groups, the state store): the whole suite.
  { path: 'mock/resources/shared/', ...WHOLE_SUITE },
  { path: 'mock/resources/evaluate/', ...WHOLE_SUITE },
  { path: 'mock/resources/', ...WHOLE_SUITE },
  { path: 'mock/state/', ...WHOLE_SUITE },
  { path: 'mock/core/', ...WHOLE_SUITE },
  { path: 'mock/contract/', ...WHOLE_SUITE },
  { path: 'mock/platform/', ...WHOLE_SUITE },
  { path: 'mock/adapters/', ...WHOLE_SUITE },
  { path: 'mock/delivery/', rules: 'events, webhooks', parts: ['stateful'], only: model('events|webhook subscriptions|transcriptions') },
  // No rule of the API document lives here.
  { path: 'mock/control/', rules: '', noRules: "the mock's own control API, not part of the API document" },
  { path: 'mock/docs/', rules: '', noRules: 'the API reference pages the mock serves, not part of the API document' },
  { path: 'mock/', ...WHOLE_SUITE },
];

/** The slice of the suite that judges mutants of `file` (a path relative to the project root). */
export function sliceFor(file: string): SuiteSlice {
  const normalized = file.replaceAll('\\', '/').replace(/^\.\//, '');
  let best: SuiteSlice | undefined;
  for (const slice of SUITE_TABLE) {
    const hit = slice.path.endsWith('/') ? normalized.startsWith(slice.path) : normalized === slice.path;
    if (hit && (best === undefined || slice.path.length > best.path.length)) best = slice;
  }
  return best ?? { path: 'mock/', ...WHOLE_SUITE };
}

/** Quote one argument for the POSIX shell Stryker's command runner uses. */
function shellQuote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

export interface SuiteCommandOptions {
  node: string;
  seed: number;
  profile?: string;
}

/**
 * The command Stryker's command runner runs for every mutant of a slice, in the sandbox: the
 * conformance CLI against the mock it starts itself (full mode), a fixed seed so a mutant's verdict
 * does not depend on the draw; exit 0 (PASS) means the mutant survived, anything else killed it.
 */
export function suiteCommand(slice: Omit<SuiteSlice, 'path'>, options: SuiteCommandOptions): string {
  const args = [shellQuote(options.node), 'conformance/cli.ts', '--seed', String(options.seed), '--report-dir', '.mutation-suite-reports'];
  if (options.profile !== undefined) args.push('--profile', shellQuote(options.profile));
  if (slice.parts !== undefined) args.push('--parts', shellQuote(slice.parts.join(',')));
  if (slice.only !== undefined) args.push('--only', shellQuote(slice.only));
  return args.join(' ');
}
