/**
 * The conversation core's rules without a table: which conversation a reply goes to, the send rules
 * as each owner's port states them, the appointment's reminder time and words, the reply that
 * confirms, the owner field of events, the stream's event schemas and the refusals' HTTP statuses.
 */
import { APPOINTMENT_EVENTS } from '../../shared/appointments/events.js';
import { describe, expect, it } from 'vitest';
import { appointmentOwner, confirmsAppointment } from '../../functions/appointments/owner.js';
import { newAppointmentRecord, remindAtFor } from '../../functions/appointments/booking.js';
import { appointmentMoment, reminderWords } from '../../functions/appointments/reminders.js';
import { preferredCandidate } from '../../functions/inbound/threading.js';
import { DomainError, SendRefused } from '../../functions/lib/errors.js';
import { domainStatus } from '../../functions/lib/http.js';
import { THREAD_TIERS } from '../../functions/messages/owners.js';
import { decideSend, gatekeeperReason, type RuleCustomer, type RuleSettings } from '../../functions/messages/rules.js';
import { completeSettings } from '../../shared/schemas/settings.js';
import { ownerFieldOf, ownerOf } from '../../shared/conversations.js';
import { readStreamEvent } from '../../shared/events.js';

const NOW = new Date('2030-03-12T15:00:00Z');
const customer: RuleCustomer = { opt_in: 'in', blocked_at: null, line: 'mobile', cell: '+16175550142' };
const settings: RuleSettings = { safeMode: false, doubleOptIn: false, quietStart: '00:00', quietEnd: '00:00', timezone: 'America/New_York', opcodeText: 'TXT', requireOpcode: true };
const appointment = newAppointmentRecord({ id: 'apt_1', company_id: 'cmp_a', location_id: 'loc_a', customer_id: 'cus_1', scheduled_at: '2030-03-14T13:30:00.000Z' }, '2030-03-01T10:00:00.000Z');
const text = { text: 'See you Thursday', attachments: 0 };

describe('inbound threading (preferredCandidate)', () => {
  const here = { locationId: 'loc_a', customerIds: new Set(['cus_1', 'cus_2']) };
  const candidate = (tier: number, at: string, name: string, owner: { kind?: 'repair_order' | 'appointment'; customer_id?: string; location_id?: string } = {}) => ({
    tier,
    at,
    name,
    owner: { kind: owner.kind ?? 'repair_order', id: name, customer_id: owner.customer_id ?? 'cus_1', location_id: owner.location_id ?? 'loc_a' },
  });
  const archived = candidate(THREAD_TIERS.archived, '2030-03-11', 'archived');
  const closed = candidate(THREAD_TIERS.closed, '2030-03-10', 'closed');
  const next = candidate(THREAD_TIERS.next_appointment, '2030-03-14', 'appointment', { kind: 'appointment' });
  const olderOpen = candidate(THREAD_TIERS.open_order, '2030-03-01', 'older open');
  const newerOpen = candidate(THREAD_TIERS.open_order, '2030-03-09', 'newer open', { customer_id: 'cus_2' });

  it('prefers an open order, then the next appointment, then the newest finished one of any board, then an archived one; the newest within a tier', () => {
    const pastAppointment = candidate(THREAD_TIERS.closed, '2030-03-11', 'past appointment', { kind: 'appointment' });

    expect(preferredCandidate([archived, closed, next, olderOpen, newerOpen], here)?.name).toBe('newer open');
    expect(preferredCandidate([archived, closed, next], here)?.name).toBe('appointment');
    expect(preferredCandidate([archived, closed, pastAppointment], here)?.name).toBe('past appointment');
    expect(preferredCandidate([archived, closed], here)?.name).toBe('closed');
    expect(preferredCandidate([archived], here)?.name).toBe('archived');
    expect(preferredCandidate([], here)).toBeNull();
  });

  it('prefers the conversation the number was last texted in, whatever its board, tier or age', () => {
    const pastAppointment = candidate(THREAD_TIERS.closed, '2030-03-01', 'past appointment', { kind: 'appointment' });
    const lastText = (kind: 'repair_order' | 'appointment', id: string) => ({ owner: { kind, id }, at: '2030-03-12T02:41:00Z' });

    expect(preferredCandidate([newerOpen, next, pastAppointment, archived], here, lastText('appointment', 'past appointment'))?.name).toBe('past appointment');
    expect(preferredCandidate([newerOpen, next, archived], here, lastText('repair_order', 'archived'))?.name).toBe('archived');
    // Same id on another board is another conversation.
    expect(preferredCandidate([newerOpen, archived], here, lastText('appointment', 'archived'))?.name).toBe('newer open');
    // Gone, or of no record sharing the number: the tiers decide.
    expect(preferredCandidate([newerOpen, next], here, lastText('repair_order', 'gone'))?.name).toBe('newer open');
  });

  it("counts only this location's conversations of the customer records sharing the number", () => {
    const elsewhere = candidate(THREAD_TIERS.open_order, '2030-03-12', 'other store', { location_id: 'loc_b' });
    const stranger = candidate(THREAD_TIERS.open_order, '2030-03-12', 'stranger', { customer_id: 'cus_9' });
    const lastText = { owner: { kind: 'repair_order' as const, id: 'stranger' }, at: '2030-03-12T02:41:00Z' };

    expect(preferredCandidate([elsewhere, stranger, closed], here, lastText)?.name).toBe('closed');
    expect(preferredCandidate([elsewhere, stranger], here)).toBeNull();
  });
});

