// The self-test, part 1 of SELF_TEST_SHARDS (test/conformance/self-test-run.ts).
import { describe } from 'vitest';
import { itCatchesShard } from './self-test-run.ts';

describe('the self-test', () => {
  itCatchesShard(1);
});
