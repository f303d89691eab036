// Runs the WhatsApp templates model: the collection derived from its declaration (model.ts), then
// the uniqueness of name and language: the same body twice, the second refused with 409 and the
// template listed once.
import { inconclusive, recordRule } from '../../record/rule.ts';
import { describeAnswer, isSuccess } from '../../rules/verdicts.ts';
import { suite } from '../../suite/context.ts';
import { listOf } from '../answer-fields.ts';
import { runCollectionModel } from '../collections/run.ts';
import { runScenario } from '../model-kit.ts';
import { CONFORMANCE_WABA, WHATSAPP_TEMPLATE_UNIQUE, WHATSAPP_TEMPLATES_COLLECTION } from './model.ts';

const CHECK = WHATSAPP_TEMPLATE_UNIQUE;

async function checkUnique(): Promise<void> {
  const { client } = suite();
  const op = client.op('createWhatsappTemplate');
  const name = `conformance_unique_${Date.now().toString(36)}`;
  const body = { name, language: 'en_US', category: 'UTILITY', waba_id: CONFORMANCE_WABA, components: [{ type: 'BODY', text: 'Hello {{1}}.' }] };
  const first = await client.send({ op, json: body });
  if (!isSuccess(first)) return inconclusive(CHECK, op.operationId, `creating the first template answered ${describeAnswer(first)}`, first);
  const second = await client.send({ op, json: { ...body, category: 'MARKETING' } });
  if (second.response?.status !== 409) {
    // Accepting the duplicate breaks the published uniqueness; refusing it with another status only the inferred 409.
    const part = isSuccess(second) ? 'published' : 'inferred';
    return void recordRule(CHECK, op.operationId, { message: `a second template ${name} (en_US) in business account ${CONFORMANCE_WABA} answered ${describeAnswer(second)}, not 409`, part }, second);
  }
  const listOp = client.op('listWhatsappTemplates');
  const listed = await client.send({ op: listOp, query: { waba_id: CONFORMANCE_WABA, language: 'en_US', per_page: '100' } });
  if (!isSuccess(listed)) return inconclusive(CHECK, listOp.operationId, `listing the templates answered ${describeAnswer(listed)}`, listed);
  const page = listOf<{ name: string }>(listOp, listed, ['name']);
  if (!page.ok) return inconclusive(CHECK, listOp.operationId, page.reason, listed);
  const count = page.value.items.filter((t) => t.name === name).length;
  recordRule(CHECK, listOp.operationId, count === 1 ? true : { message: `template ${name} (en_US) is listed ${count} times after a refused duplicate`, part: 'published' }, listed);
}

export async function runWhatsappTemplatesModel(): Promise<void> {
  await runCollectionModel(WHATSAPP_TEMPLATES_COLLECTION);
  await runScenario(checkUnique);
}
