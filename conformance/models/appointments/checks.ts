// The appointment rules as scenarios over HTTP: a second appointment overlapping the first on the
// same schedule is refused with 409, and an appointment request can be cancelled only while it is
// pending (a second cancel is a 409). Appointments a check books are deleted again.
import { randomUUID } from 'node:crypto';
import { inconclusive, type RuleCheck, requireRule } from '../../record/rule.ts';
import { expectStatus, isSuccess } from '../../rules/verdicts.ts';
import { stringOf } from '../answer-fields.ts';
import type { Real } from '../model-kit.ts';
import { newSchedule, SLOT } from './collection.ts';

export const APPOINTMENT_CONFLICT: RuleCheck = {
  name: 'appointment-slot-conflict',
  rule: 'contract (inferred): an appointment overlapping another live appointment of the same schedule is refused with 409',
};
export const REQUEST_CANCEL_PENDING: RuleCheck = {
  name: 'appointment-request-cancel-pending',
  rule: 'contract (inferred): an appointment request can be cancelled while pending; cancelling it again is a 409',
};

export async function checkAppointmentConflict(real: Real): Promise<void> {
  const tag = randomUUID().slice(0, 8);
  const schedule = await newSchedule(real, tag);
  if (!schedule) return inconclusive(APPOINTMENT_CONFLICT, 'createSchedule', 'the target created no schedule to book on');
  const op = real.client.op('createAppointment');
  const booked: string[] = [];
  try {
    const first = await real.client.send({ op, json: { schedule_uuid: schedule, title: `Conformance ${tag}`, ...SLOT } });
    requireRule(APPOINTMENT_CONFLICT, op.operationId, expectStatus(first, op, 'booking a free slot', 201, undefined, 'published'), first);
    const uuid = stringOf(op, first, 'uuid');
    if (uuid.ok) booked.push(uuid.value);
    const clash = await real.client.send({ op, json: { schedule_uuid: schedule, title: `Conformance clash ${tag}`, ...SLOT } });
    const again = stringOf(op, clash, 'uuid');
    if (isSuccess(clash) && again.ok) booked.push(again.value);
    requireRule(APPOINTMENT_CONFLICT, op.operationId, expectStatus(clash, op, 'booking the same slot on the same schedule', 409, ['CONFLICT'], 'inferred'), clash);
  } finally {
    const remove = real.client.op('deleteAppointment');
    for (const uuid of booked) await real.client.send({ op: remove, pathParams: { uuid } });
  }
}

export async function checkRequestCancelPending(real: Real): Promise<void> {
  const tag = randomUUID().slice(0, 8);
  const schedule = await newSchedule(real, tag);
  if (!schedule) return inconclusive(REQUEST_CANCEL_PENDING, 'createSchedule', 'the target created no schedule to request a slot on');
  const create = real.client.op('createAppointmentRequest');
  const made = await real.client.send({
    op: create,
    json: { schedule_uuid: schedule, title: `Conformance ${tag}`, start_time: SLOT.start_time, contact_name: 'Conformance', contact_email: `conformance+${tag}@example.com` },
  });
  requireRule(REQUEST_CANCEL_PENDING, create.operationId, expectStatus(made, create, 'requesting a slot', 201, undefined, 'published'), made);
  const uuid = stringOf(create, made, 'uuid');
  if (!uuid.ok) return inconclusive(REQUEST_CANCEL_PENDING, create.operationId, uuid.reason, made);
  const cancel = real.client.op('cancelAppointmentRequest');
  const first = await real.client.send({ op: cancel, pathParams: { uuid: uuid.value } });
  requireRule(REQUEST_CANCEL_PENDING, cancel.operationId, expectStatus(first, cancel, 'cancelling the pending request', 200, undefined, 'published'), first);
  const again = await real.client.send({ op: cancel, pathParams: { uuid: uuid.value } });
  requireRule(REQUEST_CANCEL_PENDING, cancel.operationId, expectStatus(again, cancel, 'cancelling the cancelled request', 409, ['CONFLICT'], 'inferred'), again);
}
