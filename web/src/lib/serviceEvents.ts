/**
 * The events of the stream the service board acts on (api contract "Service events"), read from a
 * frame's name and JSON data. Anything malformed is dropped here, so a board reducer never meets
 * half a record.
 */
import { SHEET_STATES, type MpiChangeReason, type SheetState } from '../../../shared/inspections.js';
import type { Message, ServiceEvent } from '../../../shared/serviceBoard.js';

const isSheetState = (value: unknown): value is SheetState => (SHEET_STATES as readonly unknown[]).includes(value);

export type ServiceEventType = ServiceEvent['type'];
export type ServiceEventData<T extends ServiceEventType> = Extract<ServiceEvent, { type: T }>['data'];

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

export function isServiceEventType(type: string): type is ServiceEventType {
  return (SERVICE_EVENT_TYPES as readonly string[]).includes(type);
}

/** The event of a frame, or null when the frame is not a (well-formed) service event. */
export function readServiceEvent(type: string, raw: string): ServiceEvent | null {
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
    case 'message.created':
    case 'message.updated':
      if (!text(data.repair_order_id) || !text(data.location_id) || !isMessage(data.message)) return null;
      return { type, data: { repair_order_id: data.repair_order_id, location_id: data.location_id, message: data.message } };
    case 'read.changed':
      if (!text(data.repair_order_id) || typeof data.is_unread !== 'boolean') return null;
      return { type, data: { repair_order_id: data.repair_order_id, is_unread: data.is_unread } };
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
