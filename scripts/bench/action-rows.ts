// Generated rows of the actions feed, for the bench (`--part logs`) and the scale test: `rows`
// ActionLogRecords (workflow runs, intents and tasks of past campaigns, in a fixed mix) spread over
// [from, to), deterministic from `seed`, about one in 50 sharing its instant with another row (the
// feed orders those by uuid). Strings repeat between rows where they would in a real feed.
import { prng } from '../../mock/core/prng.ts';
import type { ActionLogRecord } from '../../mock/resources/logs/records.ts';

const TYPES = ['workflow', 'intent', 'intent', 'task'] as const;
const STATUSES = ['success', 'failed', 'completed', 'running'] as const;
const NAMES = ['book_appointment', 'transfer_call', 'New lead to CRM', 'Nightly export', 'Reminder call'] as const;

const HEX = [...'0123456789abcdef'].map((c) => c.charCodeAt(0));
const codes = new Array<number>(36);

/** A uuid-shaped string from the PRNG, built flat (concatenation would leave a rope of 36 pieces). */
function uuid(random: () => number): string {
  let k = 0;
  for (let i = 0; i < 32; i++) {
    codes[k++] = HEX[Math.floor(random() * 16)] as number;
    if (i === 7 || i === 11 || i === 15 || i === 19) codes[k++] = 45;
  }
  return String.fromCharCode(...codes);
}

export function actionRows(rows: number, seed: number, from: Date, to: Date): ActionLogRecord[] {
  const random = prng(seed);
  const span = to.getTime() - from.getTime();
  const out: ActionLogRecord[] = [];
  let previous = from.getTime();
  for (let i = 0; i < rows; i++) {
    const type = TYPES[Math.floor(random() * TYPES.length)] as ActionLogRecord['type'];
    const at = random() < 0.02 ? previous : from.getTime() + Math.floor(random() * span);
    previous = at;
    const created = new Date(at);
    out.push({
      uuid: uuid(random),
      type,
      name: NAMES[Math.floor(random() * NAMES.length)] as string,
      description: 'A generated row of the actions feed',
      status: STATUSES[Math.floor(random() * STATUSES.length)] as string,
      channel: type === 'workflow' ? null : 'call',
      channel_id: type === 'workflow' ? null : 1,
      duration_ms: Math.floor(random() * 5000),
      created_at: created,
      agent_uuid: null,
      contact_uuid: null,
      customer_number: null,
      campaign_uuid: null,
      conversation_uuid: null,
      session_uuid: null,
      started_at: created,
      completed_at: created,
      request: null,
      response: null,
      error: null,
      steps: null,
    });
  }
  return out;
}
