/**
 * Text-to-pay end to end (issue 21): the advisor requests payment on a pre-invoiced order from its
 * detail, the customer opens the text's link on a phone and pays on the local gateway's checkout
 * (a declined card first, then a card that asks for 3-D Secure, approved), and the advisor's screen
 * moves live to paid. The advisor's screen and the customer's page pass the axe scan at 1280 and 390 px.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { api, signIn, textsTo } from '../../../../../test/support/api.js';
import { seriousViolations } from '../../../../../test/support/axe.js';
import { DEMO_NORTH, uniquePhone } from '../../../../../test/support/service.js';
import { openOrder, signInAs, useBrowser } from '../../../../../test/e2e/browser.js';

const browser = useBrowser();

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
  it('the advisor requests payment, the customer pays on the checkout (declined, then 3-D Secure), and the advisor sees it paid live', async () => {
    const { roNumber, phone } = await preInvoicedOrder(32_500, 25_000);
    const page = await (await browser.context({ viewport: { width: 1280, height: 900 } })).newPage();
    await signInAs(page, 'advisor@demo.example');
    await openOrder(page, roNumber);
    const section = page.getByTestId('payment-section');
    await section.waitFor({ timeout: 15_000 });
    expect(await section.getAttribute('data-state')).toBe('none');

    // The dialog comes filled with the DMS invoice; a changed customer pay gets the DMS's text.
    await page.getByTestId('payment-request-button').click();
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
    await expect.poll(() => section.getAttribute('data-state'), { timeout: 15_000 }).toBe('sent');

    // The customer's phone: the text's link, the page, the gateway's checkout.
    await expect
      .poll(async () => (await textsTo(browser.carrierUrl, phone)).some((t) => t.text.includes('/api/public/payments/')), { timeout: 10_000 })
      .toBe(true);
    const text = (await textsTo(browser.carrierUrl, phone)).find((t) => t.text.includes('/api/public/payments/'))!;
    const link = /https?:\/\/\S+/.exec(text.text)![0];
    const phonePage = await (await browser.context({ viewport: { width: 390, height: 844 }, isMobile: true })).newPage();
    await phonePage.goto(link);
    expect(await seriousViolations(phonePage)).toEqual([]);
    await expect.poll(() => section.getAttribute('data-state'), { timeout: 15_000 }).toBe('viewed');
    await phonePage.getByRole('link', { name: /Pay/ }).click();
    await phonePage.getByLabel('Card number').fill('4000 0000 0000 0002');
    await phonePage.getByRole('button', { name: 'Pay' }).click();
    await phonePage.getByText('Your card was declined.').waitFor();
    await expect.poll(() => section.getAttribute('data-state'), { timeout: 15_000 }).toBe('declined');

    await phonePage.getByLabel('Card number').fill('4000 0027 6000 3184');
    await phonePage.getByRole('button', { name: 'Pay' }).click();
    await phonePage.getByRole('button', { name: 'Approve' }).waitFor();
    await expect.poll(() => section.getAttribute('data-state'), { timeout: 15_000 }).toBe('challenged');
    await phonePage.getByRole('button', { name: 'Approve' }).click();

    // Back on the customer's page, paid; on the advisor's screen, paid without a reload.
    await phonePage.getByText('Thank you, your payment was received.').waitFor({ timeout: 15_000 });
    await expect.poll(() => section.getAttribute('data-state'), { timeout: 15_000 }).toBe('paid');
    expect(await page.getByTestId('payment-state').textContent()).toBe('Paid');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await seriousViolations(page)).toEqual([]);
  });
});
