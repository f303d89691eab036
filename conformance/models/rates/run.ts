// Runs the rates model (read-only). It reads the unfiltered rates (up to five pages of 200) as the
// model, runs a fixed query first (the last rate's full prefix, no country: every item must start
// with it), then fast-check's sequences of filtered, paged queries.
import fc from 'fast-check';
import { hasNextPage } from '../../contract/fields.ts';
import type { Answer } from '../../http/client.ts';
import { inconclusive } from '../../record/rule.ts';
import { describeAnswer, isSuccess } from '../../rules/verdicts.ts';
import { suite } from '../../suite/context.ts';
import { fieldOf, listOf } from '../answer-fields.ts';
import { type Real, runModel, runScenario, runSteps } from '../model-kit.ts';
import { ListRatesCommand } from './list-rates.ts';
import { RATE_FILTERS, type RateSample, RatesModel } from './model.ts';

async function readModel(real: Real): Promise<RatesModel | undefined> {
  const op = real.client.op('listPhoneNumberRates');
  const samples: RateSample[] = [];
  let answer: Answer | undefined;
  let total = 0;
  for (let page = 1; page <= 5; page++) {
    answer = await real.client.send({ op, query: { per_page: '200', page: String(page) } });
    if (!isSuccess(answer)) return void inconclusive(RATE_FILTERS, op.operationId, `listing the rates answered ${describeAnswer(answer)}`, answer);
    const list = listOf<RateSample>(op, answer, ['country_code', 'destination_prefix']);
    if (!list.ok) return void inconclusive(RATE_FILTERS, op.operationId, list.reason, answer);
    const totalRead = fieldOf(op, answer, 'total');
    if (!totalRead.ok) return void inconclusive(RATE_FILTERS, op.operationId, totalRead.reason, answer);
    total = Number(totalRead.value);
    samples.push(...list.value.items.map((r) => ({ country_code: String(r.country_code), destination_prefix: String(r.destination_prefix) })));
    if (!hasNextPage(list.value, page, 200)) break;
  }
  if (samples.length === 0) return void inconclusive(RATE_FILTERS, op.operationId, 'the service lists no rates to filter', answer);
  return new RatesModel(samples, total);
}

function rateCommands(): Array<fc.Arbitrary<ListRatesCommand>> {
  return [
    fc
      .record({
        pick: fc.nat(),
        useCountry: fc.boolean(),
        prefixLength: fc.integer({ min: 0, max: 4 }),
        perPage: fc.constantFrom(1, 7, 15, 50, 200),
        page: fc.integer({ min: 1, max: 3 }),
      })
      .map((q) => new ListRatesCommand(q)),
  ];
}

export async function runRatesModel(name: string): Promise<void> {
  const { client, target } = suite();
  const real: Real = { client, tokens: [target.workspaceToken] };
  const model = await readModel(real);
  if (!model) return;
  const last = model.samples.length - 1;
  const full = model.samples[last]?.destination_prefix.length ?? 1;
  await runScenario(() => runSteps(model, real, [new ListRatesCommand({ pick: last, useCountry: false, prefixLength: full, perPage: 50, page: 1 })]));
  await runModel(name, real, { commands: rateCommands(), model: () => model });
}
