/**
 * The guests and leads board on the conversation core: a text from a number the company does not
 * know opens one guest conversation (even when SNS delivers it twice), a STOP from a stranger holds,
 * an agent answers and turns the guest into a customer or links them to one with the history kept
 * and the next text landing in the same conversation, a guest of another store gets one of its own
 * there, who works the board, and the walls between companies that know the same number.
 */
import { randomUUID } from 'node:crypto';
import type { SNSEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Guest } from '../../../shared/guests/guests.js';
import { GUEST_REFUSALS, LINK_ERRORS } from '../../../shared/guests/schemas.js';
import type { Message } from '../../../shared/messages.js';
import { PERSON_ERRORS } from '../../../shared/schemas/people.js';
import type { SettingsOf } from '../../../shared/schemas/settings.js';
import { SEND_ERRORS } from '../../../shared/sendingTexts.js';
import { getNumberConsent } from '../../customers/numberConsent.js';
import { customersWithPhone, getCustomer, saveCustomer } from '../../customers/records.js';
import { handler } from '../../inbound/handler.js';
import { cursorAt, eventsAfter } from '../../lib/realtime.js';
import { readSettings, writeSettings } from '../../lib/settings.js';
import { repairOrderLinksOfCustomer } from '../../repairOrders/records.js';
import { api, mailbox, signIn, textsTo, type ApiClient } from '../../../test/support/api.js';
import { createRepairOrder, customerRecord, DEMO_NORTH, serviceNumberOfNorth, uniquePhone, useStackEnv } from '../../../test/support/service.js';
import { guestsChannel } from '../channels.js';
import { archiveIdleGuests, GUEST_IDLE_DAYS } from '../housekeeping.js';
import { updateGuest } from '../records.js';
import { DEMO_LEAD, DEMO_LEAD_RECIPIENTS, DEMO_STRANGER } from '../demo.js';

const baseUrl = inject('baseUrl');
const carrierUrl = inject('carrierUrl');
const { companyId, locationId } = DEMO_NORTH;
const north = `/api/locations/${locationId}`;
const RIVAL = { companyId: 'cmp_rival', locationId: 'loc_rival_main' };

let DEALER: string;
let SOUTH_NUMBER: string;
let RIVAL_NUMBER: string;
let manager: ApiClient;
let advisor: ApiClient;
let admin: ApiClient;
let rival: ApiClient;
let saved: SettingsOf<'service_settings'>;

/** A text as End User Messaging hands it to SNS, and SNS to the inbound Lambda. */
function delivery(from: string, to: string, text: string, carrierId = randomUUID()): SNSEvent {
  const message = { originationNumber: from, destinationNumber: to, messageBody: text, inboundMessageId: carrierId };
  return { Records: [{ EventSource: 'aws:sns', Sns: { MessageId: randomUUID(), Message: JSON.stringify(message), Timestamp: new Date().toISOString() } }] } as unknown as SNSEvent;
}

/** Every open guest of a store (every page), as its manager or admin reads the board. */
async function guestsAt(client: ApiClient, location: string, archived = false): Promise<Guest[]> {
  const all: Guest[] = [];
  for (let offset = 0; ; offset += 100) {
    const res = await client.get(`/api/locations/${location}/guests?offset=${offset}&limit=100${archived ? '&archived=1' : ''}`);
    expect(res.status, res.text).toBe(200);
    all.push(...(res.body.guests as Guest[]));
    if (res.body.guests.length < 100) return all;
  }
}

const guestsOf = async (client: ApiClient, location: string, phone: string) => (await guestsAt(client, location)).filter((g) => g.customer.phones.cell === phone);

async function messagesOf(client: ApiClient, guestId: string): Promise<Message[]> {
  const res = await client.get(`/api/guests/${guestId}/messages?offset=0&limit=50`);
  expect(res.status, res.text).toBe(200);
  return res.body.messages as Message[];
}

/** A stranger texts North's service number; answers the guest conversation it opened. */
async function strangerTexts(phone: string, text: string): Promise<Guest> {
  await handler(delivery(phone, DEALER, text));
  const [guest] = await guestsOf(manager, locationId, phone);
  expect(guest, `a guest for ${phone}`).toBeDefined();
  return guest!;
}

