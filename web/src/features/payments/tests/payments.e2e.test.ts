/**
 * Text-to-pay end to end (issue 21): the advisor requests payment on a pre-invoiced order from its
 * detail, the text carries the visit page's link; the customer pays on the local gateway's checkout
 * (a declined card first, then a card that asks for 3-D Secure, approved), and the advisor's screen
 * moves live to paid; the store's pay button at the top of the visit page leads to the payment. The
 * advisor's screen and the customer's page pass the axe scan at 1280 and 390 px.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SettingsOf } from '../../../../../shared/schemas/settings.js';
import { readSettings, writeSettings } from '../../../../../functions/lib/settings.js';
import { api, signIn, textsTo } from '../../../../../test/support/api.js';
import { seriousViolations } from '../../../../../test/support/axe.js';
import { DEMO_NORTH, uniquePhone } from '../../../../../test/support/service.js';
import { openOrder, signInAs, useBrowser } from '../../../../../test/e2e/browser.js';
import { useStackEnv } from '../../../../../test/support/service.js';

const browser = useBrowser();
useStackEnv();

// The store shows the pay button at the top of the visit page (landing_settings.pay_button).
let landing: SettingsOf<'landing_settings'>;
beforeAll(async () => {
  landing = await readSettings(DEMO_NORTH.companyId, DEMO_NORTH.locationId, 'landing_settings');
  await writeSettings(DEMO_NORTH.companyId, DEMO_NORTH.locationId, 'landing_settings', { ...landing, pay_button: true }, 'agt_test');
});
afterAll(() => writeSettings(DEMO_NORTH.companyId, DEMO_NORTH.locationId, 'landing_settings', landing, 'agt_test'));

/** A pre-invoiced order of the demo advisor, through the DMS feed as a DMS sends it. */
async function preInvoicedOrder(totalCents: number, payCents: number): Promise<{ roNumber: string; phone: string }> {
  const manager = api(browser.baseUrl, await signIn(browser.baseUrl, 'manager@demo.example'));
  const key = (await manager.post(`/api/locations/${DEMO_NORTH.locationId}/dms_keys`, { label: `pay-e2e-${randomUUID().slice(0, 6)}` })).body.key as string;
  const roNumber = `P${Math.floor(Math.random() * 900_000 + 100_000)}`;
  const phone = uniquePhone();
  const res = await api(browser.baseUrl).post(
    `/dms/v1/locations/${DEMO_NORTH.locationId}/repair_orders`,
    {
      records: [
        {
          dms_ro_id: roNumber,
          dms_customer_id: `PC-${roNumber}`,
          customer: { first_name: 'Paula', last_name: `Payer${roNumber}`, phones: { cell: phone }, dms_opt_in: 'in' },
          advisor_email: 'advisor@demo.example',
          status: 'pre_invoiced',
          invoice: { requested_amount_in_cents: totalCents, requested_customer_pay_in_cents: payCents },
        },
      ],
    },
    { 'x-api-key': key },
  );
  expect(res.status, res.text).toBeLessThan(300);
  return { roNumber, phone };
}

