/** Which texts ask for an order's status, and what the status reply says about where the order stands. */
import { describe, expect, it } from 'vitest';
import type { SheetSummary } from '../../../shared/inspections/inspections.js';
import { aSheetSummary } from '../../../test/unit/web-mpi-fixtures.js';
import { customerText } from '../../lib/customerTexts.js';
import type { RepairOrderRecord } from '../records.js';
import { asksForStatus } from '../statusQuestion.js';
import { orderStatus, statusSentence } from '../statusReply.js';

describe('a status question', () => {
  it.each([
    'STATUS',
    'Status?',
    'status please',
    'Hi, is my car ready yet?',
    'any update on my truck?',
    "What's the status?",
    'When will it be ready?',
    "how's my car coming along",
    '¿Ya está listo?',
    'Hola, ¿mi coche está listo?',
    'Est-ce que ma voiture est prête ?',
    'Bonjour, où en est ma voiture ?',
    'Ist mein Auto schon fertig?',
    'La mia auto è pronta?',
    'O meu carro já está pronto?',
    'Är bilen klar?',
    'Είναι έτοιμο το αυτοκίνητό μου;',
    'Κατάσταση',
    '👍 status 🙏',
  ])('%s asks for it', (text) => {
    expect(asksForStatus(text)).toBe(true);
  });

  it.each([
    '',
    'STOP',
    'HELP',
    'Thanks!',
    'Can you update my address?',
    'Is it ready? I can come at 5',
    'status of my payment',
    'I will pick it up when it is ready',
    'Please also rotate the tires',
    "don't give me a status update, just call",
  ])('%s does not', (text) => {
    expect(asksForStatus(text)).toBe(false);
  });
});

const sheet = (changes: Partial<SheetSummary>): SheetSummary => aSheetSummary({ form_name: 'Car', updated_at: '2030-03-14T12:00:00.000Z', ...changes });

type Order = Pick<RepairOrderRecord, 'vehicle_ready' | 'sheet' | 'custom' | 'metadata' | 'promise_time'>;
const order = (changes: Partial<Order> = {}, code: RepairOrderRecord['custom']['work_order_status_code'] = null, dms: RepairOrderRecord['metadata']['dms_status'] = 'open'): Order => ({
  vehicle_ready: false,
  sheet: null,
  promise_time: null,
  custom: { customer_waiting: false, delivery_requested: false, work_order_status_code: code },
  metadata: { dms_status: dms, opcodes: [], invoiced_at: null, missed_call: false, last_call_at: null, message_count: 0 },
  ...changes,
});
const now = new Date('2030-03-14T15:00:00.000Z');

describe('where an order stands', () => {
  it('is checked in until work starts, then in service, then finishing, then ready', () => {
    expect(orderStatus(order({}, 'E'), now)).toBe('checked_in');
    expect(orderStatus(order({ sheet: sheet({ state: 'claimed' }) }), now)).toBe('in_service');
    expect(orderStatus(order({}, 'I'), now)).toBe('in_service');
    expect(orderStatus(order({}, 'C'), now)).toBe('finishing');
    expect(orderStatus(order({}, 'I', 'pre_invoiced'), now)).toBe('finishing');
    expect(orderStatus(order({}, 'B', 'invoiced'), now)).toBe('ready');
    expect(orderStatus(order({ vehicle_ready: true }, 'I'), now)).toBe('ready');
  });

  it('waits for the customer while a sent inspection has undecided work, and not before it is sent', () => {
    const undecided = { total: 2, approved: 1, rejected: 0, undecided: 1, approved_cents: 100, total_cents: 300 };
    const sent = sheet({ state: 'completed_by_advisor', sent_to_customer_at: '2030-03-14T14:00:00.000Z', recommendations: undecided });
    expect(orderStatus(order({ sheet: sent }, 'I'), now)).toBe('awaiting_approval');
    // Held for a later moment: not with the customer yet
    expect(orderStatus(order({ sheet: { ...sent, sent_to_customer_at: '2030-03-14T16:00:00.000Z' } }, 'I'), now)).toBe('in_service');
    // Every item decided
    expect(orderStatus(order({ sheet: { ...sent, recommendations: { ...undecided, undecided: 0, approved: 2 } } }, 'I'), now)).toBe('in_service');
  });

  it('adds the promised time in the customer’s language while the car is not ready, and only when it is still ahead', () => {
    const promised = order({ promise_time: '2030-03-15T19:00:00.000Z' }, 'I');
    expect(statusSentence(promised, 'en-us', 'America/New_York', now)).toBe('Your vehicle is being worked on. We expect it to be ready on 03/15/2030 at 3:00 PM.');
    expect(statusSentence(promised, 'de', 'Europe/Berlin', now)).toBe(`${customerText('statusInService', 'de')} Voraussichtlich ist es am 15/03/2030 um 20:00 fertig.`);
    expect(statusSentence({ ...promised, promise_time: '2030-03-14T14:00:00.000Z' }, 'en-us', 'America/New_York', now)).toBe('Your vehicle is being worked on.');
    expect(statusSentence({ ...promised, vehicle_ready: true }, 'es', 'America/New_York', now)).toBe('Su vehículo está listo para recoger.');
  });
});
