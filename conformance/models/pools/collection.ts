// The pools collection as the suite certifies it (published pools API: list, create, update; no
// read or delete is published, so records are judged in the list): a created pool is listed as
// sent, an update changes only the fields it sends.
import type { CollectionSpec } from '../collections/collection-spec.ts';

export const POOLS_COLLECTION: CollectionSpec = {
  group: 'pools',
  noun: 'pool',
  check: {
    name: 'pools-collection',
    rule: 'published API "Pools": a created pool is listed as sent, an update changes only the fields it sends',
  },
  mode: 'full',
  ops: { list: 'listPools', create: 'createPool', update: 'updatePool' },
  createBody: async (tag) => ({ name: `Conformance pool ${tag}`, description: 'Created by the conformance suite', type: 'LIFO', max_retries: 2 }),
  updateBody: (tag) => ({ name: `Conformance pool ${tag} renamed`, type: 'Parallel', max_parallel_items: 4, is_active: false }),
};
