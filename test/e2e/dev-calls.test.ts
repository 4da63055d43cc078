/**
 * The telephony simulator's dev page (/dev/calls, issue 25), at a desk (1280 px) and on a phone
 * (390 px), with no serious or critical accessibility finding: a customer of the demo calls Demo
 * Motors North's service number from the page, the service desk phone rings there, nobody answers,
 * the caller hears the store's greeting and leaves a voicemail, which the page shows kept.
 */
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.js';
import { useStackEnv } from '../support/service.js';
import { useBrowser } from './browser.js';

const browser = useBrowser();
useStackEnv();

/** The demo's service desk phone (functions/calls/demo.ts): what Demo Motors North's service number rings. */
const DESK_PHONE = '+16175554210';

describe('the calls dev page', () => {
  it.each([1280, 390])('at %i px: calls the store, lets the desk phone ring out, leaves a voicemail', async (width) => {
    const page = await browser.page();
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await page.goto('/dev/calls');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Call the store' }).click();
    const call = page.locator('#calls article').first();
    await expect.poll(() => call.textContent(), { timeout: 10_000 }).toContain(`Ring-to phone ${DESK_PHONE}: ringing`);
    expect(await seriousViolations(page)).toEqual([]);

    await call.getByRole('button', { name: 'Let it ring out' }).click();
    await call.getByRole('button', { name: 'Leave the voicemail' }).waitFor({ timeout: 10_000 });
    expect(await call.textContent()).toContain('Demo Motors North');
    expect(await seriousViolations(page)).toEqual([]);

    await call.getByLabel('Or a tone of this many seconds').fill('4');
    await call.getByRole('button', { name: 'Leave the voicemail' }).click();
    await expect.poll(() => call.textContent(), { timeout: 10_000 }).toContain('Voicemail');
    await expect.poll(() => call.textContent(), { timeout: 10_000 }).toContain('over');
  });
});