describe('send rules as an appointment states them', () => {
  const rules = appointmentOwner(appointment).rules;

  it('texts without an assigned advisor and without the op code (those are the repair order’s rules)', () => {
    expect(decideSend(rules, customer, settings, text, 'manual', NOW)).toEqual({ outcome: 'send', warnings: [] });
  });

  it('keeps every consent rule: opted out, blocked, landline, no cell', () => {
    expect(decideSend(rules, { ...customer, opt_in: 'out' }, settings, text, 'manual', NOW)).toEqual({ outcome: 'refuse', error: 'opted_out' });
    expect(decideSend(rules, { ...customer, blocked_at: '2030-01-01T00:00:00Z' }, settings, text, 'manual', NOW)).toEqual({ outcome: 'refuse', error: 'blocked' });
    expect(decideSend(rules, { ...customer, line: 'landline' }, settings, text, 'manual', NOW)).toEqual({ outcome: 'refuse', error: 'landline' });
    expect(decideSend(rules, { ...customer, cell: null }, settings, text, 'manual', NOW)).toEqual({ outcome: 'refuse', error: 'no_phone' });
  });

  it("lets the gatekeeper's op-code target refuse an owner without an estimate rather than wave it through", () => {
    expect(gatekeeperReason('ro_with_opcode', rules, { opt_in: 'in', opt_metadata: null }, 'TXT')).toBe('opcode_missing');
  });
});

describe('appointment reminders', () => {
  const on = completeSettings('appointments_settings', { remind_days_prior: 2 });

  it('is due remind-days before the appointment', () => {
    expect(remindAtFor('2030-03-14T13:30:00.000Z', '2030-03-01T10:00:00.000Z', on)).toBe('2030-03-12T13:30:00.000Z');
  });

  it('is never due when reminders are off or the appointment was booked after its reminder time', () => {
    expect(remindAtFor('2030-03-14T13:30:00.000Z', '2030-03-01T10:00:00.000Z', { ...on, reminders_enabled: false })).toBeNull();
    expect(remindAtFor('2030-03-14T13:30:00.000Z', '2030-03-13T09:00:00.000Z', on)).toBeNull();
  });

  it("words the day and time where the store is, in the customer's language", () => {
    expect(appointmentMoment('2030-03-14T13:30:00.000Z', 'en-us', 'America/New_York')).toEqual({ date: '03/14/2030', time: '9:30 AM' });
    expect(appointmentMoment('2030-03-14T13:30:00.000Z', 'de', 'Europe/Berlin')).toEqual({ date: '14/03/2030', time: '14:30' });
  });

  it("uses the catalogue's wording while the store keeps the default template, else the store's with its placeholders filled", () => {
    const moment = { date: '03/14/2030', time: '9:30 AM' };
    expect(reminderWords(on, moment)).toEqual({ catalogue: 'appointmentReminder', ...moment });
    expect(reminderWords({ ...on, reminder_template: 'See you {{date}} at {{time}}!' }, moment)).toEqual({ written: 'See you 03/14/2030 at 9:30 AM!' });
  });

  it('is confirmed by a reply of C, confirm or yes, and not by a sentence', () => {
    for (const reply of ['C', 'c', ' Confirm ', 'YES!', 'yes.']) expect(confirmsAppointment(reply), reply).toBe(true);
    for (const reply of ['Can I come at 9?', 'cancel', 'no', '']) expect(confirmsAppointment(reply), reply).toBe(false);
  });
});

describe('owners in events', () => {
  it('names each owner in its own field, and reads it back', () => {
    expect(ownerFieldOf({ kind: 'appointment', id: 'apt_1' })).toEqual({ appointment_id: 'apt_1' });
    expect(ownerOf(ownerFieldOf({ kind: 'repair_order', id: 'ro_1' }))).toEqual({ kind: 'repair_order', id: 'ro_1' });
    expect(ownerOf({})).toBeNull();
  });

  it('parses an event only when it fits its schema', () => {
    // A board's event is read with the board's schemas (the screen that listens hands them over).
    expect(readStreamEvent('appointment.changed', { id: 'apt_1', location_id: 'loc_a' }, APPOINTMENT_EVENTS)).toEqual({ type: 'appointment.changed', data: { id: 'apt_1', location_id: 'loc_a', reason: '' } });
    expect(readStreamEvent('read.changed', { appointment_id: 'apt_1', is_unread: 'yes' })).toBeNull();
    expect(readStreamEvent('mass_message.progress', { mass_message: { id: 'mass_1', location_id: 'loc_a', state: 'running', total: 3, sent: 1, failed: 0, skipped: { opted_out: 1 } } })?.type).toBe(
      'mass_message.progress',
    );
    expect(readStreamEvent('no.such.event', {})).toBeNull();
  });
});

describe('refusals to HTTP (one place)', () => {
  it('answers 409 for what waiting or confirming resolves, 422 for the other refusals, and the status of each domain kind', () => {
    expect(domainStatus(new SendRefused('quiet_hours', 'Quiet hours'))).toBe(409);
    expect(domainStatus(new SendRefused('opted_out', 'Opted out'))).toBe(422);
    expect(domainStatus(new DomainError('not_found', 'not_found', 'Appointment not found'))).toBe(404);
    expect(domainStatus(new DomainError('forbidden', 'forbidden', 'No'))).toBe(403);
    expect(domainStatus(new DomainError('too_large', 'too_large', 'Too large'))).toBe(413);
  });
});
