/**
 * Texts reach customers naming the dealership (carrier rules expect a text to identify the
 * business), in the customer's language: the first text of a conversation, the vehicle-ready text
 * (the default wording and a store's own) and the inspection link, as the carrier received them.
 */
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { saveSheet } from '../../functions/inspections/records.js';
import { readSettings, writeSettings } from '../../functions/lib/settings.js';
import type { CustomerRecord } from '../../functions/customers/records.js';
import type { SettingsOf } from '../../shared/schemas/settings.js';
import { api, signIn, textsTo, type ApiClient } from '../support/api.js';
import { DEMO_NORTH, createRepairOrder, serviceNumberOfNorth, useStackEnv } from '../support/service.js';
import { completedByAdvisor } from '../support/sheetFixtures.js';

const baseUrl = inject('baseUrl');
const carrierUrl = inject('carrierUrl');
const { companyId, locationId } = DEMO_NORTH;

let advisor: ApiClient;
let savedService: SettingsOf<'service_settings'>;
let savedBusiness: SettingsOf<'business_information'>;

beforeAll(async () => {
  useStackEnv();
  advisor = api(baseUrl, await signIn(baseUrl, 'advisor@demo.example'));
  await serviceNumberOfNorth();
  savedService = await readSettings(companyId, locationId, 'service_settings');
  savedBusiness = await readSettings(companyId, locationId, 'business_information');
});

// Each test may change the store's wording or name; the next one (and the next file) starts from the demo's.
afterEach(async () => {
  await writeSettings(companyId, locationId, 'service_settings', savedService, 'agt_manager');
  await setDealershipName(savedBusiness.dealership_name);
});

async function setService(changes: Partial<SettingsOf<'service_settings'>>): Promise<void> {
  const current = await readSettings(companyId, locationId, 'service_settings');
  await writeSettings(companyId, locationId, 'service_settings', { ...current, ...changes }, 'agt_manager');
}

async function setDealershipName(name: string): Promise<void> {
  const current = await readSettings(companyId, locationId, 'business_information');
  await writeSettings(companyId, locationId, 'business_information', { ...current, dealership_name: name }, 'agt_admin');
}

/** What the customer's phone received, oldest first. */
async function received(customer: CustomerRecord): Promise<string[]> {
  return (await textsTo(carrierUrl, customer.phones.cell!)).map((t) => t.text).reverse();
}

const vehicleReady = (roId: string) => advisor.post(`/api/repair_orders/${roId}/vehicle_ready`);

describe("the first text of a conversation names the dealership", () => {
  it("names it on the opt-out line when the advisor's text does not", async () => {
    const { customer, ro } = await createRepairOrder({ customer: { opt_in: 'in' } });

    const res = await advisor.post(`/api/repair_orders/${ro.id}/messages`, { message: { text: 'Your brakes are done' } });

    expect(res.status).toBe(201);
    expect(await received(customer)).toEqual(['Your brakes are done\nDemo Motors North: Reply STOP to opt out']);
  });

  it("writes that line in the customer's language", async () => {
    const { customer, ro } = await createRepairOrder({ customer: { opt_in: 'in', language: 'de' } });

    await advisor.post(`/api/repair_orders/${ro.id}/messages`, { message: { text: 'Ihre Bremsen sind fertig' } });

    expect(await received(customer)).toEqual(['Ihre Bremsen sind fertig\nDemo Motors North: Antworten Sie mit STOP, um sich abzumelden']);
  });

  it("keeps the notice plain when the advisor's text names the dealership, and names it only once", async () => {
    const { customer, ro } = await createRepairOrder({ customer: { opt_in: 'in' } });

    await advisor.post(`/api/repair_orders/${ro.id}/messages`, { message: { text: 'Hi, Priya at Demo Motors North here.' } });
    await advisor.post(`/api/repair_orders/${ro.id}/messages`, { message: { text: 'Your car is ready' } });

    expect(await received(customer)).toEqual(['Hi, Priya at Demo Motors North here.\nReply STOP to opt out', 'Your car is ready']);
  });

  it("names the store's business name, not the location's, when the store has one", async () => {
    await setDealershipName('North Shore Honda');
    const { customer, ro } = await createRepairOrder({ customer: { opt_in: 'in' } });

    await advisor.post(`/api/repair_orders/${ro.id}/messages`, { message: { text: 'Your brakes are done' } });

    expect(await received(customer)).toEqual(['Your brakes are done\nNorth Shore Honda: Reply STOP to opt out']);
  });
});

describe('the vehicle-ready text names the dealership', () => {
  it("goes in the customer's language while the store keeps the default wording", async () => {
    const { customer, ro } = await createRepairOrder({ customer: { opt_in: 'in', language: 'es' } });

    const res = await vehicleReady(ro.id);

    expect(res.status).toBe(200);
    expect(await received(customer)).toEqual(['Demo Motors North: Su vehículo está listo para recoger.\nResponda STOP para darse de baja']);
  });

  it("sends a store's own wording as written, after the dealership's name when it does not say it", async () => {
    await setService({ vehicle_ready_message: 'Your car is washed and ready. We close at 6 pm.' });
    const { customer, ro } = await createRepairOrder({ customer: { opt_in: 'in' } });

    await vehicleReady(ro.id);

    expect(await received(customer)).toEqual(['Demo Motors North: Your car is washed and ready. We close at 6 pm.\nReply STOP to opt out']);
  });

  it("adds nothing to a store's own wording that names the dealership", async () => {
    await setService({ vehicle_ready_message: 'Good news from Demo Motors North: your car is ready.' });
    const { customer, ro } = await createRepairOrder({ customer: { opt_in: 'in', opt_notice_sent_at: new Date().toISOString() } });

    await vehicleReady(ro.id);

    expect(await received(customer)).toEqual(['Good news from Demo Motors North: your car is ready.']);
  });
});

describe('the inspection text names the dealership', () => {
  it("carries the link in the customer's language while the store keeps the default wording", async () => {
    const { customer, ro } = await createRepairOrder({ customer: { opt_in: 'in', language: 'fr' } });
    await saveSheet(completedByAdvisor(ro), null);

    const res = await advisor.post(`/api/tech/mpi/repair_orders/${ro.id}/send_to_customer`);

    expect(res.status).toBe(200);
    const [text] = await received(customer);
    expect(text).toMatch(
      /^Demo Motors North : L'inspection de votre véhicule est prête\. Consultez les travaux recommandés et acceptez ceux que vous souhaitez nous confier : https?:\/\/\S+\/app\/public\/visits\/[\w-]+#inspection\nRépondez STOP pour vous désabonner$/,
    );
    const token = /\/app\/public\/visits\/([\w-]+)/.exec(text!)![1];
    expect((await api(baseUrl).get(`/api/public/visits/${token}`)).status).toBe(200);
  });
});