describe('text-to-pay', () => {
  it('the advisor requests payment, the customer pays on the checkout (declined, then 3-D Secure), and the advisor sees it paid live', { timeout: 120_000 }, async () => {
    const { roNumber, phone } = await preInvoicedOrder(32_500, 25_000);
    const page = await (await browser.context({ viewport: { width: 1280, height: 900 } })).newPage();
    await signInAs(page, 'advisor@demo.example');
    await openOrder(page, roNumber);
    const section = page.getByTestId('payment-section');
    await section.waitFor({ timeout: 15_000 });
    expect(await section.getAttribute('data-state')).toBe('none');

    // The dialog comes filled with the DMS invoice; a changed customer pay gets the DMS's text.
    await page.getByTestId('payment-request-button').click();
    await expect.poll(() => page.getByTestId('payment-pay').inputValue(), { timeout: 10_000 }).toBe('250.00');
    expect(await page.getByTestId('payment-total').inputValue()).toBe('325.00');
    await page.getByTestId('payment-total').fill('325.00');
    await page.getByTestId('payment-prepaid').fill('0');
    await page.getByTestId('payment-pay').fill('260.00');
    await page.getByTestId('payment-insurance').fill('65.00');
    await page.getByTestId('payment-send').click();
    await expect.poll(() => page.getByTestId('payment-error').textContent()).toBe('The entered amounts do not match. Please check in your DMS');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('payment-pay').fill('250.00');
    await page.getByTestId('payment-insurance').fill('75.00');
    await page.getByTestId('payment-send').press('Enter');
    // Sent, then delivered by the carrier's receipt (the local carrier sends it), live.
    await expect.poll(() => section.getAttribute('data-state'), { timeout: 15_000 }).toBe('delivered');

    // The customer's phone: the text carries the visit's one link, at its payment part. Opening
    // the visit page shows the invoice (the advisor sees it viewed), and its Pay link opens the
    // gateway's checkout.
    let link = '';
    await expect
      .poll(async () => (link = (await textsTo(browser.carrierUrl, phone)).map((t) => /\S+\/app\/public\/visits\/\S+#payment/.exec(t.text)?.[0]).find(Boolean) ?? ''), { timeout: 10_000 })
      .not.toBe('');
    const phonePage = await (await browser.context({ viewport: { width: 390, height: 844 }, isMobile: true })).newPage();
    await phonePage.goto(new URL(new URL(link).pathname + new URL(link).hash, browser.baseUrl).href);
    const pay = phonePage.locator('[data-part="payment"]').getByRole('link', { name: 'Pay $250.00' });
    await pay.waitFor({ timeout: 15_000 });
    await expect.poll(() => section.getAttribute('data-state'), { timeout: 15_000 }).toBe('viewed');
    expect(await seriousViolations(phonePage)).toEqual([]);
    // The pay button at the top of the page leads to the payment
    const atTop = phonePage.getByRole('banner').getByRole('link', { name: 'Pay $250.00' });
    expect(await atTop.getAttribute('href')).toBe('#payment');
    await atTop.click();
    await expect.poll(() => new URL(phonePage.url()).hash).toBe('#payment');
    await pay.click();
    await phonePage.getByLabel('Card number').fill('4000 0000 0000 0002');
    await phonePage.getByRole('button', { name: 'Pay' }).click();
    await phonePage.getByText('Your card was declined.').waitFor();
    await expect.poll(() => section.getAttribute('data-state'), { timeout: 15_000 }).toBe('declined');

    await phonePage.getByLabel('Card number').fill('4000 0027 6000 3184');
    await phonePage.getByRole('button', { name: 'Pay' }).click();
    await phonePage.getByRole('button', { name: 'Approve' }).waitFor();
    await expect.poll(() => section.getAttribute('data-state'), { timeout: 15_000 }).toBe('challenged');
    await phonePage.getByRole('button', { name: 'Approve' }).click();

    // Back on the customer's visit page, paid; on the advisor's screen, paid without a reload.
    await phonePage.waitForURL(/\/app\/public\/visits\/[A-Za-z0-9_-]{43}#payment$/, { timeout: 15_000 });
    await expect.poll(() => section.getAttribute('data-state'), { timeout: 15_000 }).toBe('paid');
    await phonePage.getByText('Thank you, your payment was received.').waitFor({ timeout: 15_000 });
    expect(await phonePage.getByText('$250.00').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('payment-state').textContent()).toBe('Paid');
    // The paid toast, then the phone width, scanned once the toasts stand still: mid-animation their
    // text is translucent (on a phone they move to the bottom centre and fade in again). Read without
    // waiting for an element: a toast may also have timed out and gone by then.
    await page.locator('[data-sonner-toast]').filter({ hasText: 'is paid' }).first().waitFor({ timeout: 15_000 });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            document.getAnimations().every((a) => a.playState !== 'running') &&
            [...document.querySelectorAll('[data-sonner-toast]')].every((el) => getComputedStyle(el).opacity === '1' || el.getAttribute('data-removed') === 'true'),
        ),
      )
      .toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
