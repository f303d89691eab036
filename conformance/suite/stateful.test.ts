// Model-based tests (fast-check asyncModelRun): each resource group's model runs command
// sequences against the service and compares what it sees with the model. Models that change
// state run only in the modes that allow it.
import { describe } from 'vitest';
import { MODELS } from '../models/index.ts';
import { recorder } from '../record/recorder.ts';
import { checkConcurrentCalls } from '../rules/concurrent-calls.ts';
import { checkGeneralLimit } from '../rules/general-limit.ts';
import { allowedIn } from '../run/modes.ts';
import { conformanceTest, suite } from './context.ts';

const { target } = suite();
const effect = { readonly: 'read', safe: 'reversible-create', full: 'cost' } as const;

describe('stateful', () => {
  for (const model of MODELS) {
    conformanceTest(`model: ${model.title}`, async () => {
      if (allowedIn(target.mode, effect[model.mode])) await model.run();
      else recorder.note(`model ${model.group}`, `not run in ${target.mode} mode (needs --mode ${model.mode})`);
    });
  }

  // Last, as they exceed the workspace's limits on purpose (the mock, or --stress).
  conformanceTest('limits: general rate, 1000 requests per minute', () => checkGeneralLimit());
  conformanceTest('limits: concurrent calls, 50 simultaneous', () => checkConcurrentCalls());
});
