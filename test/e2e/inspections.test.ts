/**
 * Multi-point inspections end to end, across three browsers: the technician claims a sheet from
 * the pool (it leaves every open pool at once), fills it out with a photo and a recommendation and
 * completes it; the advisor claims it, completes it and texts it to the customer; the customer opens
 * the link from the text on their phone and approves the work, and the advisor sees the decision on
 * their open sheet without a reload. The manager's inbox shows who holds a claimed sheet.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { SheetReply, SheetTemplate } from '../../shared/inspections/inspections.js';
import { api, signIn, textsTo } from '../support/api.js';
import { createRepairOrder, DEMO_NORTH, serviceNumberOfNorth, useStackEnv } from '../support/service.js';
import { landingUrl, signInAs, useBrowser } from './browser.js';

const browser = useBrowser();
useStackEnv();

/** A 16×16 red PNG: small enough to inline, a real image for the browser to make renditions of. */
const PHOTO = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR4nGM4oaFBEmIY1TCqYfhqAAB8MxgQ+Pjr0gAAAABJRU5ErkJggg==', 'base64');

/** A new order at North with a fresh sheet from the location's default car template (as the DMS feed would give it). */
async function orderWithSheet(firstName: string, lastName: string) {
  await serviceNumberOfNorth();
  const { customer, ro } = await createRepairOrder({ customer: { first_name: firstName, last_name: lastName, opt_in: 'in' } });
  const manager = api(browser.baseUrl, await signIn(browser.baseUrl, 'manager@demo.example'));
  const templates = await manager.get(`/api/locations/${DEMO_NORTH.locationId}/tech/mpi/sheet_templates`);
  expect(templates.status).toBe(200);
  const template = (templates.body.sheet_templates as SheetTemplate[]).find((t) => t.default && t.vehicle_type === 'car');
  expect(template).toBeDefined();
  const started = await manager.put(`/api/tech/mpi/repair_orders/${ro.id}/template`, { template_id: template!.id });
  expect(started.status).toBe(200);
  return { customer, ro, sheet: (started.body as SheetReply).sheet };
}

function poolRow(page: Page, roId: string) {
  return page.locator(`[data-testid="mpi-pool-row"][data-ro-id="${roId}"]`);
}

