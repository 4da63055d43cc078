/** What the browser tests share: one headless Chromium for all the files of the worker, a fresh context per test, and signing in through the page. */
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterEach, beforeAll, expect, inject } from 'vitest';
import { DEMO_PASSWORD } from '../../infra/local/demo.js';
import { launchChromium } from '../support/chromium.js';
import '../support/provided.js';

/** The landing URL after sign-in: the service board is /app itself (with or without the slash). */
export function landingUrl(landing: string): RegExp {
  const path = landing.replace(/\/$/, '');
  return new RegExp(`^[^?#]*${path.replace(/\//g, '\\/')}\\/?$`);
}

export interface Session {
  baseUrl: string;
  carrierUrl: string;
  /** A fresh browser context (its own storage) for this test; `options` for another device (a phone). */
  context(options?: BrowserContextOptions): Promise<BrowserContext>;
  /** A page in a fresh context; a script error on it fails the test. */
  page(): Promise<Page>;
}

let launched: Promise<Browser> | undefined;

/**
 * The e2e files run one after another in one worker (vitest.config.ts), so they share one browser:
 * launched by the first, closed by Playwright when the worker exits, launched again should it have
 * crashed. Each test still gets contexts of its own, closed after it. Debian's chromium when
 * installed, else the one @sparticuz/chromium ships (test/support/chromium.ts).
 */
async function sharedBrowser(): Promise<Browser> {
  const current = launched ? await launched.catch(() => undefined) : undefined;
  if (current?.isConnected()) return current;
  launched = launchChromium().then(({ browser }) => browser);
  return launched;
}

/** Call once at the top of a test file. */
export function useBrowser(): Session {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const pageErrors: Error[] = [];
  const journals = new Map<Page, string[]>();
  const baseUrl = inject('baseUrl');
  const carrierUrl = inject('carrierUrl');

  beforeAll(async () => {
    browser = await sharedBrowser();
  });
  afterEach(async (test) => {
    // A failed step on a loaded CI machine is read from the log alone: what each page showed and heard.
    if (test.task.result?.state === 'fail') await reportPages(journals);
    journals.clear();
    await Promise.all(contexts.splice(0).map((c) => c.close()));
    // A script error on any page fails the test that caused it.
    expect(pageErrors.splice(0).map((e) => e.message)).toEqual([]);
  });

  async function context(options: BrowserContextOptions = {}): Promise<BrowserContext> {
    const ctx = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1400, height: 900 }, ...options });
    contexts.push(ctx);
    return ctx;
  }

  return {
    baseUrl,
    carrierUrl,
    context,
    async page() {
      const ctx = await context();
      const page = await ctx.newPage();
      page.on('pageerror', (error) => pageErrors.push(error));
      journals.set(page, journal(page));
      return page;
    },
  };
}

/** The last things a page heard that explain a failed step: refused or lost requests, console errors, the event stream's ends. */
function journal(page: Page): string[] {
  const lines: string[] = [];
  const note = (line: string) => {
    lines.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
    if (lines.length > 40) lines.shift();
  };
  const pathOf = (url: string) => {
    const parsed = new URL(url);
    return parsed.pathname + parsed.search;
  };
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') note(`console ${message.type()}: ${message.text().slice(0, 300)}`);
  });
  page.on('requestfailed', (request) => note(`lost ${request.method()} ${pathOf(request.url())}: ${request.failure()?.errorText ?? ''}`));
  page.on('response', (response) => {
    const path = pathOf(response.url());
    if (response.status() >= 400 || path.startsWith('/events')) note(`${response.status()} ${response.request().method()} ${path}`);
  });
  return lines;
}

async function reportPages(journals: Map<Page, string[]>): Promise<void> {
  let index = 0;
  for (const [page, lines] of journals) {
    index += 1;
    if (page.isClosed()) continue;
    const shown = await page
      .locator('[role="alert"], [role="status"], [data-sonner-toast]')
      .allTextContents()
      .catch(() => []);
    const report = [`── page ${index}: ${page.url()}`, `shown: ${JSON.stringify(shown.filter(Boolean).slice(0, 12))}`, ...lines];
    console.error(report.join('\n'));
  }
}

/** Signs in through the sign-in page and waits for the console to land. */
export async function signInAs(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/app/sign_in');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).not.toBe('/app/sign_in');
  // The header's sign-out link: present on every signed-in screen, whether or not the menu is open.
  await page.getByRole('banner').getByRole('link', { name: 'Sign out' }).waitFor();
}

/** Switches the console's language with the header's picker and waits for the page to take it. */
export async function switchLanguage(page: Page, locale: string): Promise<void> {
  await page.getByRole('banner').getByLabel('Language').selectOption(locale);
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(locale);
}

/** Opens an order from the board by its RO number: its conversation and details are on screen after. */
export async function openOrder(page: Page, roNumber: string): Promise<void> {
  const row = page.getByTestId('board-row').filter({ hasText: roNumber });
  await row.first().waitFor({ timeout: 15_000 });
  await row.first().click();
  await page.getByTestId('conversation').waitFor();
  await page.getByTestId('detail-panel').waitFor();
}
