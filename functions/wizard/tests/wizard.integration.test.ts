/**
 * The public setup wizard (issue 23) on the shared stack, in stores of the tests' own: who creates,
 * lists and revokes a location's links; the wizard's validations (each range at both edges, the
 * button's style, unknown fields); a save per page landing in the settings the Settings screen
 * reads; finish; the summary PDF; and the token's walls (unknown, revoked and expired tokens alike,
 * and a token of one location never reading or writing another's, nor another company's).
 */
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Activity } from '../../../shared/activities.js';
import { completeSettings } from '../../../shared/schemas/settings.js';
import { WIZARD_ERRORS, WIZARD_LINK_DAYS, type WizardLink } from '../../../shared/wizard/schemas.js';
import { wizardPaths } from '../../../shared/wizard/routes.js';
import { api, signIn, type ApiClient } from '../../../test/support/api.js';
import { accessFlags, createAgent, createOwnStore, type OwnStore } from '../../../test/support/ownStore.js';
import { useStackEnv } from '../../../test/support/service.js';
import { createWizardLink } from '../links.js';

useStackEnv();
const baseUrl = inject('baseUrl');
const run = Date.now().toString(36);
const anon = api(baseUrl);

let store: OwnStore;
let rival: OwnStore;
let admin: ApiClient;
let manager: ApiClient;
let advisor: ApiClient;
let eastManager: ApiClient;
let rivalAdmin: ApiClient;
const id = (name: string) => `agt_wiz_${name}_${run}`;
const as = async (name: string) => api(baseUrl, await signIn(baseUrl, `${id(name)}@harbor.example`));

/** A new link for a location, as its manager (or an admin); answers the token and the link. */
async function newLink(client: ApiClient, locationId: string): Promise<{ token: string; link: WizardLink; url: string }> {
  const res = await client.post(wizardPaths.links(locationId));
  expect(res.status, res.text).toBe(201);
  const url: string = res.body.url;
  const token = /\/app\/public\/location\/([^/]+)\/wizard$/.exec(url)?.[1];
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return { token: token!, link: res.body.wizard_link as WizardLink, url };
}

async function settings(client: ApiClient, locationId: string, key: string) {
  const res = await client.get(`/api/locations/${locationId}/${key}`);
  expect(res.status, res.text).toBe(200);
  return res.body[key];
}

const put = (token: string, answers: unknown) => anon.put(wizardPaths.wizard(token), answers);

beforeAll(async () => {
  store = await createOwnStore('wiz');
  rival = await createOwnStore('wiz_rival');
  await createAgent(store, id('admin'), 'Alex', 'Admin', { access_level: accessFlags('admin', 'service') });
  await createAgent(store, id('mgr'), 'Mara', 'Manager', { access_level: accessFlags('manager', 'service') });
  await createAgent(store, id('adv'), 'Priya', 'Advisor', { access_level: accessFlags('service', 'appointments') });
  await createAgent(store, id('east'), 'Erin', 'East', { access_level: accessFlags('manager', 'service'), location_id: store.otherLocationId });
  await createAgent(rival, id('rival'), 'Rex', 'Rival', { access_level: accessFlags('admin', 'service') });
  [admin, manager, advisor, eastManager, rivalAdmin] = await Promise.all([as('admin'), as('mgr'), as('adv'), as('east'), as('rival')]);
});