async function answer(client: ApiClient, guestId: string, text: string): Promise<void> {
  const res = await client.post(`/api/guests/${guestId}/messages`, { message: { text } }, { 'idempotency-key': randomUUID() });
  expect(res.status, res.text).toBe(201);
}

async function numberOf(company: string, location: string): Promise<string> {
  return (await readSettings(company, location, 'business_information')).texting_numbers.service;
}

beforeAll(async () => {
  useStackEnv();
  process.env.LOG_LEVEL = 'silent';
  DEALER = await serviceNumberOfNorth();
  SOUTH_NUMBER = await numberOf(companyId, 'loc_demo_south');
  RIVAL_NUMBER = await numberOf(RIVAL.companyId, RIVAL.locationId);
  saved = await readSettings(companyId, locationId, 'service_settings');
  await writeSettings(companyId, locationId, 'service_settings', { ...saved, quiet_hours_start: '00:00', quiet_hours_end: '00:00', safe_mode: false, double_opt_in: false }, 'agt_manager');
  const as = async (name: string) => api(baseUrl, await signIn(baseUrl, `${name}@demo.example`));
  manager = await as('manager');
  advisor = await as('advisor');
  admin = await as('admin');
  rival = await as('rival');
});

afterAll(async () => {
  await writeSettings(companyId, locationId, 'service_settings', saved, 'agt_manager');
});

describe('a text from a number the company does not know', () => {
  it('opens one guest conversation, unread, with a guest contact of no name, even when SNS delivers it twice', async () => {
    const phone = uniquePhone();
    const since = cursorAt(Date.now());
    const text = delivery(phone, DEALER, 'Do you sell winter tyres?');

    await handler(text);
    await handler(text);

    const guests = await guestsOf(manager, locationId, phone);
    expect(guests).toHaveLength(1);
    const [guest] = guests as [Guest];
    expect(guest).toMatchObject({ source: 'text', lead: null, archived: false, converted: null, is_unread: true, customer: { first_name: '', last_name: '', opt_in: 'unknown' } });
    expect((await messagesOf(manager, guest.id)).map((m) => [m.metadata.direction, m.text])).toEqual([['inbound', 'Do you sell winter tyres?']]);
    const [contact] = await customersWithPhone(companyId, phone, true);
    expect(contact).toMatchObject({ id: guest.customer.id, contact: 'guest', location_id: locationId });
    const events = await eventsAfter(companyId, guestsChannel(locationId), since);
    expect(events.some((e) => e.type === 'guest.changed' && (e.data as { id: string }).id === guest.id)).toBe(true);
    // A guest is nobody's customer yet: the customer search does not find them.
    const search = await manager.post(`${north}/customers/search?limit=50`, { query: phone.replace('+1', '') });
    expect(search.body.customers).toEqual([]);
  });

  it("puts the stranger's next text in the same conversation", async () => {
    const phone = uniquePhone();
    const guest = await strangerTexts(phone, 'Hello?');
    await handler(delivery(phone, DEALER, 'Anyone there?'));
    expect(await guestsOf(manager, locationId, phone)).toHaveLength(1);
    expect((await messagesOf(manager, guest.id)).map((m) => m.text)).toEqual(['Anyone there?', 'Hello?']);
  });

  it('honours a STOP from a stranger: the number is opted out, confirmed once, and the conversation cannot text it', async () => {
    const phone = uniquePhone();
    await handler(delivery(phone, DEALER, 'STOP'));
    await handler(delivery(phone, DEALER, 'stop'));

    const [guest] = await guestsOf(manager, locationId, phone);
    expect(guest?.customer.opt_in).toBe('out');
    expect((await getNumberConsent(companyId, phone))?.opt_in).toBe('out');
    await expect.poll(async () => (await textsTo(carrierUrl, phone)).length, { timeout: 5_000 }).toBe(1);
    const sent = await manager.post(`/api/guests/${guest!.id}/messages`, { message: { text: 'Sorry to see you go' } }, { 'idempotency-key': randomUUID() });
    expect(sent.status).toBe(422);
    expect(sent.body.error).toMatchObject({ id: 'opted_out', message: SEND_ERRORS.opted_out });
    expect(await textsTo(carrierUrl, phone)).toHaveLength(1);
  });

  it('a guest of another store of the company who texts this one gets a conversation of their own here', async () => {
    const phone = uniquePhone();
    await strangerTexts(phone, 'North, are you open?');

    await handler(delivery(phone, SOUTH_NUMBER, 'South, are you open?'));

    const [south] = await guestsOf(admin, 'loc_demo_south', phone);
    expect(south).toBeDefined();
    expect(south!.customer.location_id).toBe('loc_demo_south');
    expect((await messagesOf(admin, south!.id)).map((m) => m.text)).toEqual(['South, are you open?']);
    expect(await guestsOf(manager, locationId, phone)).toHaveLength(1);
  });
});

