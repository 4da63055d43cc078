/**
 * The landing page's lead form (POST /api/public/locations/{token}/leads, no sign-in): bad input
 * answers SPEC §5's texts at their fields, an unknown token 404, a flood 429 with Retry-After; a
 * lead lands on the guests and leads board with its words as the first message, gets the button's
 * auto-reply once (naming the dealership, through the texting rules), and the button's recipients
 * are told by text and e-mail once; a repeated post with the same Idempotency-Key makes one lead.
 * Each test posts from an address of its own (the stack trusts X-Forwarded-For), so the per-client
 * count of one test never stops another.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Guest } from '../../../shared/guests/guests.js';
import { LEAD_ERRORS, MARKETING_BUTTON_ERRORS, type MarketingButton } from '../../../shared/guests/schemas.js';
import type { Message } from '../../../shared/messages.js';
import { PERSON_ERRORS, PHONE_ERRORS } from '../../../shared/schemas/people.js';
import { changeConsent } from '../../customers/consent.js';
import { saveCustomer } from '../../customers/records.js';
import { api, mailbox, signIn, textsTo, type ApiClient, type ApiResponse } from '../../../test/support/api.js';
import { clearOfWindowEnd, customerRecord, DEMO_NORTH, serviceNumberOfNorth, uniquePhone, useStackEnv } from '../../../test/support/service.js';
import { LEAD_POSTS_PER_CLIENT, LEAD_WINDOW_SECONDS } from '../leadThrottle.js';

const baseUrl = inject('baseUrl');
const carrierUrl = inject('carrierUrl');
const { companyId, locationId } = DEMO_NORTH;
const north = `/api/locations/${locationId}`;
const BUTTON = 'Test drive';

let manager: ApiClient;
let token: string;
let DEALER: string;
let savedButtons: unknown;
/** Where this run's test-drive button sends its notices. */
const recipients = { sms: uniquePhone(), email: `testdrive.${randomUUID().slice(0, 8)}@demo.example` };

let clientSerial = 0;
/** An address of its own for each test's posts (documentation range, 203.0.113.0/24, then 198.51.100.0/24). */
const newClient = () => {
  clientSerial += 1;
  return `${clientSerial < 250 ? '203.0.113' : '198.51.100'}.${clientSerial % 250}`;
};

function post(body: unknown, options: { client: string; key?: string; token?: string }): Promise<ApiResponse> {
  return api(baseUrl).post(`/api/public/locations/${options.token ?? token}/leads`, body, {
    'x-forwarded-for': options.client,
    ...(options.key ? { 'idempotency-key': options.key } : {}),
  });
}

const lead = (overrides: Record<string, unknown> = {}) => ({
  lead: { button: BUTTON, first_name: 'Nora', last_name: 'Lane', phone: uniquePhone().replace('+1', ''), email: 'nora.lane@example.com', text: 'Can I try the new RAV4 on Saturday?', ...overrides },
});

async function leadGuest(phone: string): Promise<Guest | undefined> {
  const res = await manager.get(`${north}/guests?offset=0&limit=100`);
  return (res.body.guests as Guest[]).find((g) => g.customer.phones.cell === phone);
}

beforeAll(async () => {
  useStackEnv();
  process.env.LOG_LEVEL = 'silent';
  DEALER = await serviceNumberOfNorth();
  manager = api(baseUrl, await signIn(baseUrl, 'manager@demo.example'));
  token = (await manager.get(`${north}/lead_form`)).body.lead_form.token;
  savedButtons = (await manager.get(`${north}/marketing_buttons`)).body.marketing_buttons;
  const testDrive: Partial<MarketingButton> = {
    label: BUTTON,
    autoreply_template: 'Hi {{first_name}}, thanks for booking a test drive. We will text you to confirm the time.',
    sms_notification_recipients: [recipients.sms.replace('+1', '')],
    email_notification_recipients: [recipients.email],
    outro_text: 'See you soon!',
  };
  const saved = await manager.post(`${north}/marketing_buttons`, { marketing_buttons: { buttons: [...(savedButtons as { buttons: MarketingButton[] }).buttons, testDrive] } });
  expect(saved.status, saved.text).toBe(200);
});

afterAll(async () => {
  await manager.post(`${north}/marketing_buttons`, { marketing_buttons: savedButtons });
});

describe('the marketing buttons (settings group of the board)', () => {
  it('refuses a button without a label, two with the same label and a recipient that is no number', async () => {
    const res = await manager.post(`${north}/marketing_buttons`, {
      marketing_buttons: { buttons: [{ label: ' ' }, { label: 'Trade-in', sms_notification_recipients: ['12'] }, { label: 'trade-in ' }] },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { message: string }) => e.message)).toEqual(expect.arrayContaining([MARKETING_BUTTON_ERRORS.label, MARKETING_BUTTON_ERRORS.duplicate_label]));
    const number = await manager.post(`${north}/marketing_buttons`, { marketing_buttons: { buttons: [{ label: 'Trade-in', sms_notification_recipients: ['12'] }] } });
    expect(number.body.errors).toEqual([{ message: MARKETING_BUTTON_ERRORS.sms_recipient, path: 'marketing_buttons.buttons.0.sms_notification_recipients.0' }]);
  });

  it('are read and changed by managers only', async () => {
    const advisor = api(baseUrl, await signIn(baseUrl, 'advisor@demo.example'));
    expect((await advisor.get(`${north}/marketing_buttons`)).status).toBe(403);
    expect((await advisor.post(`${north}/marketing_buttons`, { marketing_buttons: { buttons: [] } })).status).toBe(403);
  });
});