describe('wizard links', () => {
  it('a manager creates a link (its address shown once), lists it and revokes it', async () => {
    const { token, link, url } = await newLink(manager, store.locationId);
    expect(url).toMatch(/^https?:\/\/.+\/app\/public\/location\/[A-Za-z0-9_-]{43}\/wizard$/);
    expect(link).toMatchObject({ location_id: store.locationId, created_by: { id: id('mgr'), name: 'Mara Manager' }, finished_at: null, revoked_at: null });
    const days = (Date.parse(link.valid_until) - Date.parse(link.created_at)) / 86_400_000;
    expect(days).toBe(WIZARD_LINK_DAYS);

    const list = await manager.get(wizardPaths.links(store.locationId));
    expect(list.status, list.text).toBe(200);
    expect(list.body.wizard_links.map((l: WizardLink) => l.id)).toContain(link.id);
    // The list never carries the token or its hash.
    expect(list.text).not.toContain(token);
    expect(list.text).not.toContain('token_hash');

    expect((await anon.get(wizardPaths.wizard(token))).status).toBe(200);
    const revoked = await manager.del(wizardPaths.link(store.locationId, link.id));
    expect(revoked.status, revoked.text).toBe(200);
    expect(revoked.body.wizard_link.revoked_at).toEqual(expect.any(String));
    expect((await anon.get(wizardPaths.wizard(token))).status).toBe(404);
    const after = await manager.get(wizardPaths.links(store.locationId));
    expect(after.body.wizard_links.find((l: WizardLink) => l.id === link.id).revoked_at).toEqual(expect.any(String));
  });

  it('an admin manages the links of any location of the company', async () => {
    const { link } = await newLink(admin, store.otherLocationId);
    expect((await eastManager.get(wizardPaths.links(store.otherLocationId))).body.wizard_links.map((l: WizardLink) => l.id)).toContain(link.id);
    expect((await admin.del(wizardPaths.link(store.otherLocationId, link.id))).status).toBe(200);
  });

  it('refuses an advisor (403), and answers 404 for another location of a manager and for another company', async () => {
    const { link } = await newLink(manager, store.locationId);
    expect((await advisor.get(wizardPaths.links(store.locationId))).status).toBe(403);
    expect((await advisor.post(wizardPaths.links(store.locationId))).status).toBe(403);
    expect((await advisor.del(wizardPaths.link(store.locationId, link.id))).status).toBe(403);

    expect((await eastManager.get(wizardPaths.links(store.locationId))).status).toBe(404);
    expect((await eastManager.post(wizardPaths.links(store.locationId))).status).toBe(404);
    // A link id of one location named under another is no link there.
    expect((await eastManager.del(wizardPaths.link(store.otherLocationId, link.id))).status).toBe(404);

    expect((await rivalAdmin.get(wizardPaths.links(store.locationId))).status).toBe(404);
    expect((await rivalAdmin.post(wizardPaths.links(store.locationId))).status).toBe(404);
    expect((await rivalAdmin.del(wizardPaths.link(store.locationId, link.id))).status).toBe(404);
    expect((await rivalAdmin.del(wizardPaths.link(rival.locationId, link.id))).status).toBe(404);
    // Still working: nothing above revoked it.
    expect((await manager.get(wizardPaths.links(store.locationId))).body.wizard_links.find((l: WizardLink) => l.id === link.id).revoked_at).toBeNull();
  });
});

