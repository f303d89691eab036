// WhatsApp templates as the suite certifies them (published create: POST /api/v1/whatsapp/templates;
// the list is inferred): the collection (a created template is listed as sent) and the uniqueness
// of name and language within a business account (a second such template is refused with 409).
import type { RuleCheck } from '../../record/rule.ts';
import type { CollectionSpec } from '../collections/collection-spec.ts';

/** The business account the suite's templates are created under (a test account). */
export const CONFORMANCE_WABA = '100000000000001';

export const WHATSAPP_TEMPLATES_COLLECTION: CollectionSpec = {
  group: 'whatsapp-templates',
  noun: 'WhatsApp template',
  check: {
    name: 'whatsapp-templates-collection',
    rule: 'published API "WhatsApp templates": a created template is answered and listed as sent',
  },
  mode: 'full',
  ops: { list: 'listWhatsappTemplates', create: 'createWhatsappTemplate' },
  createBody: async (tag) => ({
    name: `conformance_${tag.toLowerCase().replace(/[^a-z0-9]/g, '_')}`,
    language: 'en_US',
    category: 'UTILITY',
    waba_id: CONFORMANCE_WABA,
    components: [{ type: 'BODY', text: 'Your order {{1}} is confirmed.' }],
  }),
};

export const WHATSAPP_TEMPLATE_UNIQUE: RuleCheck = {
  name: 'whatsapp-template-unique',
  rule: 'published API "WhatsApp templates": a template name is unique per name and language within the business account; a second one is refused (409, inferred) and not listed',
};