describe('an agent works the guest', () => {
  it('answers, then makes the guest a customer (SPEC §5 texts first): the history stays and the next text lands in it', async () => {
    const phone = uniquePhone();
    const guest = await strangerTexts(phone, 'Is your service open on Saturday?');
    await answer(manager, guest.id, 'Yes, 8 to 1. Who am I speaking with?');
    await expect.poll(async () => (await textsTo(carrierUrl, phone)).length, { timeout: 5_000 }).toBe(1);

    const blank = await manager.put(`/api/guests/${guest.id}/convert`, { customer: { first_name: ' ', last_name: '' } });
    const badMail = await manager.put(`/api/guests/${guest.id}/convert`, { customer: { first_name: 'Rosa', last_name: 'Diaz', email: 'rosa@' } });
    const last = `Diaz${randomUUID().slice(0, 6)}`;
    const converted = await manager.put(`/api/guests/${guest.id}/convert`, { customer: { first_name: 'Rosa', last_name: last, email: 'Rosa@Example.com' } });
    const again = await manager.put(`/api/guests/${guest.id}/convert`, { customer: { first_name: 'Rosa', last_name: last } });
    await handler(delivery(phone, DEALER, "It's Rosa. Can I bring the car at 9?"));

    expect(blank.status).toBe(422);
    expect(blank.body.errors.map((e: { message: string }) => e.message)).toEqual([PERSON_ERRORS.first_name, PERSON_ERRORS.last_name]);
    expect(badMail.body.errors).toEqual([{ message: PERSON_ERRORS.email, path: 'customer.email' }]);
    expect(converted.status, converted.text).toBe(200);
    expect(converted.body.guest).toMatchObject({ id: guest.id, converted: { how: 'new_customer', agent: { id: 'agt_manager' } }, customer: { id: guest.customer.id, first_name: 'Rosa', last_name: last, email: 'rosa@example.com' } });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ id: 'already_customer', message: GUEST_REFUSALS.already_customer });
    expect((await getCustomer(companyId, guest.customer.id, true))?.contact).toBeUndefined();
    const search = await manager.post(`${north}/customers/search?limit=50`, { query: `rosa ${last}` });
    expect(search.body.customers.map((c: { id: string }) => c.id)).toEqual([guest.customer.id]);
    // Every message kept, the customer's next text in the same conversation, no "texted in" order.
    expect((await messagesOf(manager, guest.id)).map((m) => m.text)).toEqual([
      "It's Rosa. Can I bring the car at 9?",
      expect.stringContaining('Yes, 8 to 1. Who am I speaking with?'),
      'Is your service open on Saturday?',
    ]);
    expect(await repairOrderLinksOfCustomer(companyId, guest.customer.id)).toEqual([]);
  });

  it('links the guest to a customer the store has: the number becomes theirs (their old one kept), the history stays, the next text lands in it', async () => {
    const known = customerRecord({ first_name: 'Walter', last_name: `Known${randomUUID().slice(0, 6)}` });
    await saveCustomer(known);
    const { customer: southern } = await createRepairOrder({ customer: { location_id: 'loc_demo_south' }, ro: { location_id: 'loc_demo_south' } });
    const phone = uniquePhone();
    const guest = await strangerTexts(phone, 'New phone, same Walter. Is my car ready?');
    await answer(manager, guest.id, 'Hi Walter, checking now.');

    const nobody = await manager.put(`/api/guests/${guest.id}/link`, { customer_id: 'cus_nobody' });
    const elsewhere = await manager.put(`/api/guests/${guest.id}/link`, { customer_id: southern.id });
    const linked = await manager.put(`/api/guests/${guest.id}/link`, { customer_id: known.id });
    await handler(delivery(phone, DEALER, 'Thanks!'));

    for (const refused of [nobody, elsewhere]) {
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toEqual([{ message: LINK_ERRORS.customer_id, path: 'customer_id' }]);
    }
    expect(linked.status, linked.text).toBe(200);
    expect(linked.body.guest).toMatchObject({ converted: { how: 'linked' }, customer: { id: known.id, first_name: 'Walter', phones: { cell: phone, alternate: known.phones.cell } } });
    expect((await customersWithPhone(companyId, phone, true)).map((c) => c.id)).toEqual([known.id]);
    expect((await getCustomer(companyId, guest.customer.id, true))?.phones.cell).toBeNull();
    expect((await messagesOf(manager, guest.id)).map((m) => m.text)).toEqual(['Thanks!', expect.stringContaining('checking now'), 'New phone, same Walter. Is my car ready?']);
    expect((await manager.get(`/api/guests/${guest.id}`)).body.guest.customer.id).toBe(known.id);
  });

  it('archives and unarchives; a text brings an archived guest back, unread', async () => {
    const phone = uniquePhone();
    const guest = await strangerTexts(phone, 'Quick question');
    expect((await manager.put(`/api/guests/${guest.id}/agents/null/read`)).body.guest.is_unread).toBe(false);

    const archived = await manager.put(`/api/guests/${guest.id}/archive`);
    const onArchive = (await guestsAt(manager, locationId, true)).some((g) => g.id === guest.id);
    const offBoard = !(await guestsAt(manager, locationId)).some((g) => g.id === guest.id);
    await handler(delivery(phone, DEALER, 'Never mind, one more'));

    expect(archived.body.guest.archived).toBe(true);
    expect([onArchive, offBoard]).toEqual([true, true]);
    const back = (await manager.get(`/api/guests/${guest.id}`)).body.guest as Guest;
    expect(back).toMatchObject({ archived: false, is_unread: true });
    expect((await manager.put(`/api/guests/${guest.id}/unarchive`)).body.guest.archived).toBe(false);
  });
});

