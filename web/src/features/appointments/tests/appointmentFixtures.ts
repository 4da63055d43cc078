/** Records of the appointments board for unit tests: complete shapes, with only what a test is about changed. */
import type { Appointment } from '../../../../../shared/appointments/appointments.js';
import type { MassMessage } from '../../../../../shared/massTexts.js';
import type { AppointmentPage } from '../appointmentList.js';
import { aCustomer } from '../../../../../test/unit/web-service-fixtures.js';

export function anAppointment(id: string, overrides: Partial<Appointment> = {}): Appointment {
  return {
    id,
    location_id: 'loc_1',
    dms_appointment_id: null,
    customer: aCustomer({ id: `cus_${id}` }),
    scheduled_at: '2030-03-11T13:30:00.000Z',
    agent: { id: 'agt_advisor', first_name: 'Priya', last_name: 'Raman' },
    vehicle: { make: 'Honda', model: 'Civic', year: 2020, vin: null, mileage: null },
    notes: '',
    confirmed: false,
    cancelled: false,
    archived: false,
    reminder_sent: false,
    reminder_scheduled_for: null,
    reminder_message: null,
    is_unread: false,
    disable_read_mark: false,
    message_thread: { id: `thr_${id}`, bumped_at: null },
    message_thread_id: `thr_${id}`,
    created_at: '2030-03-01T09:00:00.000Z',
    metadata: { message_count: 0 },
    ...overrides,
  };
}

/** An appointment at a given hour of 11 March 2030 (UTC), for ordering tests. */
export function at(id: string, hour: number, overrides: Partial<Appointment> = {}): Appointment {
  return anAppointment(id, { scheduled_at: `2030-03-11T${String(hour).padStart(2, '0')}:00:00.000Z`, ...overrides });
}

export function page(appointments: Appointment[], total = appointments.length, offset = 0): AppointmentPage {
  return { appointments, meta: { paging: { total, current_offset: offset, per_page: 20 } } };
}

export function aMassMessage(overrides: Partial<MassMessage> = {}): MassMessage {
  return {
    id: 'mm_1',
    location_id: 'loc_1',
    board: 'appointments',
    text: 'We are closed on Monday.',
    state: 'running',
    total: 3,
    sent: 0,
    scheduled: 0,
    scheduled_for: null,
    skipped: {},
    failed: 0,
    created_at: '2030-03-01T09:00:00.000Z',
    finished_at: null,
    agent: { id: 'agt_appointments', first_name: 'Alex', last_name: 'Booker' },
    ...overrides,
  };
}