describe('a lead from the form', () => {
  it('refuses what cannot be used, with SPEC §5 texts at their fields, and takes nothing', async () => {
    const client = newClient();
    const empty = await post({ lead: { first_name: '', last_name: ' ', phone: '', text: '  ', button: '' } }, { client });
    const missing = await post({}, { client });
    const short = await post(lead({ phone: '617 55' }), { client });
    const invalid = await post(lead({ phone: '(617) 055-0142' }), { client });
    const unknownPhone = uniquePhone();
    const unknownButton = await post(lead({ button: 'Free car', phone: unknownPhone }), { client });
    const badMail = await post(lead({ email: 'nora@' }), { client });
    const tooLong = await post(lead({ text: 'x'.repeat(1601) }), { client });

    expect(empty.status).toBe(422);
    expect(empty.body.errors.map((e: { message: string }) => e.message)).toEqual(
      expect.arrayContaining([LEAD_ERRORS.button, PERSON_ERRORS.first_name, PERSON_ERRORS.last_name, PHONE_ERRORS.missing, LEAD_ERRORS.text]),
    );
    expect(missing.status).toBe(422);
    expect(short.body.errors).toEqual([{ message: PHONE_ERRORS.too_short, path: 'lead.phone' }]);
    expect(invalid.body.errors).toEqual([{ message: PHONE_ERRORS.invalid, path: 'lead.phone' }]);
    expect(unknownButton.body.errors).toEqual([{ message: LEAD_ERRORS.button, path: 'lead.button' }]);
    expect(badMail.body.errors).toEqual([{ message: PERSON_ERRORS.email, path: 'lead.email' }]);
    expect(tooLong.body.errors).toEqual([{ message: LEAD_ERRORS.too_long, path: 'lead.text' }]);
    expect(await leadGuest(unknownPhone)).toBeUndefined();
  });

  it('answers 404 for a token that names no store (malformed, unknown, or renewed away)', async () => {
    const client = newClient();
    expect((await post(lead(), { client, token: 'not-a-token' })).status).toBe(404);
    expect((await post(lead(), { client, token: 'A'.repeat(43) })).status).toBe(404);
  });

  it('lands on the board with its words, gets the auto-reply naming the dealership, and tells the recipients', async () => {
    const phone = uniquePhone();
    const res = await post(lead({ phone: phone.replace('+1', ''), first_name: 'Maya', last_name: 'Ortiz', text: 'Test drive of a Tacoma please' }), { client: newClient(), key: randomUUID() });

    expect(res.status, res.text).toBe(201);
    expect(res.body.lead).toMatchObject({ button: BUTTON, outro_text: 'See you soon!' });
    const guest = await leadGuest(phone);
    expect(guest).toMatchObject({
      source: 'lead_form',
      is_unread: true,
      converted: null,
      lead: { button: BUTTON, first_name: 'Maya', last_name: 'Ortiz', email: 'nora.lane@example.com', text: 'Test drive of a Tacoma please' },
      customer: { first_name: 'Maya', last_name: 'Ortiz', phones: { cell: phone } },
    });
    const messages = (await manager.get(`/api/guests/${guest!.id}/messages`)).body.messages as Message[];
    expect(messages.map((m) => [m.metadata.direction, m.metadata.automated])).toEqual([
      ['outbound', 'lead_autoreply'],
      ['inbound', null],
    ]);
    await expect.poll(async () => (await textsTo(carrierUrl, phone)).map((t) => t.text), { timeout: 5_000 }).toEqual([expect.stringMatching(/^Demo Motors North: Hi Maya, thanks for booking a test drive\./)]);
    expect((await textsTo(carrierUrl, phone))[0]!.from).toBe(DEALER);
    const notices = await textsTo(carrierUrl, recipients.sms);
    expect(notices.map((t) => t.text)).toContainEqual(expect.stringMatching(/^Demo Motors North: new lead, Test drive, from Maya Ortiz \(\+1\d{10}\): Test drive of a Tacoma please$/));
    expect(notices[0]!.from).toBe(DEALER);
    const mails = await mailbox(carrierUrl, recipients.email);
    expect(mails.map((m) => m.subject)).toContainEqual('Demo Motors North: new lead, Test drive, from Maya Ortiz');
    expect(mails[0]!.text).toContain(`/app/guests?guest=${guest!.id}`);
  });

  it('is idempotent: the same post twice makes one lead, one auto-reply and one notice; the key with other words is refused', async () => {
    const phone = uniquePhone();
    const key = randomUUID();
    const body = lead({ phone: phone.replace('+1', ''), first_name: 'Ivan', text: 'Twice?' });
    const client = newClient();

    const [first, second] = await Promise.all([post(body, { client, key }), post(body, { client, key })]);
    const third = await post(body, { client, key });
    const other = await post({ lead: { ...body.lead, text: 'Something else' } }, { client, key });

    expect([first.status, second.status, third.status]).toEqual([201, 201, 201]);
    expect(other.status).toBe(422);
    expect(other.body.error.id).toBe('idempotency_key_mismatch');
    const board = (await manager.get(`${north}/guests?limit=100`)).body.guests as Guest[];
    expect(board.filter((g) => g.customer.phones.cell === phone)).toHaveLength(1);
    const guest = board.find((g) => g.customer.phones.cell === phone)!;
    expect((await manager.get(`/api/guests/${guest.id}/messages`)).body.messages).toHaveLength(2);
    await expect.poll(async () => (await textsTo(carrierUrl, phone)).length, { timeout: 5_000 }).toBe(1);
    expect((await textsTo(carrierUrl, recipients.sms)).filter((t) => t.text.includes('Twice?'))).toHaveLength(1);
    expect((await mailbox(carrierUrl, recipients.email)).filter((m) => m.text.includes('Twice?'))).toHaveLength(1);
  });

  it("goes through the texting rules: an opted-out number gets no auto-reply, and the conversation says why", async () => {
    const phone = uniquePhone();
    const customer = customerRecord({ location_id: 'loc_demo_south', phones: { cell: phone, work: null, alternate: null } });
    await saveCustomer(customer);
    await changeConsent({ companyId, customer, status: 'out', initiator: 'customer', method: 'sms_keyword', wording: 'STOP', agent: null });

    const res = await post(lead({ phone: phone.replace('+1', ''), text: 'Opted out but curious' }), { client: newClient() });

    expect(res.status).toBe(201);
    const guest = await leadGuest(phone);
    expect(guest?.customer.opt_in).toBe('out');
    const messages = (await manager.get(`/api/guests/${guest!.id}/messages`)).body.messages as Message[];
    expect(messages.some((m) => m.metadata.note?.key === 'not_delivered')).toBe(true);
    expect(await textsTo(carrierUrl, phone)).toEqual([]);
  });

  it("from a number that is a customer of the store, is that customer's lead", async () => {
    const customer = customerRecord({ first_name: 'Kim', last_name: `Known${randomUUID().slice(0, 6)}` });
    await saveCustomer(customer);

    const res = await post(lead({ phone: customer.phones.cell!, first_name: 'Kimberly', text: 'Trade in my car?' }), { client: newClient() });

    expect(res.status).toBe(201);
    const guest = await leadGuest(customer.phones.cell!);
    expect(guest).toMatchObject({ customer: { id: customer.id, first_name: 'Kim' }, converted: { how: 'linked', agent: null }, lead: { first_name: 'Kimberly' } });
  });

  it('stops a flood from one address with 429 and Retry-After; another address still posts', async () => {
    await clearOfWindowEnd(LEAD_WINDOW_SECONDS, 20);
    const client = newClient();
    const answers: ApiResponse[] = [];
    for (let i = 0; i <= LEAD_POSTS_PER_CLIENT; i++) answers.push(await post({ lead: { button: 'x' } }, { client }));
    const flooded = answers.at(-1)!;
    const elsewhere = await post(lead(), { client: newClient() });

    expect(answers.slice(0, LEAD_POSTS_PER_CLIENT).map((a) => a.status)).toEqual(Array(LEAD_POSTS_PER_CLIENT).fill(422));
    expect(flooded.status).toBe(429);
    expect(flooded.body.error).toMatchObject({ id: 'too_many_requests', message: LEAD_ERRORS.flood });
    const retryAfter = Number(flooded.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(flooded.body.error.retry_after_seconds).toBe(retryAfter);
    expect((await post(lead(), { client })).status).toBe(429);
    expect(elsewhere.status, elsewhere.text).toBe(201);
  }, 60_000);

  it('renews once for two managers renewing at once: both answers are good, the current token works', async () => {
    const [a, b] = await Promise.all([manager.put(`${north}/lead_form/token`), manager.put(`${north}/lead_form/token`)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    token = (await manager.get(`${north}/lead_form`)).body.lead_form.token;
    expect([a.body.lead_form.token, b.body.lead_form.token]).toContain(token);
    expect((await post(lead(), { client: newClient() })).status).toBe(201);
  });

  it('stops working for a token the manager renewed; the new one works', async () => {
    const old = token;
    const renewed = await manager.put(`${north}/lead_form/token`);
    token = renewed.body.lead_form.token;
    expect(token).not.toBe(old);
    expect((await post(lead(), { client: newClient(), token: old })).status).toBe(404);
    expect((await post(lead(), { client: newClient() })).status).toBe(201);
  });
});
