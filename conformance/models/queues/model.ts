// The model of one queue of the workspace (seed "Queue": name, color, is_active, sla_seconds;
// "Endpoints", PUT /api/v1/queues/{uuid}; "Available queue endpoints": "Only endpoints not yet
// assigned to any queue are listed"). The model keeps the queue's fields as the suite last wrote
// them and, per channel, the endpoint ids the queue holds; the endpoints the suite assigned are
// the ones it may release.
import type { RuleCheck } from '../../record/rule.ts';

export const QUEUE_UPDATE: RuleCheck = {
  name: 'queue-update-persists',
  rule: 'seed "Endpoints", PUT /api/v1/queues/{uuid} (name, color, is_active, sla_seconds): the fields sent are applied and the next read shows them',
};
export const QUEUE_ENDPOINTS: RuleCheck = {
  name: 'queue-endpoints-available',
  rule: 'seed "Available queue endpoints": only endpoints not yet assigned to any queue are listed; an endpoint assigned to a queue leaves the list',
};

export const CHANNELS = ['call', 'whatsapp', 'facebook', 'instagram', 'sms', 'email'] as const;
export type Channel = (typeof CHANNELS)[number];

export interface QueueFields {
  name: string;
  color: string;
  is_active: boolean;
  sla_seconds: number;
}

export interface EndpointRef {
  channel: Channel;
  id: string;
}

export class QueueModel {
  readonly uuid: string;
  fields: QueueFields;
  /** Per channel, the ids the queue holds. */
  held: Record<Channel, string[]>;
  /** Endpoints the suite saw free at the start (candidates to assign). */
  free: EndpointRef[];
  /** Endpoints the suite assigned and has not released. */
  assigned: EndpointRef[] = [];

  constructor(uuid: string, fields: QueueFields, held: Record<Channel, string[]>, free: EndpointRef[]) {
    this.uuid = uuid;
    this.fields = fields;
    this.held = held;
    this.free = free;
  }
}
