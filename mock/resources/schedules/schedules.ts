// Schedules declared once as a collection (shared/collection.ts): list (filter
// availability_type_uuid), create, read and update. A custom question's `type` defaults to `text`
// and `required` to false (published update page).
import type { Schemas } from '../../state/workspace.ts';
import { assignSent, type Collection } from '../shared/collection.ts';
import { newUuid } from '../shared/lookup.ts';

type Schedule = Schemas['Schedule'];
type Question = Schemas['ScheduleCustomQuestion'];

const questions = (list: Question[]): Question[] =>
  list.map((q) => ({ name: q.name, type: q.type ?? 'text', required: q.required ?? false, description: q.description ?? null }));

export const schedules: Collection<Schedule> = {
  noun: 'Schedule',
  records: (ws) => ws.schedules,
  filters: { availability_type_uuid: (s, value: string) => s.availability_type_uuid === value },
  create: (body: Schemas['ScheduleCreate'], ctx) =>
    ({
      uuid: newUuid(),
      name: body.name,
      type: body.type ?? 'appointment',
      color: body.color ?? null,
      availability_type_uuid: body.availability_type_uuid,
      ai_agents: [...(body.ai_agents ?? [])],
      human_agents: [...(body.human_agents ?? [])],
      custom_questions: questions(body.custom_questions ?? []),
      created_at: ctx.now,
      updated_at: ctx.now,
    }) as unknown as Schedule,
  update: (record, body: Schemas['ScheduleUpdate'], ctx) => {
    const { custom_questions, ...rest } = body;
    assignSent(record, rest, ctx.now);
    if (custom_questions !== undefined) record.custom_questions = questions(custom_questions);
  },
  messages: {
    list: 'Schedules retrieved successfully',
    create: 'Schedule created successfully',
    read: 'Schedule retrieved successfully',
    update: 'Schedule updated successfully',
  },
};
