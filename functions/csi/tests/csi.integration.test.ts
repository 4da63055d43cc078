/**
 * CSI surveys (issue 21 part 3) on the shared stack, in a store of the tests' own: when the survey
 * goes and how often, a rating by reply and on the page, ordinary texts not taken for ratings, the
 * one reminder, the low-rating notice on the managers' channels, and the walls (another company's
 * agent, another order's token).
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { readSettings, writeSettings } from '../../lib/settings.js';
import { channels } from '../../lib/realtime.js';
import '../../messages/boards.js';
import { tellRepairOrderListeners } from '../../repairOrders/moments.js';
import { getRepairOrder, saveRepairOrder, type RepairOrderRecord } from '../../repairOrders/records.js';
import type { CustomerRecord } from '../../customers/records.js';
import { getSurvey } from '../records.js';
import { sendSurveyReminders } from '../reminders.js';
import { offerSurvey, sendSurvey } from '../surveys.js';
import { getAgent } from '../../lib/agents.js';
import { api, mailbox, replyAsCustomer, signIn, textsTo, type ApiClient } from '../../../test/support/api.js';
import { eventsAbout } from '../../../test/support/events.js';
import { accessFlags, createAgent, createOwnStore, type OwnStore } from '../../../test/support/ownStore.js';
import { createRepairOrder, repairOrderRecord, uniquePhone, useStackEnv } from '../../../test/support/service.js';

useStackEnv();
const baseUrl = inject('baseUrl');
const carrierUrl = inject('carrierUrl');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const REVIEW = 'https://reviews.example.com/harbor-motors';

let store: OwnStore;
let rival: OwnStore;
let manager: ApiClient;
let rivalManager: ApiClient;
const MANAGER_ID = `agt_csi_mgr_${Date.now().toString(36)}`;
/** A manager who takes SMS notifications (My profile) and no e-mail. */
const TEXTED_MANAGER_ID = `${MANAGER_ID}_sms`;
const TEXTED_MANAGER_PHONE = uniquePhone();

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function csiSettings(changes: Partial<Awaited<ReturnType<typeof readSettings<'csi_settings'>>>>, at: OwnStore = store): Promise<void> {
  const current = await readSettings(at.companyId, at.locationId, 'csi_settings');
  await writeSettings(at.companyId, at.locationId, 'csi_settings', { ...current, ...changes }, 'agt_test');
}

/** A customer with a closed order at the store (the DMS closed it). */
async function closedOrder(customer?: Partial<CustomerRecord>, at: OwnStore = store): Promise<{ customer: CustomerRecord; ro: RepairOrderRecord }> {
  const made = await createRepairOrder({
    customer: { company_id: at.companyId, location_id: at.locationId, opt_in: 'in', ...customer },
    ro: { closed: true, closed_at: new Date().toISOString() },
  });
  return made;
}

async function orderOf(ro: RepairOrderRecord): Promise<RepairOrderRecord> {
  return (await getRepairOrder(ro.company_id, ro.id, true))!;
}

