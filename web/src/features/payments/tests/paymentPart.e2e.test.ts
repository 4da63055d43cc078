/**
 * The payment part's view as a phone shows it: the part's module, built the way the SPA builds it
 * (Vite, Preact's JSX, its words per language), rendered alone on a page with what the visit page
 * hands a part (data, the languages, the dealership, `act`). The visit page itself, which mounts
 * the parts, is the visits area's and is tested there; this holds what the part shows in each
 * state, that it tells `viewed` once, the Pay button as the store set it, "E-mail me the receipt"
 * by keyboard (the server's refusal at its field, then sent), and the axe scan at 390 and 1280 px.
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
               // A test may answer an action as the server would: re-render the part, or refuse with an error id.
               window.showPart = (data, locale) => render(h(PaymentPart, { data, locale, storeLocale: 'en-us', dealership: 'Demo Motors North', act: async (action, body) => { window.acts.push(action); if (window.answer) await window.answer(action, body, locale); } }), document.getElementById('part'));`
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
  pay_button: { text: null, style: 'primary', at_top: false },
  receipt_email: null,
};

const paid: PaymentPartData = {
  ...sent,
  state: 'paid',
  pay_url: null,
  closed: true,
  receipt: { amount_in_cents: 25_000, paid_at: '2026-11-20T15:00:00.000Z' },
  receipt_email: { name: 'Lucía Gómez', name_label: 'Nombre completo', email_label: null, sent: null, remaining: 3 },
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
    const part = page.locator('.payment-part');
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

  it("shows the store's Pay button, then once paid e-mails the receipt by keyboard: a refused address at its field, nothing typed lost, then sent", { timeout: 60_000 }, async () => {
    const page = await phone(width);
    await show(page, { ...sent, pay_button: { text: 'Pay securely now', style: 'warning', at_top: false } });
    const part = page.locator('.payment-part');
    const pay = part.getByRole('link', { name: 'Pay securely now' });
    await pay.waitFor();
    expect(await pay.evaluate((a) => getComputedStyle(a).backgroundColor)).toBe('rgb(242, 181, 29)');
    expect(await seriousViolations(page)).toEqual([]);

    // The server's answer, as the page's `act` gives it: a refusal rejects with the API's error id.
    await page.evaluate((paidData) => {
      const w = window as unknown as { answer: (action: string, body: { name: string; email: string }, locale: string) => Promise<void>; showPart: (d: unknown, l: string) => void };
      w.answer = async (action, body, locale) => {
        if (action !== 'email_receipt') return;
        if (!/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(body.email.trim())) throw Object.assign(new Error('Please enter valid email address.'), { status: 422, errorId: 'email_invalid' });
        w.showPart({ ...paidData, receipt_email: { ...paidData.receipt_email, sent: { to: body.email.trim(), at: '2026-11-20T15:05:00.000Z' }, remaining: 2 } }, locale);
      };
    }, paid);
    await show(page, paid);
    const form = part.getByRole('form', { name: 'E-mail me the receipt' });
    await form.waitFor();
    expect(await form.getByLabel('Nombre completo').inputValue()).toBe('Lucía Gómez');
    // By keyboard alone: Tab to the name, on to the e-mail, type, Tab to Send, Enter.
    for (let i = 0; i < 12 && (await page.evaluate(() => document.activeElement?.id)) !== 'receipt-name'; i++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('receipt-name');
    await page.keyboard.press('Tab');
    await page.keyboard.type('lucia@example');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Send the receipt');
    await page.keyboard.press('Enter');
    const email = form.getByRole('textbox', { name: 'E-mail' });
    await form.getByText('Please enter valid email address.').waitFor();
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    expect(await email.evaluate((input) => input === document.activeElement && input.getAttribute('aria-describedby') === 'receipt-email-error')).toBe(true);
    expect(await email.inputValue()).toBe('lucia@example');
    expect(await seriousViolations(page)).toEqual([]);

    await page.keyboard.type('.com');
    await page.keyboard.press('Enter');
    await part.getByRole('status').filter({ hasText: 'The receipt was sent to lucia@example.com.' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { acts: string[] }).acts.filter((a) => a === 'email_receipt'))).toHaveLength(2);
    expect(await part.getByText('Please enter valid email address.').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("reads in the customer's language, money as the store writes it", { timeout: 60_000 }, async () => {
    const page = await phone(width);
    await show(page, sent, 'es');
    await page.locator('.payment-part').getByRole('heading', { name: 'Su factura' }).waitFor();
    expect(await page.locator('.payment-part').getByRole('link', { name: 'Pagar $250,00' }).count()).toBe(1);
  });
});
