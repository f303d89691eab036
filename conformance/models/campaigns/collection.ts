// The campaigns collection as the suite certifies it (published API: list, create, read, update,
// delete): a created campaign reads back as sent and is listed, an update changes only the fields
// it sends, a deleted campaign reads 404 and leaves the list. The campaigns are Draft email
// campaigns bound to no agent, so nothing is sent.
import type { CollectionSpec } from '../collections/collection-spec.ts';

export const CAMPAIGNS_COLLECTION: CollectionSpec = {
  group: 'campaigns',
  noun: 'campaign',
  check: {
    name: 'campaigns-collection',
    rule: 'published API "Campaigns": a created campaign reads back as sent and is listed, an update changes only the fields it sends, a deleted campaign reads 404 and leaves the list',
  },
  mode: 'full',
  ops: { list: 'listCampaigns', create: 'createCampaign', read: 'getCampaign', update: 'updateCampaign', remove: 'deleteCampaign' },
  createBody: async (tag) => ({ name: `Conformance campaign ${tag}`, description: 'Created by the conformance suite', status: 'Draft', start_date: '2027-05-01', end_date: '2027-05-31' }),
  updateBody: (tag) => ({ name: `Conformance campaign ${tag} renamed`, description: 'Renamed by the conformance suite' }),
};