describe('the wizard by its token', () => {
  it('opens with the dealership name, the current settings (defaults where unset) and not finished', async () => {
    const { token } = await newLink(manager, store.locationId);
    const res = await anon.get(wizardPaths.wizard(token));
    expect(res.status, res.text).toBe(200);
    expect(res.body.wizard).toMatchObject({
      location_name: store.name,
      finished_at: null,
      values: {
        marketing_buttons: { label: 'Appraisal request', css_class: 'default' },
        appointment_settings: { remind_days_prior: 1 },
        reminder_settings: { remind_days_after: 6 },
        service_settings: { work_declined_notification_after_days: 3 },
      },
    });
  });

  it.each([
    ['work decline days', 'service_settings', 'work_declined_notification_after_days', 1, 10, WIZARD_ERRORS.work_declined_days],
    ['appointment reminder days', 'appointment_settings', 'remind_days_prior', 1, 7, WIZARD_ERRORS.remind_days_prior],
    ['service reminder months', 'reminder_settings', 'remind_days_after', 1, 12, WIZARD_ERRORS.remind_months_after],
  ])('takes %s at both edges and refuses one past each, with the message', async (_name, section, field, min, max, message) => {
    const { token } = await newLink(manager, store.locationId);
    for (const bad of [min - 1, max + 1, 2.5]) {
      const res = await put(token, { [section]: { [field]: bad } });
      expect(res.status, `${field}=${bad}`).toBe(422);
      expect(res.body.errors.map((e: { message: string }) => e.message)).toEqual([message]);
    }
    for (const good of [min, max]) {
      const res = await put(token, { [section]: { [field]: good } });
      expect(res.status, res.text).toBe(200);
      expect(res.body.wizard.values[section][field]).toBe(good);
    }
  });

  it('refuses a button style outside the five, unknown fields and unknown sections, and writes nothing of a refused save', async () => {
    const { token } = await newLink(manager, store.locationId);
    const before = await settings(manager, store.locationId, 'service_settings');
    const css = await put(token, { marketing_buttons: { css_class: 'rainbow' } });
    expect(css.status).toBe(422);
    expect(css.body.errors[0].message).toBe(WIZARD_ERRORS.css_class);
    for (const body of [{ service_settings: { mode: 'automated' } }, { dms_settings: { dms_id: 'x' } }, { service_settings: { vehicle_ready_message: 'Ready!', quiet_hours_start: '00:00' } }]) {
      const res = await put(token, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors[0].message).toMatch(/Unrecognized key/);
    }
    // A save that mixes a good and a bad section writes neither.
    const mixed = await put(token, { service_settings: { vehicle_ready_message: 'Half saved?' }, appointment_settings: { remind_days_prior: 9 } });
    expect(mixed.status).toBe(422);
    expect(await settings(manager, store.locationId, 'service_settings')).toEqual(before);
  });

  it('saves each page into the settings the Settings screen reads, keeping what a page leaves out', async () => {
    const { token } = await newLink(manager, store.locationId);
    const button = {
      label: 'Value my trade',
      placeholder: 'Year, make, model',
      autoreply_template: 'Thanks {{first_name}}!',
      css_class: 'warning',
      outro_text: 'We will text you.',
      email_notification_recipients: ['Sales@Harbor.example'],
      sms_notification_recipients: ['+16175550142'],
    };
    expect((await put(token, { marketing_buttons: button })).status).toBe(200);
    expect((await put(token, { service_settings: { vehicle_ready_message: 'Your car is ready at Harbor Motors.' } })).status).toBe(200);
    expect((await put(token, { service_settings: { work_declined_opcodes: ['BRK01', 'TIRE2'], work_declined_notification_after_days: 5, work_declined_notification_message: 'Still thinking about it?' } })).status).toBe(200);
    expect((await put(token, { appointment_settings: { remind_days_prior: 2, reminder_template: 'See you on {{date}}.' } })).status).toBe(200);
    expect((await put(token, { reminder_settings: { remind_days_after: 9, reminder_template: 'Time for service.' } })).status).toBe(200);

    const buttons = await settings(manager, store.locationId, 'marketing_buttons');
    expect(buttons.buttons[0]).toMatchObject({ ...button, email_notification_recipients: ['sales@harbor.example'] });
    const service = await settings(manager, store.locationId, 'service_settings');
    expect(service).toMatchObject({
      vehicle_ready_message: 'Your car is ready at Harbor Motors.',
      work_declined_opcodes: ['BRK01', 'TIRE2'],
      work_declined_notification_after_days: 5,
      work_declined_notification_message: 'Still thinking about it?',
      // Not the wizard's: as the store had it.
      quiet_hours_start: '00:00',
    });
    expect(await settings(manager, store.locationId, 'appointments_settings')).toMatchObject({ remind_days_prior: 2, reminder_template: 'See you on {{date}}.' });
    expect(await settings(manager, store.locationId, 'reminder_settings')).toMatchObject({ remind_months_after: 9, reminder_template: 'Time for service.' });

    // The wizard opened again shows what was saved.
    const again = await anon.get(wizardPaths.wizard(token));
    expect(again.body.wizard.values.marketing_buttons.label).toBe('Value my trade');
    expect(again.body.wizard.values.reminder_settings.remind_days_after).toBe(9);
  });

  it('gives a text left empty its default back: unanswered fields fall back to defaults', async () => {
    const { token } = await newLink(manager, store.locationId);
    expect((await put(token, { service_settings: { vehicle_ready_message: 'Custom ready text' }, reminder_settings: { reminder_template: 'Custom reminder' } })).status).toBe(200);
    const res = await put(token, { service_settings: { vehicle_ready_message: '   ', work_declined_notification_message: '' }, reminder_settings: { reminder_template: '' } });
    expect(res.status, res.text).toBe(200);
    const defaults = { ready: completeSettings('service_settings', {}).vehicle_ready_message, reminder: completeSettings('reminder_settings', {}).reminder_template };
    expect(res.body.wizard.values.service_settings).toMatchObject({ vehicle_ready_message: defaults.ready, work_declined_notification_message: '' });
    expect(res.body.wizard.values.reminder_settings.reminder_template).toBe(defaults.reminder);
    expect((await settings(manager, store.locationId, 'service_settings')).vehicle_ready_message).toBe(defaults.ready);
  });

  it('puts a save on the activity list as the Settings screen\'s saves are, by the manager who made the link', async () => {
    const { token } = await newLink(manager, store.locationId);
    expect((await put(token, { appointment_settings: { reminder_template: `Wizard reminder ${run}` } })).status).toBe(200);
    const res = await manager.get('/api/activities/locations?limit=50');
    expect(res.status, res.text).toBe(200);
    const recorded = (res.body.activities as Activity[]).find((a) => a.kind === 'settings_changed' && a.group === 'appointments_settings' && a.changes.some((c) => c.after === `Wizard reminder ${run}`));
    expect(recorded).toMatchObject({ agent: { id: id('mgr') }, location_id: store.locationId, changes: [{ field: 'reminder_template', after: `Wizard reminder ${run}` }] });
  });

  it('refuses a notification number that is no phone number, with the spec text', async () => {
    const { token } = await newLink(manager, store.locationId);
    const res = await put(token, { marketing_buttons: { sms_notification_recipients: ['12'] } });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].message).toBe(WIZARD_ERRORS.phone);
  });

  it('finish marks the link finished, in the wizard and in the manager’s list', async () => {
    const { token, link } = await newLink(manager, store.locationId);
    const res = await anon.put(wizardPaths.finish(token));
    expect(res.status, res.text).toBe(200);
    expect(res.body.wizard.finished_at).toEqual(expect.any(String));
    expect((await anon.get(wizardPaths.wizard(token))).body.wizard.finished_at).toBe(res.body.wizard.finished_at);
    const listed = (await manager.get(wizardPaths.links(store.locationId))).body.wizard_links.find((l: WizardLink) => l.id === link.id);
    expect(listed.finished_at).toBe(res.body.wizard.finished_at);
  });

  it('gives a real PDF of the answers as saved, naming the dealership', async () => {
    const { token } = await newLink(manager, store.locationId);
    expect((await put(token, { service_settings: { vehicle_ready_message: 'Ready for pick-up at Harbor.' } })).status).toBe(200);
    const res = await anon.get(wizardPaths.pdf(token, 'de'));
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect(res.body.pdf.file_name).toMatch(/\.pdf$/);
    const bytes = Buffer.from(res.body.pdf.content_base64, 'base64');
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(1);
    expect(doc.getTitle()).toContain(store.name);
    expect(doc.getTitle()).toContain('Zusammenfassung');
  });
});