describe('multi-point inspections', () => {
  it('goes from the technician’s claim to the customer’s approval, live on the advisor’s sheet', async () => {
    const { customer, ro, sheet } = await orderWithSheet('Tomas', 'Tread');
    const firstGroup = sheet.groups[0]!;
    const redItem = firstGroup.items[0]!;

    // Two pools open: the technician's and the advisor's.
    const tech = await browser.page();
    await signInAs(tech, 'tech@demo.example');
    await expect.poll(() => tech.url()).toMatch(landingUrl('/app/mpi'));
    const advisor = await browser.page();
    await signInAs(advisor, 'advisor@demo.example');
    await advisor.goto('/app/mpi');
    await poolRow(advisor, ro.id).waitFor({ timeout: 15_000 });

    // The technician claims it; it leaves the advisor's open pool without a reload.
    await poolRow(tech, ro.id).waitFor({ timeout: 15_000 });
    await poolRow(tech, ro.id).getByTestId('mpi-claim').click();
    await tech.getByTestId('mpi-claim-confirm').click();
    await tech.locator('[data-testid="mpi-sheet"][data-state="claimed"]').waitFor({ timeout: 15_000 });
    await expect.poll(() => poolRow(advisor, ro.id).count(), { timeout: 10_000 }).toBe(0);

    // The manager's inbox shows who holds it.
    const manager = await browser.page();
    await signInAs(manager, 'manager@demo.example');
    await manager.goto('/app/mpi/claimed');
    await manager.getByTestId('mpi-tab-manager').click();
    const held = manager.locator(`[data-testid="mpi-manager-row"][data-ro-id="${ro.id}"]`);
    await held.waitFor({ timeout: 15_000 });
    expect(await held.textContent()).toContain('Luis Ortega');

    // The technician fills it out: one red item with a comment and a photo, the rest green, one recommendation.
    const item = tech.locator(`[data-testid="mpi-item"][data-item="${redItem.name}"]`).first();
    await item.getByTestId('mpi-status-red').click();
    await item.getByTestId('mpi-item-comment').fill('Pads at 2 mm');
    await item.getByTestId('mpi-item-file').setInputFiles({ name: 'pads.png', mimeType: 'image/png', buffer: PHOTO });
    await item.getByTestId('mpi-attachment').first().waitFor({ timeout: 15_000 });
    await tech.getByTestId('mpi-rest-green').click();
    await tech.getByTestId('mpi-add-recommendation').click();
    const recommendation = tech.getByTestId('mpi-recommendation').last();
    await recommendation.getByTestId('mpi-recommendation-item').selectOption({ label: `${firstGroup.name} — ${redItem.name}` });
    await recommendation.getByTestId('mpi-recommendation-comment').fill('Replace front brake pads');
    await recommendation.getByTestId('mpi-recommendation-price').fill('240.00');
    await tech.getByTestId('mpi-save').click();
    await expect.poll(() => tech.getByTestId('mpi-recommendation').first().getAttribute('data-recommendation-id'), { timeout: 10_000 }).toMatch(/^rec_/);
    await tech.getByTestId('mpi-complete-technician').click();
    await tech.locator('[data-testid="mpi-sheet"][data-state="completed_by_technician"]').waitFor({ timeout: 10_000 });

    // The advisor takes it over, completes it and texts it to the customer.
    await advisor.goto(`/app/mpi/repair_orders/${ro.id}`);
    await advisor.locator('[data-testid="mpi-sheet"][data-state="completed_by_technician"]').waitFor({ timeout: 15_000 });
    await advisor.getByTestId('mpi-advisor-claim').click();
    await advisor.locator('[data-testid="mpi-sheet"][data-state="claimed"]').waitFor({ timeout: 10_000 });
    await advisor.getByTestId('mpi-complete-advisor').click();
    await advisor.locator('[data-testid="mpi-sheet"][data-state="completed_by_advisor"]').waitFor({ timeout: 10_000 });
    await advisor.getByTestId('mpi-send-customer').click();
    await advisor.getByTestId('mpi-send-confirm').click();

    // The customer's phone shows the text; its link opens the inspection, with the photo and the price.
    const phone = customer.phones.cell!;
    await expect
      .poll(async () => (await textsTo(browser.carrierUrl, phone)).map((t) => t.text).join('\n'), { timeout: 15_000 })
      .toMatch(/\/app\/public\/visits\//);
    const texts = await textsTo(browser.carrierUrl, phone);
    const link = /https?:\/\/\S+\/app\/public\/visits\/[\w-]+#inspection/.exec(texts.map((t) => t.text).join('\n'))![0];

    const customerContext = await browser.context();
    const customerPhone = await customerContext.newPage();
    await customerPhone.setViewportSize({ width: 390, height: 844 });
    await customerPhone.goto(`/dev/phone?phone=${encodeURIComponent(phone)}`);
    await expect.poll(() => customerPhone.locator('#thread').textContent(), { timeout: 10_000 }).toContain('/app/public/visits/');
    await customerPhone.goto(link);
    await customerPhone.locator('[data-testid="inspection-page"][data-state="ready"]').waitFor({ timeout: 15_000 });
    // The store's number as its US customers write it, calling the number itself.
    const call = customerPhone.locator('footer.contact a[href^="tel:"]');
    expect(await call.textContent()).toBe('(617) 555-0100');
    expect(await call.getAttribute('href')).toBe('tel:+16175550100');
    const offered = customerPhone.getByTestId('inspection-recommendation').first();
    expect(await offered.textContent()).toContain('Replace front brake pads');
    expect(await offered.textContent()).toContain('$240.00');
    await customerPhone.getByTestId('inspection-photo').first().waitFor();
    await offered.getByTestId('inspection-approve').click();
    await expect.poll(() => offered.getAttribute('data-approved'), { timeout: 10_000 }).toBe('true');

    // The advisor's open sheet shows the customer's decision without a reload.
    const decided = advisor.getByTestId('mpi-recommendation').first();
    await expect.poll(() => decided.getAttribute('data-approved'), { timeout: 10_000 }).toBe('true');
    await expect.poll(() => decided.getByTestId('mpi-decision-state').getAttribute('data-initiator'), { timeout: 10_000 }).toBe('customer');

    // And the order's conversation carries the RECOMMENDED_WORK_STATUS note.
    const advisorApi = api(browser.baseUrl, await signIn(browser.baseUrl, 'advisor@demo.example'));
    const messages = await advisorApi.get(`/api/repair_orders/${ro.id}/messages`);
    const notes = (messages.body.messages as { behaviour: string | null; text: string }[]).filter((m) => m.behaviour === 'RECOMMENDED_WORK_STATUS');
    expect(notes.map((n) => n.text).join('\n')).toMatch(/approved/i);
  });

  it('lets a manager build a sheet template, and an advisor move a sheet onto it', async () => {
    const { ro } = await orderWithSheet('Rita', 'Retemplate');

    // The manager builds "Quick check" in Settings → Tech: an empty group is dropped on save.
    const manager = await browser.page();
    await signInAs(manager, 'manager@demo.example');
    await manager.goto('/app/settings?tab=tech');
    await manager.getByTestId('sheet-templates').waitFor({ timeout: 15_000 });
    await manager.getByTestId('template-new').click();
    await manager.getByTestId('template-form-name').fill('Quick check');
    await manager.getByTestId('template-add-group').click();
    const tyres = manager.getByTestId('template-group').last();
    await tyres.getByTestId('template-group-name').fill('Tyres');
    for (const item of ['Front left', 'Front right']) {
      await tyres.getByTestId('template-item-name').fill(item);
      await tyres.getByTestId('template-item-name').press('Enter');
    }
    await manager.getByTestId('template-add-group').click();
    await manager.getByTestId('template-group').last().getByTestId('template-group-name').fill('Nothing here yet');
    await manager.getByTestId('template-save').click();
    const row = manager.getByTestId('template-row').filter({ hasText: 'Quick check' });
    await row.waitFor({ timeout: 10_000 });
    await expect.poll(() => manager.getByTestId('template-group').count()).toBe(1);

    // The advisor claims the order's sheet and changes its template.
    const advisor = await browser.page();
    await signInAs(advisor, 'advisor@demo.example');
    await advisor.goto(`/app/mpi/repair_orders/${ro.id}`);
    await advisor.locator('[data-testid="mpi-sheet"][data-state="unclaimed"]').waitFor({ timeout: 15_000 });
    await advisor.getByTestId('mpi-advisor-claim').click();
    await advisor.locator('[data-testid="mpi-sheet"][data-state="claimed"]').waitFor({ timeout: 10_000 });
    await advisor.getByTestId('mpi-retemplate').click();
    const templates = advisor.getByTestId('mpi-retemplate-template');
    const quickCheck = templates.locator('option', { hasText: 'Quick check' });
    await quickCheck.waitFor({ state: 'attached', timeout: 10_000 });
    await templates.selectOption((await quickCheck.getAttribute('value'))!);
    await advisor.getByTestId('mpi-retemplate-confirm').click();
    await expect
      .poll(async () => (await advisor.getByTestId('mpi-group').evaluateAll((groups) => groups.map((g) => g.getAttribute('data-group')))).join('|'), { timeout: 10_000 })
      .toBe('Tyres');
    expect(await advisor.getByTestId('mpi-item').count()).toBe(2);
  });
});
