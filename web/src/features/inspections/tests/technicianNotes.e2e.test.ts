/**
 * A technician asked about the car in a repair order's note, end to end: the advisor writes "@Luis
 * can you check the brake lines?" on the order; Luis (technician only, no service board) is told in
 * his console, opens the order's inspection sheet from the notice, reads the note under "Notes from
 * the service desk" and answers the advisor by keyboard; the advisor sees the answer live in the
 * order's conversation. The sheet passes the accessibility scan at 1280, 390 and 1920 px.
 */
import { describe, expect, it } from 'vitest';
import type { SheetTemplate } from '../../../../../shared/inspections/inspections.js';
import { api, signIn, textsTo } from '../../../../../test/support/api.js';
import { seriousViolations } from '../../../../../test/support/axe.js';
import { createRepairOrder, DEMO_NORTH, serviceNumberOfNorth, useStackEnv } from '../../../../../test/support/service.js';
import { openOrder, signInAs, useBrowser } from '../../../../../test/e2e/browser.js';

const browser = useBrowser();
useStackEnv();

describe('notes from the service desk on the sheet', () => {
  // Two consoles, typed by keyboard at each step: under a loaded CI machine its steps add up past the default minute.
  it('lets the advisor ask the technician about the car, and the technician answer from the sheet, live', { timeout: 120_000 }, async () => {
    // Prepare: an order at North with its sheet started from the default car form
    await serviceNumberOfNorth();
    const { customer, ro } = await createRepairOrder({ customer: { first_name: 'Bram', last_name: 'Brakes', opt_in: 'in' } });
    const manager = api(browser.baseUrl, await signIn(browser.baseUrl, 'manager@demo.example'));
    const templates = await manager.get(`/api/locations/${DEMO_NORTH.locationId}/tech/mpi/sheet_templates`);
    const template = (templates.body.sheet_templates as SheetTemplate[]).find((t) => t.default && t.vehicle_type === 'car');
    expect((await manager.put(`/api/tech/mpi/repair_orders/${ro.id}/template`, { template_id: template!.id })).status).toBe(200);

    // Luis on his pool, his console's event stream open (the pool shows no live dot)
    const tech = await browser.page();
    await tech.setViewportSize({ width: 1280, height: 900 });
    const streaming = tech.waitForResponse((response) => new URL(response.url()).pathname === '/events' && response.ok(), { timeout: 20_000 });
    await signInAs(tech, 'tech@demo.example');
    await streaming;

    // The advisor's note names Luis, picked from the @ suggestions by keyboard
    const advisor = await browser.page();
    await signInAs(advisor, 'advisor@demo.example');
    await openOrder(advisor, ro.ro_id);
    await advisor.locator('[data-testid="live-status"][data-status="live"]').waitFor({ timeout: 15_000 });
    await advisor.getByTestId('compose-note').click();
    const box = advisor.getByTestId('composer');
    await box.click();
    await box.pressSequentially('@Lu');
    await advisor.getByTestId('mention-suggestions').getByText('Luis Ortega').waitFor();
    await advisor.keyboard.press('Enter');
    expect(await box.inputValue()).toBe('@Luis Ortega ');
    await box.pressSequentially('can you check the brake lines?');
    await advisor.keyboard.press('Enter');
    await advisor.locator('[data-testid="message-bubble"][data-direction="staff"]').filter({ hasText: 'check the brake lines' }).getByTestId('staff-note-tag').waitFor({ timeout: 10_000 });

    // Luis is told, and the notice opens the order's sheet, where the note is
    await tech.getByText('Priya Raman mentioned you in a note').waitFor({ timeout: 10_000 });
    await tech.getByRole('button', { name: 'Open conversation' }).click();
    await expect.poll(() => new URL(tech.url()).pathname).toBe(`/app/mpi/repair_orders/${ro.id}`);
    const notes = tech.getByTestId('mpi-notes');
    await notes.getByRole('heading', { name: 'Notes from the service desk' }).waitFor({ timeout: 10_000 });
    const question = notes.locator('[data-testid="message-bubble"][data-direction="staff"]').filter({ hasText: '@Luis Ortega can you check the brake lines?' });
    await question.waitFor({ timeout: 10_000 });
    expect(await question.getByTestId('message-agent').textContent()).toBe('Priya Raman');
    // Notes only: no switch to a text to the customer, no reactions through the board
    expect(await notes.getByTestId('compose-text').count()).toBe(0);
    expect(await notes.getByTestId('react-open').count()).toBe(0);
    expect(await seriousViolations(tech)).toEqual([]);

    // He answers by keyboard, naming the advisor
    const answerBox = notes.getByTestId('composer');
    await answerBox.focus();
    await answerBox.pressSequentially('@Pri');
    await notes.getByTestId('mention-suggestions').getByText('Priya Raman').waitFor();
    await answerBox.press('Enter');
    expect(await answerBox.inputValue()).toBe('@Priya Raman ');
    await answerBox.pressSequentially('rear lines are corroded, front ones are fine');
    expect(await answerBox.inputValue()).toBe('@Priya Raman rear lines are corroded, front ones are fine');
    // Enter in the composer itself: a keypress while focus is elsewhere (a re-render on a loaded machine) sends nothing
    await answerBox.press('Enter');
    const answer = notes.locator('[data-testid="message-bubble"][data-direction="staff"]').filter({ hasText: 'rear lines are corroded' });
    await expect.poll(() => answer.getAttribute('data-message-id'), { timeout: 10_000 }).toMatch(/^msg_/);
    // Newest at the bottom, like a conversation
    await expect.poll(() => notes.locator('[data-testid="message-bubble"]').last().textContent()).toContain('rear lines are corroded');

    // The advisor sees the answer live in the order's conversation, and is told of the mention
    await advisor
      .getByTestId('conversation')
      .locator('[data-testid="message-bubble"][data-direction="staff"]')
      .filter({ hasText: '@Priya Raman rear lines are corroded, front ones are fine' })
      .waitFor({ timeout: 10_000 });
    await advisor.getByText('Luis Ortega mentioned you in a note').waitFor({ timeout: 10_000 });

    // The advisor's next note appears on Luis's open sheet without a reload
    await advisor.getByTestId('composer').fill('Thanks, adding the rear lines to the estimate');
    await advisor.keyboard.press('Enter');
    await notes.locator('[data-testid="message-bubble"][data-direction="staff"]').filter({ hasText: 'adding the rear lines to the estimate' }).waitFor({ timeout: 10_000 });

    // On a phone and on a wide screen the sheet's notes still read and pass the scan
    for (const [width, height] of [[390, 844], [1920, 1080]] as const) {
      await tech.setViewportSize({ width, height });
      await answer.waitFor();
      expect(await seriousViolations(tech)).toEqual([]);
    }

    // Nothing of it reached the customer
    expect(await textsTo(browser.carrierUrl, customer.phones.cell!)).toEqual([]);
  });
});
