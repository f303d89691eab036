// Contact approvals (seed "What the service does" > Contacts: "Contact approvals are AI-suggested
// contact field updates that wait for human review"; paths and shapes inferred): a paged list with
// `status` and `contact_uuid` filters (the collection kit), and the review: approving applies the
// suggested value to the contact's field (`name`, `phone`, `email` or a custom field's key),
// rejecting leaves the contact as it is; a decided approval is a 409 either way, and nothing changes.
import type { HandlerGroup } from '../../core/handler.ts';
import { errors } from '../../pipeline/api-error.ts';
import type { Contact } from '../../state/workspace.ts';
import { type Collection, type CollectionContext, collectionHandlers, findRecord } from '../shared/collection.ts';
import type { ContactApprovalRecord } from './contact-record.ts';

const approvals: Collection<ContactApprovalRecord> = {
  noun: 'Contact approval',
  records: (ws) => ws.contact_approvals,
  view: (approval) => ({ ...approval }),
  filters: {
    status: (a, status: string) => a.status === status,
    contact_uuid: (a, uuid: string) => a.contact_uuid.toLowerCase() === uuid.toLowerCase(),
  },
  messages: { list: 'Contact approvals retrieved' },
};

/** Writes a field of the contact by its contact field key. */
function applyField(contact: Contact, key: string, value: string, now: Date): void {
  if (key === 'name') contact.name = value;
  else if (key === 'phone') contact.phone = value;
  else if (key === 'email') contact.email = value;
  else contact.custom_fields = { ...contact.custom_fields, [key]: value };
  contact.updated_at = now;
}

function decide(ctx: CollectionContext, status: 'approved' | 'rejected') {
  const approval = findRecord(approvals, ctx);
  if (approval.status !== 'pending') throw errors.conflict('Contact approval already decided', `The approval ${approval.uuid} is already ${approval.status}.`);
  if (status === 'approved') {
    const contact = ctx.ws.contacts.find((c) => c.uuid === approval.contact_uuid);
    if (!contact) throw errors.conflict('Contact gone', `The contact ${approval.contact_uuid} of this approval no longer exists.`);
    applyField(contact, approval.field_key, approval.suggested_value, ctx.now);
  }
  approval.status = status;
  approval.decided_at = ctx.now;
  return { status: 200 as const, body: { success: true, message: `Contact approval ${status}`, data: { ...approval } } };
}

export const approvalHandlers = {
  ...collectionHandlers(approvals, { list: 'listContactApprovals' }),
  approveContactApproval: (ctx: CollectionContext) => decide(ctx, 'approved'),
  rejectContactApproval: (ctx: CollectionContext) => decide(ctx, 'rejected'),
} as Required<Pick<HandlerGroup, 'listContactApprovals' | 'approveContactApproval' | 'rejectContactApproval'>>;