// The survey text links to the order's visit page, opened at its survey (issue 21 part 5).
const surveyTexts = async (phone: string) => (await textsTo(carrierUrl, phone)).filter((sms) => sms.direction === 'outbound' && /\/app\/public\/visits\/[A-Za-z0-9_-]+#survey/.test(sms.text));
const tokenOf = (text: string) => /\/app\/public\/visits\/([A-Za-z0-9_-]+)#survey/.exec(text)![1]!;
const surveyPart = async (token: string) => {
  const res = await api(baseUrl).get(`/api/public/visits/${token}`);
  return { status: res.status, survey: (res.body?.visit?.parts as { kind: string; data: unknown }[] | undefined)?.find((p) => p.kind === 'survey')?.data };
};
const answerOnPage = (token: string, body: unknown) => api(baseUrl).post(`/api/public/visits/${token}/survey/answer`, body);

/** A closed order whose survey went: the customer, the order and its visit page's token. */
async function surveyed(customer?: Partial<CustomerRecord>): Promise<{ customer: CustomerRecord; ro: RepairOrderRecord; token: string }> {
  const { customer: c, ro } = await closedOrder(customer);
  expect((await offerSurvey(ro, 'closed')).outcome).toBe('sent');
  const [text] = await until(() => surveyTexts(c.phones.cell!), (list) => list.length === 1, 'the survey text');
  return { customer: c, ro, token: tokenOf(text!.text) };
}

async function inboundCount(ro: RepairOrderRecord): Promise<number> {
  const res = await manager.get(`/api/repair_orders/${ro.id}/messages?limit=100`);
  return (res.body.messages as { metadata: { direction: string } }[]).filter((m) => m.metadata.direction === 'inbound').length;
}

/** The customer texts `text`; answers once the console has stored it (and acted on it). */
async function reply(customer: CustomerRecord, ro: RepairOrderRecord, text: string): Promise<void> {
  const before = await inboundCount(ro);
  expect((await replyAsCustomer(carrierUrl, customer.phones.cell!, store.number, text)).status).toBeLessThan(300);
  await until(() => inboundCount(ro), (n) => n > before, `the reply ${JSON.stringify(text)}`);
}

beforeAll(async () => {
  store = await createOwnStore('csi');
  rival = await createOwnStore('csi_rival');
  await createAgent(store, MANAGER_ID, 'Mara', 'Manager', { access_level: accessFlags('manager', 'service'), email_notifications_enabled: true });
  await createAgent(store, TEXTED_MANAGER_ID, 'Tess', 'Texted', {
    access_level: accessFlags('manager', 'service'),
    sms_notifications_enabled: true,
    sms_notifications_phone: TEXTED_MANAGER_PHONE,
    locale: 'de',
  });
  await createAgent(rival, `${MANAGER_ID}_rival`, 'Rex', 'Rival', { access_level: accessFlags('manager', 'service') });
  manager = api(baseUrl, await signIn(baseUrl, `${MANAGER_ID}@harbor.example`));
  rivalManager = api(baseUrl, await signIn(baseUrl, `${MANAGER_ID}_rival@harbor.example`));
  await csiSettings({ enabled: true, send_on: 'closed', frequency_days: 90, review_link: REVIEW, low_rating_threshold: 6 });
}, 60_000);

describe('when the survey goes', () => {
  it('goes when the DMS closes the order, naming the store, with the page link; not when the console closes an idle order', async () => {
    const { customer, ro } = await closedOrder();
    await tellRepairOrderListeners('closed', ro, 'inactivity');
    expect(await getSurvey(ro.company_id, ro.id, true)).toBeUndefined();

    await tellRepairOrderListeners('closed', ro, 'dms');
    const [text] = await until(() => surveyTexts(customer.phones.cell!), (list) => list.length === 1, 'the survey text');
    expect(text!.text).toContain('Harbor Motors');
    expect(text!.text).toMatch(/number from 0/);
    expect((await getSurvey(ro.company_id, ro.id, true))?.state).toBe('open');
  });

  it('follows csi_settings: nothing while off, nothing at vehicle ready when it goes on close, and the other way round', async () => {
    const { ro } = await closedOrder();
    const outcomes: string[] = [];
    try {
      await csiSettings({ enabled: false });
      outcomes.push((await offerSurvey(ro, 'closed')).outcome);
      await csiSettings({ enabled: true, send_on: 'vehicle_ready' });
      outcomes.push((await offerSurvey(ro, 'closed')).outcome);
      outcomes.push((await offerSurvey(ro, 'vehicle_ready')).outcome);
    } finally {
      await csiSettings({ enabled: true, send_on: 'closed' });
    }
    expect(outcomes).toEqual(['off', 'off', 'sent']);
  });

  it('in the customer’s language', async () => {
    const { customer } = await surveyed({ language: 'de' });
    const [text] = await surveyTexts(customer.phones.cell!);
    expect(text!.text).toContain('Vielen Dank für Ihren Besuch');
  });

  it('once per order, and no more often per customer than the frequency allows', async () => {
    const { customer, ro } = await surveyed();
    expect((await offerSurvey(ro, 'closed')).outcome).toBe('already_surveyed');
    // The same customer's next visit, 30 days later and 91 days later (the store's frequency is 90 days).
    const next = repairOrderRecord(customer, { closed: true, closed_at: new Date().toISOString() });
    await saveRepairOrder(next, null);
    expect((await offerSurvey(next, 'closed', new Date(Date.now() + 30 * DAY))).outcome).toBe('too_soon');
    expect((await offerSurvey(next, 'closed', new Date(Date.now() + 91 * DAY))).outcome).toBe('sent');
  });

  it('is not counted against the customer when the gatekeeper keeps it back', async () => {
    const { customer, ro } = await closedOrder({ opt_in: 'out' });
    expect((await offerSurvey(ro, 'closed')).outcome).toBe('refused');
    expect(await getSurvey(ro.company_id, ro.id, true)).toBeUndefined();
    expect(await surveyTexts(customer.phones.cell!)).toEqual([]);
  });
});

describe('a rating by reply', () => {
  it('records the first number, notes it, thanks the customer with the review link, and a later number changes nothing', async () => {
    const { customer, ro } = await surveyed();
    await reply(customer, ro, '9 great service');
    expect((await orderOf(ro)).satisfaction_poll).toEqual({ rating: 9 });
    const survey = await getSurvey(ro.company_id, ro.id, true);
    expect(survey).toMatchObject({ state: 'answered', rating: 9, comment: 'great service', via: 'text' });

    const messages = (await manager.get(`/api/repair_orders/${ro.id}/messages?limit=100`)).body.messages as { text: string; metadata: { direction: string; note?: Record<string, string> | null } }[];
    expect(messages.some((m) => m.metadata.note?.key === 'survey_answered' && m.metadata.note.rating === '9')).toBe(true);
    const thanks = await until(() => textsTo(carrierUrl, customer.phones.cell!), (list) => list.some((sms) => sms.text.includes(REVIEW)), 'the thank-you');
    expect(thanks.find((sms) => sms.text.includes(REVIEW))!.text).toContain('Harbor Motors');

    await reply(customer, ro, '2');
    expect((await orderOf(ro)).satisfaction_poll).toEqual({ rating: 9 });
  });

  it.each(["I'll be there at 5", '2 more questions', '5 minutes away', '3pm?', 'ok thanks', '11', '5:30 works'])('leaves %j as an ordinary text', async (text) => {
    const { customer, ro } = await surveyed();
    await reply(customer, ro, text);
    expect((await getSurvey(ro.company_id, ro.id, true))?.state).toBe('open');
    expect((await orderOf(ro)).satisfaction_poll).toBeNull();
  });

  it('offers the review link after a low rating too, and tells the managers at once', async () => {
    const since = Date.now() - 1000;
    const { customer, ro } = await surveyed();
    await reply(customer, ro, '3 - waited two hours');
    await until(() => textsTo(carrierUrl, customer.phones.cell!), (list) => list.some((sms) => sms.text.includes(REVIEW)), 'the thank-you with the review link');
    const notices = await until(() => eventsAbout(store.companyId, channels.agent(MANAGER_ID), since, { repairOrderId: ro.id, type: 'csi.low_rating' }), (list) => list.length === 1, 'the low-rating notice');
    expect(notices[0]!.data).toMatchObject({ rating: 3, comment: 'waited two hours', link: `/?ro=${ro.id}` });
    // And by e-mail (the manager takes e-mail notifications), with the way back to the order.
    const mails = await until(() => mailbox(carrierUrl, `${MANAGER_ID}@harbor.example`), (list) => list.some((m) => m.text.includes(ro.ro_id)), 'the low-rating e-mail');
    const alert = mails.find((m) => m.text.includes(ro.ro_id))!;
    expect(alert.subject).toContain('Low rating (3/10)');
    expect(alert.text).toContain('"waited two hours"');
    expect(alert.text).toContain(`/app/?ro=${ro.id}`);
    // By text to the manager who takes SMS notifications, in their language, naming the store; no e-mail for them.
    const texts = await until(() => textsTo(carrierUrl, TEXTED_MANAGER_PHONE), (list) => list.some((sms) => sms.text.includes(ro.ro_id)), 'the low-rating text');
    expect(texts.find((sms) => sms.text.includes(ro.ro_id))!.text).toContain(`mit 3 von 10 bewertet (Werkstattauftrag ${ro.ro_id}, ${store.name})`);
    expect((await mailbox(carrierUrl, `${TEXTED_MANAGER_ID}@harbor.example`)).filter((m) => m.text.includes(ro.ro_id))).toEqual([]);
  });

  it('does not alert the managers above the threshold', async () => {
    const since = Date.now() - 1000;
    const { customer, ro } = await surveyed();
    await reply(customer, ro, '7');
    expect((await orderOf(ro)).satisfaction_poll).toEqual({ rating: 7 });
    expect(await eventsAbout(store.companyId, channels.agent(MANAGER_ID), since, { repairOrderId: ro.id, type: 'csi.low_rating' })).toEqual([]);
  });

  it('is no answer to a survey that is not open (none sent, or already answered)', async () => {
    const { customer, ro } = await closedOrder();
    await reply(customer, ro, '10');
    expect((await orderOf(ro)).satisfaction_poll).toBeNull();
  });
});

describe('the survey on the visit page', () => {
  it('answers its own order only: the store, the order, the answer once; a second answer is refused', async () => {
    const { ro, token } = await surveyed();
    const other = await surveyed();
    const page = await api(baseUrl).get(`/api/public/visits/${token}`);
    expect(page.status).toBe(200);
    expect(page.body.visit).toMatchObject({ dealership: 'Harbor Motors', order: { number: ro.ro_id } });
    expect((await surveyPart(token)).survey).toEqual({ state: 'open', rating: null, comment: '', review_link: null });

    const answered = await answerOnPage(token, { rating: 4, comment: 'Too slow' });
    expect(answered.status).toBe(200);
    expect(answered.body.part.data).toMatchObject({ state: 'answered', rating: 4, comment: 'Too slow', review_link: REVIEW });
    expect((await orderOf(ro)).satisfaction_poll).toEqual({ rating: 4 });
    expect((await orderOf(other.ro)).satisfaction_poll).toBeNull();

    const again = await answerOnPage(token, { rating: 10 });
    expect(again.status).toBe(409);
    expect((await orderOf(ro)).satisfaction_poll).toEqual({ rating: 4 });
  });

  it('refuses a rating outside 0–10 with a clear error and keeps the survey open', async () => {
    const { ro, token } = await surveyed();
    for (const body of [{ rating: 11 }, { rating: -1 }, { rating: 7.5 }, { rating: '9' }, {}]) {
      const res = await answerOnPage(token, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.text).toContain('Please choose a rating from 0 to 10');
    }
    expect((await getSurvey(ro.company_id, ro.id, true))?.state).toBe('open');
  });

  it("opens a link sent before the visit page on the order's visit", async () => {
    const { ro, token } = await surveyed();
    const { putItem } = await import('../../lib/table.js');
    const { hashSurveyToken, surveyKeys } = await import('../records.js');
    // An old survey link: its token as offerSurvey wrote it before the visit page.
    const old = `old_${Date.now().toString(36)}_${'a'.repeat(24)}`;
    await putItem({ ...surveyKeys.surveyToken(hashSurveyToken(old)), company_id: ro.company_id, ro_id: ro.id, expires: new Date(Date.now() + DAY).toISOString() });
    const res = await api(baseUrl).get(`/api/public/surveys/${old}/visit`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.visit.url).toMatch(new RegExp(`/app/public/visits/${token}#survey$`));
    expect((await api(baseUrl).get(`/api/public/surveys/${'x'.repeat(43)}/visit`)).status).toBe(404);
  });

  it('answers 404 for an unknown or malformed token', async () => {
    expect((await api(baseUrl).get(`/api/public/surveys/${'x'.repeat(43)}`)).status).toBe(404);
    expect((await api(baseUrl).get('/api/public/surveys/short')).status).toBe(404);
  });
});

describe('the reminder', () => {
  it('goes once, 24 hours after an unanswered survey, and never after an answer', async () => {
    const waiting = await surveyed();
    const answered = await surveyed();
    await reply(answered.customer, answered.ro, '10');
    await sendSurveyReminders(new Date(Date.now() + 23 * HOUR));
    const reminders = async (phone: string) => (await textsTo(carrierUrl, phone)).filter((sms) => sms.text.includes('still love to hear'));
    expect(await reminders(waiting.customer.phones.cell!)).toEqual([]);

    await sendSurveyReminders(new Date(Date.now() + 25 * HOUR));
    await sendSurveyReminders(new Date(Date.now() + 26 * HOUR));
    await until(() => reminders(waiting.customer.phones.cell!), (list) => list.length === 1, 'the reminder');
    expect(await reminders(answered.customer.phones.cell!)).toEqual([]);
    expect((await getSurvey(store.companyId, waiting.ro.id, true))?.reminded_at).not.toBeNull();
  });
});

describe("the advisor's Send survey", () => {
  const send = (ro: RepairOrderRecord, client: ApiClient = manager) => client.post(`/api/repair_orders/${ro.id}/survey`, {});

  it('sends the survey now, with the visit link, and its reminder 24 hours later', async () => {
    const { customer, ro } = await closedOrder();
    const res = await send(ro);
    expect(res.status, res.text).toBe(201);
    expect(res.body.survey).toMatchObject({ ro_id: ro.id, state: 'open', rating: null, reminded_at: null });
    const [text] = await until(() => surveyTexts(customer.phones.cell!), (list) => list.length === 1, 'the survey text');
    expect(text!.text).toContain('Harbor Motors');
    const survey = (await getSurvey(ro.company_id, ro.id, true))!;
    expect(Date.parse(survey.remind_at!) - Date.parse(survey.sent_at)).toBe(DAY);
    expect(survey.message_id).not.toBeNull();
    // The order is the agent's: the text in the conversation is theirs.
    const messages = (await manager.get(`/api/repair_orders/${ro.id}/messages?limit=100`)).body.messages as { metadata: { direction: string; automated?: string | null } }[];
    expect(messages.filter((m) => m.metadata.direction === 'outbound')).toHaveLength(1);
  });

  it('says the survey is waiting, or answered, rather than sending it twice', async () => {
    const waiting = await surveyed();
    const open = await send(waiting.ro);
    expect(open.status).toBe(422);
    expect(open.body.error).toMatchObject({ id: 'open', message: 'The survey was already sent for this repair order and is waiting for the answer' });

    await reply(waiting.customer, waiting.ro, '8');
    const answered = await send(waiting.ro);
    expect(answered.status).toBe(422);
    expect(answered.body.error).toMatchObject({ id: 'answered', message: 'The customer already answered the survey for this repair order' });
    expect(await surveyTexts(waiting.customer.phones.cell!)).toHaveLength(1);
  });

  it('sends one survey when two advisors press at once', async () => {
    const { customer, ro } = await closedOrder();
    const answers = await Promise.all([send(ro), send(ro)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422]);
    expect(answers.find((a) => a.status === 422)!.body.error.id).toBe('open');
    await until(() => surveyTexts(customer.phones.cell!), (list) => list.length === 1, 'the survey text');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await surveyTexts(customer.phones.cell!)).toHaveLength(1);
  });

  it("keeps to the customer's frequency and says when the next survey may go", async () => {
    const { customer } = await surveyed();
    const next = repairOrderRecord(customer, { closed: true, closed_at: new Date().toISOString() });
    await saveRepairOrder(next, null);
    const res = await send(next);
    expect(res.status).toBe(422);
    expect(res.body.error.id).toBe('too_soon');
    const nextAt = Date.parse(res.body.error.next_at as string);
    expect(Math.abs(nextAt - (Date.now() + 90 * DAY))).toBeLessThan(60_000);
    expect(res.body.error.message).toContain(`the next survey may go from ${new Date(nextAt).toISOString().slice(0, 10)}`);
    expect(await getSurvey(next.company_id, next.id, true)).toBeUndefined();
  });

  it('may ask again once a survey ended unanswered and the frequency allows; the automatic survey never does', async () => {
    const { customer, ro } = await surveyed();
    const agent = (await getAgent(store.companyId, MANAGER_ID))!;
    const settings = await readSettings(ro.company_id, ro.location_id, 'csi_settings');
    expect((await sendSurvey(ro, settings, { agent }, new Date(Date.now() + 20 * DAY))).outcome).toBe('too_soon');
    expect((await offerSurvey(ro, 'closed', new Date(Date.now() + 91 * DAY))).outcome).toBe('already_surveyed');
    expect((await sendSurvey(ro, settings, { agent }, new Date(Date.now() + 91 * DAY))).outcome).toBe('sent');
    await until(() => surveyTexts(customer.phones.cell!), (list) => list.length === 2, 'the second survey text');
  });

  it("answers the gatekeeper's or consent's refusal, and the customer is not counted as surveyed", async () => {
    const { customer, ro } = await closedOrder({ opt_in: 'out' });
    const res = await send(ro);
    expect(res.status).toBe(422);
    // The store's `csi` rule keeps texts from opted-out customers: the core's id, reason and words.
    expect(res.body.error.id).toBe('gatekeeper');
    expect(res.body.error.reason).toBeTruthy();
    expect(res.body.error.message).toBeTruthy();
    expect(await getSurvey(ro.company_id, ro.id, true)).toBeUndefined();
    expect(await surveyTexts(customer.phones.cell!)).toEqual([]);
  });

  it('refuses an archived order, and while CSI is off at the store', async () => {
    const { ro: archived } = await createRepairOrder({
      customer: { company_id: store.companyId, location_id: store.locationId, opt_in: 'in' },
      ro: { closed: true, closed_at: new Date().toISOString(), archived: true },
    });
    const res = await send(archived);
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ id: 'archived', message: 'This repair order is archived' });

    const { ro } = await closedOrder();
    let off;
    try {
      await csiSettings({ enabled: false });
      off = await send(ro);
    } finally {
      await csiSettings({ enabled: true });
    }
    expect(off.status).toBe(422);
    expect(off.body.error).toMatchObject({ id: 'off', message: 'CSI surveys are turned off for this store' });
    expect(await getSurvey(ro.company_id, ro.id, true)).toBeUndefined();
  });

  it("answers 404 for another company's order and sends nothing", async () => {
    const { customer, ro } = await closedOrder();
    expect((await send(ro, rivalManager)).status).toBe(404);
    expect(await getSurvey(ro.company_id, ro.id, true)).toBeUndefined();
    expect(await surveyTexts(customer.phones.cell!)).toEqual([]);
  });
});

describe('the walls', () => {
  it('shows an order’s survey to the store’s agents and answers 404 to another company', async () => {
    const { ro } = await surveyed();
    const own = await manager.get(`/api/repair_orders/${ro.id}/survey`);
    expect(own.status).toBe(200);
    expect(own.body.survey).toMatchObject({ ro_id: ro.id, state: 'open', rating: null });
    expect((await rivalManager.get(`/api/repair_orders/${ro.id}/survey`)).status).toBe(404);
  });
});
