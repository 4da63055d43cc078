/**
 * Partner single sign-on in the browser (SPEC §4, §6, §8), against the local stack's real partner
 * identity provider (oidc-provider under /partner): sign-in through the partner, the seamless start
 * from the partner cookies, its error routing, and sign-out revoking at the partner.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../../../../../test/support/axe.js';
import { landingUrl, signInAs, useBrowser } from '../../../../../test/e2e/browser.js';

const browser = useBrowser();

const ADVISOR = 'lakeside.advisor@partner.example';
const MANAGER = 'lakeside.manager@partner.example';
const VIEWER = 'lakeside.viewer@partner.example';
const PARTNER_PASSWORD = 'partner-demo';

const WIDTHS = [1280, 390, 1920] as const;

interface SsoSettings {
  name: string;
  connect_url: string;
}

let partner: SsoSettings;

beforeAll(async () => {
  const response = await fetch(`${browser.baseUrl}/agent_sessions/sso_config`);
  expect(response.status).toBe(200);
  partner = (await response.json()) as SsoSettings;
});

/** Users the partner disabled in a test are enabled again, so no other test meets them disabled. */
const disabled = new Set<string>();
afterEach(async () => {
  for (const email of disabled) await partnerDev(email, 'enable');
  disabled.clear();
});

async function partnerDev(email: string, action: 'disable' | 'enable'): Promise<void> {
  const response = await fetch(`${browser.baseUrl}/partner/dev/users/${encodeURIComponent(email)}/${action}`, { method: 'POST' });
  expect(response.ok).toBe(true);
}