describe("the token's walls", () => {
  it('answers unknown, malformed, revoked and expired tokens with the same 404', async () => {
    const { token: revokedToken, link } = await newLink(manager, store.locationId);
    await manager.del(wizardPaths.link(store.locationId, link.id));
    const expired = await createWizardLink(store.companyId, store.locationId, { id: id('mgr'), name: 'Mara Manager' }, new Date(Date.now() - (WIZARD_LINK_DAYS + 1) * 86_400_000));
    const unknown = 'A'.repeat(43);
    const answers = new Set<string>();
    for (const token of [unknown, 'short', revokedToken, expired.token]) {
      for (const res of [
        await anon.get(wizardPaths.wizard(token)),
        await put(token, { service_settings: { vehicle_ready_message: 'Hijacked' } }),
        await anon.put(wizardPaths.finish(token)),
        await anon.get(wizardPaths.pdf(token, 'en-us')),
      ]) {
        expect(res.status, `${token}: ${res.text}`).toBe(404);
        answers.add(res.text);
      }
    }
    expect(answers.size).toBe(1);
    expect((await settings(manager, store.locationId, 'service_settings')).vehicle_ready_message).not.toBe('Hijacked');
  });

  it("a token of one location never reads or writes another location's settings, nor another company's", async () => {
    const main = await newLink(manager, store.locationId);
    const east = await newLink(eastManager, store.otherLocationId);
    const rivals = await newLink(rivalAdmin, rival.locationId);
    const beforeEast = await settings(eastManager, store.otherLocationId, 'service_settings');
    const beforeRival = await settings(rivalAdmin, rival.locationId, 'service_settings');

    expect((await put(main.token, { service_settings: { vehicle_ready_message: 'Main only' } })).status).toBe(200);
    expect((await settings(manager, store.locationId, 'service_settings')).vehicle_ready_message).toBe('Main only');
    expect(await settings(eastManager, store.otherLocationId, 'service_settings')).toEqual(beforeEast);
    expect(await settings(rivalAdmin, rival.locationId, 'service_settings')).toEqual(beforeRival);

    // Each token reads its own location, whatever the body says.
    expect((await put(main.token, { location_id: store.otherLocationId })).status).toBe(422);
    expect((await anon.get(wizardPaths.wizard(east.token))).body.wizard.values.service_settings.vehicle_ready_message).toBe(beforeEast.vehicle_ready_message);
    expect((await anon.get(wizardPaths.wizard(rivals.token))).body.wizard.values.service_settings.vehicle_ready_message).toBe(beforeRival.vehicle_ready_message);
  });

});
