/**
 * System notes in the advisor's language (issue 10): a German or Greek console showed "Luis Ortega
 * completed the MPI: 1 red, 2 yellow" and "Customer approved Front brake pads ($240.00)" in English.
 * Notes are stored as a key with parameters and each console words them itself. And "vehicle ready"
 * went out on one click and was then labelled "Automated": the button now asks first, showing the
 * exact text, and the sent text is labelled with the advisor who sent it.
 */
import { describe, expect, it } from 'vitest';
import { getAgent } from '../../functions/lib/agents.js';
import { completeAsTechnician } from '../../functions/inspections/claims.js';
import { newSheet, saveSheet } from '../../functions/inspections/records.js';
import type { RepairOrderRecord } from '../../functions/repairOrders/records.js';
import { seriousViolations } from '../support/axe.js';
import { api, signIn, textsTo } from '../support/api.js';
import { BRAKE_GROUPS, BRAKE_TEMPLATE, TECHNICIAN, brakeRecommendations } from '../support/inspections.js';
import { createRepairOrder, DEMO_NORTH, serviceNumberOfNorth, useStackEnv } from '../support/service.js';
import { localeText } from '../support/localeFiles.js';
import { openOrder, signInAs, switchLanguage, useBrowser } from './browser.js';

const browser = useBrowser();
useStackEnv();




/** An order whose technician finished the MPI (1 red, 1 yellow) and whose advisor declined (or approved) the pads. */
async function inspectedOrder(lastName: string, approved = false): Promise<RepairOrderRecord> {
  const { ro } = await createRepairOrder({ customer: { first_name: 'Nora', last_name: lastName, opt_in: 'in' } });
  const sheet = {
    ...newSheet(ro, BRAKE_TEMPLATE, new Date().toISOString()),
    state: 'claimed' as const,
    holder: { ...TECHNICIAN, role: 'technician' as const },
    groups: BRAKE_GROUPS,
    recommendations: brakeRecommendations(),
  };
  await saveSheet(sheet, null);
  await completeAsTechnician(ro, (await getAgent(DEMO_NORTH.companyId, TECHNICIAN.id))!);
  const advisor = api(browser.baseUrl, await signIn(browser.baseUrl, 'advisor@demo.example'));
  expect((await advisor.put(`/api/tech/mpi/repair_orders/${ro.id}/recommendations/rec_pads`, { approved })).status).toBe(200);
  return ro;
}

const LANGUAGES = [
  {
    locale: 'de',
    mpi: 'Luis Ortega hat den MPI-Bogen abgeschlossen: 1 rot, 1 gelb',
    decision: 'Priya Raman hat Front brake pads ($240,00) abgelehnt',
  },
  {
    locale: 'el',
    mpi: 'Luis Ortega ολοκλήρωσε το φύλλο MPI: 1 κόκκινο, 1 κίτρινο',
    decision: 'Priya Raman απέρριψε: Front brake pads ($240,00)',
  },
] as const;

describe('system notes and the vehicle-ready text in the advisor’s language', () => {
  it.each(LANGUAGES)('$locale: the MPI and decision notes are worded in the console’s language', async ({ locale, mpi, decision }) => {
    const ro = await inspectedOrder(`Notiz${locale}`);
    const page = await browser.page();
    await signInAs(page, 'advisor@demo.example');
    await switchLanguage(page, locale);
    await openOrder(page, ro.ro_id);

    const mpiNote = page.locator('[data-testid="system-note"][data-note="mpi_completed"]');
    await expect.poll(() => mpiNote.textContent(), { timeout: 10_000 }).toContain(mpi);
    expect(await mpiNote.textContent()).toContain(localeText(locale, 'behaviour.MPI_SHEET_COMPLETED_BY_TECH'));
    const decisionNote = page.locator('[data-testid="system-note"][data-note="recommendation_decided"]');
    await expect.poll(() => decisionNote.textContent()).toContain(decision);
    const conversation = (await page.getByTestId('conversation').textContent()) ?? '';
    expect(conversation).not.toContain('completed the MPI');
    expect(conversation).not.toContain('declined Front brake pads');
  });

  it('de: money reads one way on the screen, in the details as in the note, and a US store\'s odometer is in miles (issue 18 §6)', async () => {
    const ro = await inspectedOrder('Geldformat', true);
    const page = await browser.page();
    await signInAs(page, 'advisor@demo.example');
    await switchLanguage(page, 'de');
    await openOrder(page, ro.ro_id);

    const note = page.locator('[data-testid="system-note"][data-note="recommendation_decided"]');
    await expect.poll(() => note.textContent(), { timeout: 10_000 }).toContain('Priya Raman hat Front brake pads ($240,00) genehmigt');
    const totals = page.getByTestId('detail-mpi-totals');
    await expect.poll(() => totals.textContent(), { timeout: 10_000 }).toContain('genehmigt $240,00');
    expect(await page.locator('body').textContent()).not.toContain('$240.00');
    // The store is in the US: its odometers read miles, whatever language the agent reads.
    const details = page.getByTestId('detail-panel');
    await expect.poll(() => details.textContent()).toContain('Meilenstand');
    expect(await details.textContent()).not.toContain('Kilometerstand');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('de: vehicle ready asks first, showing the exact text, and the sent text is labelled with the advisor', async () => {
    await serviceNumberOfNorth();
    const { customer, ro } = await createRepairOrder({ customer: { first_name: 'Vera', last_name: 'Fertig', opt_in: 'in' } });
    const page = await browser.page();
    await signInAs(page, 'advisor@demo.example');
    await switchLanguage(page, 'de');
    await openOrder(page, ro.ro_id);

    await page.getByTestId('vehicle-ready-button').click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const preview = dialog.getByTestId('vehicle-ready-preview');
    await preview.waitFor({ timeout: 10_000 });
    const words = (await preview.textContent()) ?? '';
    expect(words).toContain('Demo Motors North');
    expect(await dialog.locator('.dialog__title').textContent()).toBe(localeText('de', 'serviceBoard:detail.vehicle_ready_title'));
    expect(await seriousViolations(page)).toEqual([]);

    // Cancelling sends nothing.
    await dialog.getByRole('button', { name: localeText('de', 'common.cancel') }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await textsTo(browser.carrierUrl, customer.phones.cell!)).toEqual([]);

    // Keyboard: the button opens the dialog again; the confirmation sends.
    await page.getByTestId('vehicle-ready-button').focus();
    await page.keyboard.press('Enter');
    await dialog.getByTestId('vehicle-ready-preview').waitFor({ timeout: 10_000 });
    await dialog.getByTestId('vehicle-ready-confirm').click();
    await expect.poll(() => dialog.isVisible(), { timeout: 10_000 }).toBe(false);

    // The customer got exactly the words shown.
    await expect.poll(async () => (await textsTo(browser.carrierUrl, customer.phones.cell!)).map((t) => t.text), { timeout: 10_000 }).toEqual([words]);
    const bubble = page.getByTestId('message-bubble').filter({ hasText: 'Demo Motors North' }).first();
    await bubble.waitFor({ timeout: 10_000 });
    expect(await bubble.getByTestId('message-agent').textContent()).toBe('Priya Raman');
    expect(await bubble.getByTestId('message-automated').count()).toBe(0);
    expect(await bubble.textContent()).not.toContain(localeText('de', 'conversation.automated'));
  });
});
