/**
 * The events of the stream the boards act on (api contract "Service events"), read from a frame's
 * name and JSON data. Anything malformed is dropped here, so a board reducer never meets half a
 * record.
 */
import type { AppointmentEvent, MassMessage } from '../../../shared/appointments.js';
import { OWNER_ID_FIELD, OWNER_KINDS } from '../../../shared/conversations.js';
import { SHEET_STATES, type MpiChangeReason, type SheetState } from '../../../shared/inspections.js';
import type { Message, ServiceEvent } from '../../../shared/serviceBoard.js';

const isSheetState = (value: unknown): value is SheetState => (SHEET_STATES as readonly unknown[]).includes(value);

/**
 * Every event this console reads from the stream. A conversation's message and read events name
 * their owner in its own field (`repair_order_id`, `appointment_id`: shared/conversations.ts);
 * each listener tells its own by `ownerOf`.
 */
export type StreamEvent = ServiceEvent | AppointmentEvent;
export type ServiceEventType = StreamEvent['type'];
export type ServiceEventData<T extends ServiceEventType> = Extract<StreamEvent, { type: T }>['data'];

export const SERVICE_EVENT_TYPES: readonly ServiceEventType[] = [
  'repair_order.changed',
  'repair_order.assigned',
  'message.created',
  'message.updated',
  'read.changed',
  'customer.changed',
  'gatekeeper_error',
  'settings_updated',
  'mpi.changed',
  'mpi.decision',
  'appointment.changed',
  'mass_message.progress',
];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const text = (value: unknown): value is string => typeof value === 'string' && value.length > 0;
const textOrNull = (value: unknown): value is string | null => value === null || typeof value === 'string';

/** A message as the stream carries it: the fields the conversation reads must be there. */
function isMessage(value: unknown): value is Message {
  return (
    isRecord(value) &&
    text(value.id) &&
    typeof value.text === 'string' &&
    typeof value.created_at === 'string' &&
    Array.isArray(value.attachments) &&
    isRecord(value.metadata) &&
    typeof value.metadata.direction === 'string'
  );
}

const count = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** A mass text's progress as the stream carries it: the counts the progress bar and summary read. */
function isMassMessage(value: unknown): value is MassMessage {
  return (
    isRecord(value) &&
    text(value.id) &&
    text(value.location_id) &&
    (value.state === 'running' || value.state === 'finished') &&
    count(value.total) &&
    count(value.sent) &&
    count(value.failed) &&
    isRecord(value.skipped) &&
    Object.values(value.skipped).every(count)
  );
}

export function isServiceEventType(type: string): type is ServiceEventType {
  return (SERVICE_EVENT_TYPES as readonly string[]).includes(type);
}

/** The owner field and id of a message or read event, whichever owner kind it names; null when it names none. */
function messageOwner(data: Record<string, unknown>): { repair_order_id: string } | { appointment_id: string } | null {
  for (const kind of OWNER_KINDS) {
    const field = OWNER_ID_FIELD[kind];
    const id = data[field];
    if (!text(id)) continue;
    return field === 'repair_order_id' ? { repair_order_id: id } : { appointment_id: id };
  }
  return null;
}

type MessageData = { repair_order_id: string; location_id: string; message: Message } | { appointment_id: string; location_id: string; message: Message };

/** A message event's data, with whichever owner it names; null when malformed. */
function messageData(data: Record<string, unknown>): MessageData | null {
  const owner = messageOwner(data);
  if (!owner || !text(data.location_id) || !isMessage(data.message)) return null;
  return { ...owner, location_id: data.location_id, message: data.message };
}

/** The event of a frame, or null when the frame is not a (well-formed) service event. */
export function readServiceEvent(type: string, raw: string): StreamEvent | null {
  if (!isServiceEventType(type)) return null;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isRecord(data)) return null;
  switch (type) {
    case 'repair_order.changed':
      if (!text(data.id) || !text(data.location_id) || !textOrNull(data.agent_id ?? null)) return null;
      return {
        type,
        data: { id: data.id, location_id: data.location_id, agent_id: (data.agent_id as string | null) ?? null, reason: typeof data.reason === 'string' ? data.reason : '' },
      };
    case 'repair_order.assigned':
      if (!text(data.id) || !text(data.location_id) || !text(data.agent_id)) return null;
      return { type, data: { id: data.id, location_id: data.location_id, agent_id: data.agent_id } };
    case 'message.created': {
      const message = messageData(data);
      if (!message) return null;
      return 'repair_order_id' in message ? { type, data: message } : { type, data: message };
    }
    case 'message.updated': {
      const message = messageData(data);
      if (!message) return null;
      return 'repair_order_id' in message ? { type, data: message } : { type, data: message };
    }
    case 'read.changed': {
      const owner = messageOwner(data);
      if (!owner || typeof data.is_unread !== 'boolean') return null;
      return 'repair_order_id' in owner ? { type, data: { ...owner, is_unread: data.is_unread } } : { type, data: { ...owner, is_unread: data.is_unread } };
    }
    case 'appointment.changed':
      if (!text(data.id) || !text(data.location_id)) return null;
      return { type, data: { id: data.id, location_id: data.location_id, reason: typeof data.reason === 'string' ? data.reason : '' } };
    case 'mass_message.progress':
      if (!isMassMessage(data.mass_message)) return null;
      return { type, data: { mass_message: data.mass_message } };
    case 'customer.changed':
      if (!text(data.customer_id) || !text(data.location_id)) return null;
      return { type, data: { customer_id: data.customer_id, location_id: data.location_id } };
    case 'gatekeeper_error':
      if (!text(data.repair_order_id) || typeof data.message !== 'string') return null;
      return {
        type,
        data: {
          repair_order_id: data.repair_order_id,
          kind: typeof data.kind === 'string' ? data.kind : '',
          message: data.message,
          ...(typeof data.reason === 'string' ? { reason: data.reason } : {}),
          ...(typeof data.opcode === 'string' ? { opcode: data.opcode } : {}),
        },
      };
    case 'settings_updated':
      if (!text(data.location_id) || !text(data.key)) return null;
      return { type, data: { location_id: data.location_id, key: data.key } };
    case 'mpi.changed':
      if (!text(data.location_id) || !text(data.repair_order_id) || !text(data.sheet_id) || !isSheetState(data.state) || typeof data.version !== 'number') return null;
      return {
        type,
        data: {
          location_id: data.location_id,
          repair_order_id: data.repair_order_id,
          sheet_id: data.sheet_id,
          state: data.state,
          holder_id: typeof data.holder_id === 'string' ? data.holder_id : null,
          version: data.version,
          reason: (typeof data.reason === 'string' ? data.reason : 'saved') as MpiChangeReason,
        },
      };
    case 'mpi.decision':
      if (!text(data.location_id) || !text(data.repair_order_id) || !text(data.sheet_id) || !text(data.recommendation_id) || typeof data.version !== 'number') return null;
      return {
        type,
        data: {
          location_id: data.location_id,
          repair_order_id: data.repair_order_id,
          sheet_id: data.sheet_id,
          recommendation_id: data.recommendation_id,
          approved: typeof data.approved === 'boolean' ? data.approved : null,
          initiator: data.initiator === 'customer' ? 'customer' : 'agent',
          version: data.version,
        },
      };
  }
}