/** The partner's password grant as a program (not a browser) runs it: for tests that need a partner refresh token of their own. */
async function partnerPasswordGrant(email: string): Promise<{ refresh_token: string }> {
  const response = await fetch(`${browser.baseUrl}/partner/connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: email, password: PARTNER_PASSWORD, client_id: 'dealer-console', scope: 'openid email profile roles offline_access' }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { refresh_token: string };
}

/** The local partner rotates refresh tokens on use only while a test asks it to (the stack's default is off). */
async function partnerRefreshRotation(state: 'on' | 'off'): Promise<void> {
  const response = await fetch(`${browser.baseUrl}/partner/dev/refresh_rotation/${state}`, { method: 'POST' });
  expect(response.ok).toBe(true);
}

async function partnerCookies(context: BrowserContext): Promise<Record<string, string>> {
  const cookies = await context.cookies();
  return Object.fromEntries(cookies.filter((c) => c.name.startsWith('partner_')).map((c) => [c.name, c.value]));
}

/** Signs in on the partner-branded page by keyboard: the fields in turn, Enter to send. */
async function signInThroughPartner(page: Page, email: string): Promise<void> {
  await page.goto('/app/sign_in?partner=cao');
  await page.getByRole('heading', { name: `Sign in with your ${partner.name} account` }).waitFor();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('E-mail').press('Tab');
  await page.keyboard.type(PARTNER_PASSWORD);
  await page.keyboard.press('Enter');
}

async function expectOnBoard(page: Page): Promise<void> {
  await expect.poll(() => page.url(), { timeout: 15_000 }).toMatch(landingUrl('/app/'));
  await page.getByRole('main').getByText('Vehicles in Service', { exact: true }).waitFor();
  await page.getByRole('banner').getByRole('link', { name: 'Sign out' }).waitFor();
}

/** Neither a scrollbar sideways nor a serious accessibility finding, at a phone's, a laptop's and a wide screen's width. */
async function checkEveryWidth(page: Page): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `width ${width}`).toBeLessThanOrEqual(width);
    if (width !== 1920) expect(await seriousViolations(page), `width ${width}`).toEqual([]);
  }
}

describe('signing in through the partner', () => {
  it("wears the partner's brand on ?partner=cao, at every width, without serious accessibility findings", async () => {
    const page = await browser.page();
    await page.goto('/app/sign_in?partner=cao');
    await page.getByRole('heading', { name: `Sign in with your ${partner.name} account` }).waitFor();
    expect(await page.getByRole('main').getAttribute('data-brand')).toBe('partner');
    await checkEveryWidth(page);
  });

  it("keeps the console's own look without the partner link or cookie", async () => {
    const page = await browser.page();
    await page.goto('/app/sign_in');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await page.getByRole('main').getAttribute('data-brand')).toBe('console');
  });

  it('lands the advisor on the service board and sets the partner cookies', async () => {
    const page = await browser.page();
    await signInThroughPartner(page, ADVISOR);
    await expectOnBoard(page);
    const cookies = await partnerCookies(page.context());
    expect(decodeURIComponent(cookies.partner_email ?? '')).toBe(ADVISOR);
    expect(cookies.partner_refresh_token).toBeTruthy();
    const all = await page.context().cookies();
    expect(all.filter((c) => c.name.startsWith('partner_')).every((c) => c.path === '/' && c.sameSite === 'Lax')).toBe(true);
    // The partner-managed location wears the partner's colours, still readable.
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('cao');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("shows the wrong-password text when the partner refuses the password", async () => {
    const page = await browser.page();
    await page.goto('/app/sign_in?partner=cao');
    await page.getByLabel('E-mail').fill(ADVISOR);
    await page.getByLabel('Password').fill('not-the-partner-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Wrong username or password. Click here if you forgot your password.');
    expect(await partnerCookies(page.context())).toEqual({});
  });

  it("signs a partner agent in from the console's own sign-in page (the probe says sso), and sign-out drops the partner brand", async () => {
    const page = await browser.page();
    await page.goto('/app/sign_in');
    await page.getByLabel('E-mail').fill(MANAGER);
    await page.getByLabel('Password').fill(PARTNER_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectOnBoard(page);
    // Back on sign-in after sign-out, the partner cookie is gone, and so is the brand.
    await page.getByRole('banner').getByRole('link', { name: 'Sign out' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/app/sign_in');
    expect(await page.getByRole('main').getAttribute('data-brand')).toBe('console');
  });

  it("sends a partner user without the console's role to the partner's connect site", async () => {
    const page = await browser.page();
    await signInThroughPartner(page, VIEWER);
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe(new URL(partner.connect_url, browser.baseUrl).pathname);
    expect(await page.getByRole('link', { name: 'Open the dealer console' }).getAttribute('href')).toBe('/app/sign_in?partner=cao');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });
});

describe('the seamless start (SPEC §4)', () => {
  it('a password sign-in of someone else on the browser forgets the partner cookies, so a reload keeps that person', async () => {
    const page = await browser.page();
    await page.context().addCookies([
      { name: 'partner_email', value: encodeURIComponent(ADVISOR), url: browser.baseUrl },
      { name: 'partner_refresh_token', value: 'left-over', url: browser.baseUrl },
    ]);
    await signInAs(page, 'advisor@demo.example');
    expect(await partnerCookies(page.context())).toEqual({});
    await page.reload();
    await page.getByRole('banner').getByRole('link', { name: 'Sign out' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('email'))).toBe('advisor@demo.example');
  });

  it('signs in again from the partner cookies alone', async () => {
    const page = await browser.page();
    await signInThroughPartner(page, ADVISOR);
    await expectOnBoard(page);
    await page.evaluate(() => localStorage.clear());
    const seamless = page.waitForResponse((r) => r.url().endsWith('/agent_sessions/seamless'));
    await page.goto('/app/');
    expect((await seamless).status()).toBe(200);
    await expectOnBoard(page);
    const email = await page.evaluate(() => {
      const token = localStorage.getItem('token') ?? '';
      return (JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { agent_email?: string }).agent_email;
    });
    expect(email).toBe(ADVISOR);
    expect((await partnerCookies(page.context())).partner_refresh_token).toBeTruthy();
  });

  it("the partner's link signs in from the cookies too, without a second password; the plain sign-in page still asks", async () => {
    const page = await browser.page();
    await signInThroughPartner(page, ADVISOR);
    await expectOnBoard(page);
    await page.evaluate(() => localStorage.clear());
    await page.goto('/app/sign_in');
    await page.getByLabel('Password').waitFor();
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/app/sign_in');
    const seamless = page.waitForResponse((r) => r.url().endsWith('/agent_sessions/seamless'));
    await page.goto('/app/sign_in?partner=cao');
    expect((await seamless).status()).toBe(200);
    await expectOnBoard(page);
  });

  it("keeps the partner's rotated refresh token in the cookie, and the next start signs in with it", async () => {
    await partnerRefreshRotation('on');
    try {
      const page = await browser.page();
      await signInThroughPartner(page, ADVISOR);
      await expectOnBoard(page);
      const first = (await partnerCookies(page.context())).partner_refresh_token;
      for (const _start of [1, 2]) {
        const before = (await partnerCookies(page.context())).partner_refresh_token;
        await page.evaluate(() => localStorage.clear());
        const seamless = page.waitForResponse((r) => r.url().endsWith('/agent_sessions/seamless'));
        await page.goto('/app/');
        expect((await seamless).status()).toBe(200);
        await expectOnBoard(page);
        await expect.poll(async () => (await partnerCookies(page.context())).partner_refresh_token).not.toBe(before);
      }
      expect((await partnerCookies(page.context())).partner_refresh_token).not.toBe(first);
    } finally {
      await partnerRefreshRotation('off');
    }
  });

  it('forgets the partner cookies and lands on sign-in once the partner disabled the user', async () => {
    const page = await browser.page();
    await signInThroughPartner(page, MANAGER);
    await expectOnBoard(page);
    disabled.add(MANAGER);
    await partnerDev(MANAGER, 'disable');
    await page.evaluate(() => localStorage.clear());
    const seamless = page.waitForResponse((r) => r.url().endsWith('/agent_sessions/seamless'));
    await page.goto('/app/');
    expect((await seamless).status()).toBe(403);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/app/sign_in');
    expect(await partnerCookies(page.context())).toEqual({});
  });

  it('on focus, a tab whose token went away re-syncs through the partner cookies (SPEC §4 focus check)', async () => {
    const page = await browser.page();
    await signInAs(page, 'advisor@demo.example');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('default');
    // Meanwhile the partner's advisor signed in on this browser (the partner's portal shares the
    // cookies' domain in production) and the demo advisor's token was dropped elsewhere.
    const grant = await partnerPasswordGrant(ADVISOR);
    await page.context().addCookies([
      { name: 'partner_email', value: encodeURIComponent(ADVISOR), url: browser.baseUrl },
      { name: 'partner_refresh_token', value: grant.refresh_token, url: browser.baseUrl },
    ]);
    await page.evaluate(() => localStorage.removeItem('token'));
    const seamless = page.waitForResponse((r) => r.url().endsWith('/agent_sessions/seamless'));
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    expect((await seamless).status()).toBe(200);
    // The console is now the partner's advisor's, at their partner-managed location.
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme), { timeout: 10_000 }).toBe('cao');
    await page.getByRole('banner').getByRole('link', { name: 'Sign out' }).waitFor();
  });

  const SEAMLESS_ERRORS: [number, string][] = [
    [403, 'Authentication error. Please contact support. Support contacts'],
    [404, 'This service module is not enabled.'],
    [500, 'An unexpected error occurred. Our staff has been notified.'],
  ];

  it.each(SEAMLESS_ERRORS)('a %i answer leads to the seamless error page, whose button returns to the connect site', async (status, text) => {
    const page = await browser.page();
    await page.context().addCookies([
      { name: 'partner_email', value: encodeURIComponent(ADVISOR), url: browser.baseUrl },
      { name: 'partner_refresh_token', value: 'any-token', url: browser.baseUrl },
    ]);
    await page.route('**/agent_sessions/seamless', (route) =>
      route.fulfill({ status, contentType: 'application/json', body: JSON.stringify({ error: { id: status === 404 ? 'user_not_found' : 'refused', message: 'x' } }) }),
    );
    await page.goto('/app/');
    await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe(`/app/login/seamless_error?status=${status}`);
    await expect.poll(() => page.getByRole('alert').textContent()).toBe(text);
    expect(await page.getByRole('link', { name: 'Sign out' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('main').getAttribute('data-brand')).toBe('partner');
    if (status === 403) await checkEveryWidth(page);
    await page.getByRole('button', { name: 'Return to Connect' }).click();
    await expect.poll(() => page.url()).toBe(new URL(partner.connect_url, browser.baseUrl).href);
  });

  it('any other failure starts over at the console, signed out', async () => {
    const page = await browser.page();
    await page.context().addCookies([
      { name: 'partner_email', value: encodeURIComponent(ADVISOR), url: browser.baseUrl },
      { name: 'partner_refresh_token', value: 'any-token', url: browser.baseUrl },
    ]);
    await page.route('**/agent_sessions/seamless', (route) => route.fulfill({ status: 502, body: '' }));
    await page.goto('/app/appointments');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/app/sign_in');
    // Not a refusal of the partner: the cookies stay for the next start.
    expect(Object.keys(await partnerCookies(page.context())).sort()).toEqual(['partner_email', 'partner_refresh_token']);
  });
});

describe('signing out of a partner session', () => {
  it('revokes the partner refresh token and clears the cookies', async () => {
    const page = await browser.page();
    await signInThroughPartner(page, ADVISOR);
    await expectOnBoard(page);
    const revoked = page.waitForRequest((r) => r.url().endsWith('/connect/revocation') && r.method() === 'POST');
    await page.getByRole('banner').getByRole('link', { name: 'Sign out' }).click();
    const revocation = await revoked;
    await expect.poll(() => new URL(page.url()).pathname).toBe('/app/sign_in');
    expect(await partnerCookies(page.context())).toEqual({});

    const sent = new URLSearchParams(revocation.postData() ?? '');
    expect(sent.get('token_type_hint')).toBe('refresh_token');
    const token = sent.get('token') ?? '';
    expect(token).not.toBe('');
    // The revoked token no longer signs anyone in.
    const again = await fetch(`${browser.baseUrl}/agent_sessions/seamless`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADVISOR, refresh_token: token }),
    });
    expect(again.status).toBe(403);
    expect(((await again.json()) as { error?: { openid?: { error?: string } } }).error?.openid?.error).toBe('invalid_grant');
  });
});
