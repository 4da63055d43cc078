/** Records of the service board for unit tests: complete shapes, with only what a test is about changed. */
import type { Customer } from '../../shared/customers.js';
import type { Message } from '../../shared/messages.js';
import type { RepairOrder } from '../../shared/repairOrders/repairOrders.js';

export function aCustomer(overrides: Partial<Customer> = {}): Customer {
  return {
    id: 'cus_1',
    location_id: 'loc_1',
    dms_customer_id: 'D-1',
    first_name: 'Dana',
    middle_name: '',
    last_name: 'Whitfield',
    opt_in: 'in',
    opt_metadata: null,
    blocked_at: null,
    carrier: { type: 'mobile' },
    phones: { cell: '+16175550123', work: null, alternate: null },
    email: 'dana@example.com',
    address: null,
    alternate_contacts: [],
    default_contact: 'cell',
    language: null,
    ...overrides,
  };
}

export function anOrder(id: string, overrides: Partial<RepairOrder> & { bumpedAt?: string | null } = {}): RepairOrder {
  const { bumpedAt = null, ...rest } = overrides;
  return {
    id,
    ro_id: `RO-${id}`,
    location_id: 'loc_1',
    customer: aCustomer(),
    alternate_record: false,
    customer_first_name: 'Dana',
    customer_middle_name: '',
    customer_last_name: 'Whitfield',
    vehicle: { make: 'Honda', model: 'Civic', year: 2019, vin: '2HGFC2F59KH500001', mileage: 48000 },
    opened_at: '2025-03-01T09:00:00.000Z',
    promise_time: null,
    closed: false,
    closed_at: null,
    autoclosed: false,
    archived: false,
    archived_at: null,
    vehicle_ready: false,
    vehicle_ready_at: null,
    satisfaction_poll: null,
    payment_request: null,
    invoice: null,
    album_present: false,
    is_unread: false,
    disable_read_mark: false,
    message_thread: { id: `thr_${id}`, bumped_at: bumpedAt },
    agent: { id: 'agt_advisor', first_name: 'Priya', last_name: 'Raman' },
    sheet: null,
    custom: { customer_waiting: false, delivery_requested: false, work_order_status_code: 'I' },
    metadata: { dms_status: 'open', opcodes: [], invoiced_at: null, missed_call: false, last_call_at: null, message_count: 0 },
    ...rest,
  };
}

export function aMessage(id: string, overrides: Partial<Omit<Message, 'metadata'>> & { metadata?: Partial<Message['metadata']> } = {}): Message {
  const { metadata, ...rest } = overrides;
  return {
    id,
    message_thread_id: 'thr_1',
    text: `text ${id}`,
    behaviour: null,
    created_at: '2025-03-01T10:00:00.000Z',
    agent: null,
    reactions: {},
    mentions: [],
    attachments: [],
    ...rest,
    metadata: {
      direction: 'inbound',
      status: null,
      status_at: null,
      error_code: null,
      error_text: null,
      send_at: null,
      automated: null,
      attempts: 0,
      note: null,
      ...metadata,
    },
  };
}
