// A WhatsApp template as the workspace keeps it: the fields a template setting shows, and for a
// template created through the API the rest of the published template (components, content, Meta's
// template id, the channel's number, instants) and the instant its review passes. Fixture templates
// may carry only the first six fields; answers fill the rest (templates.ts).
import type { Schemas } from '../../state/workspace.ts';

export type WhatsappTemplateRecord = Schemas['WhatsappTemplate'] & {
  components?: Array<Record<string, unknown>>;
  content?: string;
  template_id?: string;
  phone_number?: string;
  created_at?: Date;
  updated_at?: Date;
  /** When the review of a template created through the API passes (its status becomes APPROVED). */
  review_due_at?: Date;
};