describe('the hourly tidy-up', () => {
  it('archives a guest nobody has heard from for 30 days; the guest comes back when they write', async () => {
    const phone = uniquePhone();
    const quiet = await strangerTexts(phone, 'An old question');
    await updateGuest(companyId, quiet.id, () => ({ activity_at: new Date(Date.now() - (GUEST_IDLE_DAYS + 1) * 86_400_000).toISOString() }));
    const recent = await strangerTexts(uniquePhone(), 'A new question');

    const run = await archiveIdleGuests();

    expect(run.archived).toBeGreaterThanOrEqual(1);
    expect((await guestsAt(manager, locationId, true)).map((g) => g.id)).toContain(quiet.id);
    expect((await guestsAt(manager, locationId)).map((g) => g.id)).toEqual(expect.arrayContaining([recent.id]));
    expect((await guestsAt(manager, locationId)).map((g) => g.id)).not.toContain(quiet.id);
    await handler(delivery(phone, DEALER, 'Still interested'));
    expect((await manager.get(`/api/guests/${quiet.id}`)).body.guest).toMatchObject({ archived: false, is_unread: true });
  });
});

describe('who works the board', () => {
  it('opens to service, appointments and inventory agents, managers and admins, at their own store', async () => {
    const guest = await strangerTexts(uniquePhone(), 'Who works here?');
    const [hr, chat, coordinator, inventory, south] = await Promise.all(
      ['hr', 'chat', 'appointments', 'inventory', 'south'].map(async (name) => api(baseUrl, await signIn(baseUrl, `${name}@demo.example`))),
    );

    expect((await advisor.get(`${north}/guests`)).status).toBe(200);
    expect((await coordinator!.get(`/api/guests/${guest.id}`)).status).toBe(200);
    expect((await inventory!.get(`/api/locations/loc_demo_south/guests`)).status).toBe(200);
    expect((await hr!.get(`${north}/guests`)).status).toBe(403);
    expect((await chat!.get(`/api/guests/${guest.id}`)).status).toBe(403);
    expect((await south!.get(`/api/guests/${guest.id}`)).status).toBe(404);
    expect((await south!.get(`${north}/guests`)).status).toBe(404);
    // The lead form is set up by managers and admins.
    expect((await advisor.get(`${north}/lead_form`)).status).toBe(403);
    expect((await manager.get(`${north}/lead_form`)).body.lead_form.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe('the walls between companies', () => {
  it('keeps a guest of one company off the other one’s board, even when both know the same number', async () => {
    const { customer, ro } = await createRepairOrder({ customer: { opt_in: 'in' } });
    const phone = customer.phones.cell!;
    const stranger = uniquePhone();

    await handler(delivery(phone, DEALER, 'Demo Motors, my car?'));
    await handler(delivery(phone, RIVAL_NUMBER, 'Rival Auto, a quote?'));
    await handler(delivery(stranger, DEALER, 'Hi Demo'));
    await handler(delivery(stranger, RIVAL_NUMBER, 'Hi Rival'));

    // Demo knows the first number: its text threads to the order, no guest. Rival does not: a guest there.
    expect(await guestsOf(manager, locationId, phone)).toEqual([]);
    expect((await manager.get(`/api/repair_orders/${ro.id}/messages`)).body.messages.map((m: Message) => m.text)).toContain('Demo Motors, my car?');
    const rivalGuests = await guestsAt(rival, RIVAL.locationId);
    const [rivalsKnown] = rivalGuests.filter((g) => g.customer.phones.cell === phone);
    const [rivalsStranger] = rivalGuests.filter((g) => g.customer.phones.cell === stranger);
    const [demosStranger] = await guestsOf(manager, locationId, stranger);
    expect((await messagesOf(rival, rivalsKnown!.id)).map((m) => m.text)).toEqual(['Rival Auto, a quote?']);
    expect((await messagesOf(rival, rivalsStranger!.id)).map((m) => m.text)).toEqual(['Hi Rival']);
    expect((await messagesOf(manager, demosStranger!.id)).map((m) => m.text)).toEqual(['Hi Demo']);
    expect(rivalsStranger!.customer.id).not.toBe(demosStranger!.customer.id);
    // Neither side reaches the other's guest, its messages or its contact.
    expect((await rival.get(`/api/guests/${demosStranger!.id}`)).status).toBe(404);
    expect((await rival.get(`/api/guests/${demosStranger!.id}/messages`)).status).toBe(404);
    expect((await rival.get(`/api/customers/${demosStranger!.customer.id}`)).status).toBe(404);
    expect((await admin.get(`/api/guests/${rivalsStranger!.id}`)).status).toBe(404);
    expect((await rival.get(`${north}/guests`)).status).toBe(404);
    expect(JSON.stringify(await guestsAt(admin, locationId))).not.toContain('Rival Auto, a quote?');
  });
});

describe('the demo', () => {
  it('has a stranger who texted North and an appraisal request, answered and passed on', async () => {
    const [stranger] = await guestsOf(manager, locationId, DEMO_STRANGER.phone);
    const lead = (await guestsAt(manager, locationId)).find((g) => g.lead?.first_name === DEMO_LEAD.first_name && g.lead.last_name === DEMO_LEAD.last_name);

    expect((await messagesOf(manager, stranger!.id)).map((m) => m.text)).toContain(DEMO_STRANGER.text);
    expect(lead).toMatchObject({ source: 'lead_form', lead: { button: 'Appraisal request', text: DEMO_LEAD.text }, customer: { phones: { cell: DEMO_LEAD.phone } } });
    // The auto-reply went, or waits for the end of the store's quiet hours when the stack started in them.
    const reply = (await messagesOf(manager, lead!.id)).find((m) => m.metadata.automated === 'lead_autoreply');
    expect(reply?.text).toMatch(/^Demo Motors North: Thanks Jordan! We received your appraisal request/);
    if (reply?.metadata.status !== 'scheduled') await expect.poll(async () => (await textsTo(carrierUrl, DEMO_LEAD.phone)).map((t) => t.text).join('|'), { timeout: 5_000 }).toContain('We received your appraisal request');
    expect((await textsTo(carrierUrl, DEMO_LEAD_RECIPIENTS.sms)).map((t) => t.text).join('|')).toContain('Jordan Ellis');
    expect((await mailbox(carrierUrl, DEMO_LEAD_RECIPIENTS.email)).map((m) => m.subject).join('|')).toContain('Appraisal request');
  });
});
