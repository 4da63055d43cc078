/**
 * The payment part's view as a phone shows it: the part's module, built the way the SPA builds it
 * (Vite, Preact's JSX, its words per language), rendered alone on a page with what the visit page
 * hands a part (data, the languages, the dealership, `act`). The visit page itself, which mounts
 * the parts, is the visits area's and is tested there; this holds what the part shows in each
 * state, that it tells `viewed` once, and the axe scan at 390 and 1280 px.
 */
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { build, type Rollup } from 'vite';
import type { PaymentPartData } from '../../../../../shared/payments/visit.js';
import { seriousViolations } from '../../../../../test/support/axe.js';
import { useBrowser } from '../../../../../test/e2e/browser.js';

const browser = useBrowser();
const PART = fileURLToPath(new URL('../visit/PaymentPart.tsx', import.meta.url));
const HARNESS = '\0payment-part-harness';

let script = '';
let style = '';

beforeAll(async () => {
  const built = (await build({
    configFile: false,
    logLevel: 'silent',
    plugins: [
      {
        name: 'payment-part-harness',
        resolveId: (id) => (id === 'payment-part-harness' ? HARNESS : null),
        load: (id) =>
          id === HARNESS
            ? `import { h, render } from 'preact';
               import PaymentPart from ${JSON.stringify(PART)};
               window.acts = [];
               window.showPart = (data, locale) => render(h(PaymentPart, { data, locale, storeLocale: 'en-us', dealership: 'Demo Motors North', act: async (action) => { window.acts.push(action); } }), document.getElementById('part'));`
            : null,
      },
    ],
    build: { write: false, minify: false, cssCodeSplit: false, rolldownOptions: { input: 'payment-part-harness', output: { inlineDynamicImports: true } } },
  })) as Rollup.RollupOutput | Rollup.RollupOutput[];
  const outputs = (Array.isArray(built) ? built : [built]).flatMap((b) => b.output);
  script = outputs.filter((o): o is Rollup.OutputChunk => o.type === 'chunk').map((o) => o.code).join('\n');
  style = outputs.filter((o): o is Rollup.OutputAsset => o.type === 'asset' && o.fileName.endsWith('.css')).map((o) => String(o.source)).join('\n');
}, 120_000);

const sent: PaymentPartData = {
  ro_id: '7010299',
  state: 'sent',
  amounts: { invoice_total_in_cents: 32_500, insurance_in_cents: 7_500, prepaid_in_cents: 0, customer_pay_in_cents: 25_000 },
  pay_url: 'https://checkout.example/cs_test_1',
  closed: false,
  pdf_url: null,
  receipt: null,
  pay_button: { text: null, style: 'primary' },
  receipt_email: null,
};

async function phone(width: number): Promise<Page> {
  const page = await (await browser.context({ viewport: { width, height: 844 }, isMobile: width < 500 })).newPage();
  await page.setContent('<!doctype html><html lang="en"><head><title>Your visit</title></head><body><main><h1>Demo Motors North</h1><div id="part"></div></main></body></html>');
  await page.addStyleTag({ content: style });
  await page.addScriptTag({ content: script, type: 'module' });
  await page.waitForFunction(() => typeof (window as unknown as { showPart?: unknown }).showPart === 'function');
  return page;
}

const show = (page: Page, data: PaymentPartData, locale = 'en-us') =>
  page.evaluate(([d, l]) => (window as unknown as { showPart: (d: unknown, l: unknown) => void }).showPart(d, l), [data, locale] as const);

describe.each([390, 1280])('the payment part at %i px', (width) => {
  it('shows the amounts and the Pay link, tells viewed once, then the receipt, the closed text and the PDF link', { timeout: 60_000 }, async () => {
    const page = await phone(width);
    await show(page, sent);
    const part = page.locator('#payment');
    await part.getByRole('heading', { name: 'Your invoice' }).waitFor();
    expect(await part.getByRole('row', { name: /Covered by insurance/ }).textContent()).toContain('$75.00');
    expect(await part.getByRole('row', { name: /Covered by prepaid/ }).count()).toBe(0);
    const pay = part.getByRole('link', { name: 'Pay $250.00' });
    expect(await pay.getAttribute('href')).toBe(sent.pay_url);
    expect(await part.textContent()).toContain('PDF Invoice is not generated');
    expect(await seriousViolations(page)).toEqual([]);
    await show(page, { ...sent, state: 'viewed' });
    expect(await page.evaluate(() => (window as unknown as { acts: string[] }).acts)).toEqual(['viewed']);

    await show(page, { ...sent, state: 'paid', pay_url: null, closed: true, pdf_url: 'https://files.example/invoice.pdf', receipt: { amount_in_cents: 25_000, paid_at: '2026-11-20T15:00:00.000Z' } });
    await part.getByText('Thank you, your payment was received.').waitFor();
    expect(await part.getByRole('link', { name: /Pay/ }).count()).toBe(0);
    expect(await part.locator('.payment-receipt').textContent()).toContain('November 20, 2026');
    expect(await part.getByRole('link', { name: 'Invoice (PDF)' }).getAttribute('href')).toBe('https://files.example/invoice.pdf');
    expect(await seriousViolations(page)).toEqual([]);

    await show(page, { ...sent, state: 'cancelled', pay_url: null, closed: true });
    await part.getByText('This invoice has been closed, please check with your cashier').waitFor();
    expect(await part.getByRole('link', { name: /Pay/ }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("reads in the customer's language, money as the store writes it", { timeout: 60_000 }, async () => {
    const page = await phone(width);
    await show(page, sent, 'es');
    await page.locator('#payment').getByRole('heading', { name: 'Su factura' }).waitFor();
    expect(await page.locator('#payment').getByRole('link', { name: 'Pagar $250,00' }).count()).toBe(1);
  });
});
