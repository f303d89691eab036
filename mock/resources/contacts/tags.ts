// Tagging a contact (published API: POST /api/v1/contacts/{uuid}/add-tag and /remove-tag with
// `tag_id`). A tag is named by its integer `tag_id`, its `tag_uuid` or its `name` (inferred); a
// name no tag has creates the tag on an add. A tag the contact carries stays once; removing one it
// does not carry changes nothing; the tag itself stays in the workspace.
import { errors } from '../../pipeline/api-error.ts';
import type { WorkspaceState } from '../../state/workspace.ts';
import { newUuid } from '../shared/lookup.ts';
import type { ContactTagRecord } from './contact-record.ts';

export interface TagRef {
  tag_id?: number;
  tag_uuid?: string;
  name?: string;
}

/** The tag a body names; a name no tag has is created when `create` (an add), else a 422 naming the field. */
export function resolveTag(ws: WorkspaceState, ref: TagRef, create: boolean): ContactTagRecord {
  if (ref.tag_id !== undefined) {
    const tag = ws.contact_tags.find((t) => t.id === ref.tag_id);
    if (!tag) throw errors.validation('VALIDATION_ERROR', `No tag with the id ${ref.tag_id} exists in this workspace.`, 'tag_id');
    return tag;
  }
  if (ref.tag_uuid !== undefined) {
    const wanted = ref.tag_uuid.toLowerCase();
    const tag = ws.contact_tags.find((t) => t.uuid.toLowerCase() === wanted);
    if (!tag) throw errors.validation('VALIDATION_ERROR', `No tag ${ref.tag_uuid} exists in this workspace.`, 'tag_uuid');
    return tag;
  }
  const name = (ref.name ?? '').trim();
  const found = ws.contact_tags.find((t) => t.name.toLowerCase() === name.toLowerCase());
  if (found) return found;
  if (!create || name === '') throw errors.validation('VALIDATION_ERROR', `No tag named ${name} exists in this workspace.`, 'name');
  const tag: ContactTagRecord = { id: ws.contact_tags.reduce((max, t) => Math.max(max, t.id), 0) + 1, uuid: newUuid(), name };
  ws.contact_tags.push(tag);
  return tag;
}
