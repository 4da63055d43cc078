import { describe, expect, it } from 'vitest';
import { api, mailbox, signIn } from '../support/api.js';
import { seriousViolations } from '../support/axe.js';
import { landingUrl, signInAs, useBrowser } from './browser.js';

const browser = useBrowser();

describe('the signed-in shell', () => {
  it('shows an advisor only the menu entries their flags allow', async () => {
    const page = await browser.page();
    await signInAs(page, 'advisor@demo.example');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    const links = await menu.getByRole('link').allTextContents();
    expect(links).toEqual(['Vehicles in Service', 'MPI Pool', 'MPI Claimed', 'Internal Chat', 'Guests and Leads', 'Search History', 'My Profile', 'Help']);
    expect(await menu.getByRole('heading', { name: 'Administration' }).count()).toBe(0);
  });

  it('sends an agent who opens a board they may not see to their own landing board', async () => {
    const page = await browser.page();
    await signInAs(page, 'hr@demo.example');
    await page.goto('/app/settings');
    await expect.poll(() => page.url()).toMatch(landingUrl('/app/employees'));
  });

  it('lets a manager view the console as an advisor, and back', async () => {
    const page = await browser.page();
    await signInAs(page, 'manager@demo.example');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('heading', { name: 'Administration' }).waitFor();

    await page.getByLabel('View as').selectOption({ label: 'Priya Raman' });
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Viewing as Priya Raman' }).isVisible()).toBe(true);
    // The advisor's permissions now apply: no Administration group.
    await expect.poll(() => menu.getByRole('heading', { name: 'Administration' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Stop viewing as' }).click();
    await expect.poll(() => page.getByText('Viewing as Priya Raman').count()).toBe(0);
    await menu.getByRole('heading', { name: 'Administration' }).waitFor();
  });

  it('lets an admin switch location, and remembers the choice', async () => {
    const page = await browser.page();
    await signInAs(page, 'admin@demo.example');
    const picker = page.getByLabel('Location');
    expect(await picker.inputValue()).toBe('loc_demo_north');
    await picker.selectOption({ label: 'Demo Motors South' });
    await expect.poll(() => page.evaluate(() => localStorage.getItem('location'))).toBe('loc_demo_south');
    await page.reload();
    await expect.poll(() => page.getByLabel('Location').inputValue()).toBe('loc_demo_south');
  });

  it("offers the location's teams and keeps the chosen one", async () => {
    const page = await browser.page();
    await signInAs(page, 'advisor@demo.example');
    await page.getByLabel('Team').selectOption('Express service');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('current_team'))).toBe('Express service');
  });

  it('hides the menu behind a toggle on a window narrower than 1280 px', async () => {
    const context = await browser.context();
    const page = await context.newPage();
    await page.setViewportSize({ width: 1024, height: 800 });
    await signInAs(page, 'advisor@demo.example');
    const toggle = page.getByRole('button', { name: 'Show menu' });
    await toggle.waitFor();
    expect(await page.getByRole('navigation', { name: 'Main menu' }).isVisible()).toBe(false);
    await toggle.click();
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Internal Chat' }).click();
    await expect.poll(() => page.url()).toMatch(landingUrl('/app/internalchat'));
    await expect.poll(() => page.getByRole('navigation', { name: 'Main menu' }).isVisible()).toBe(false);
  });

  it('on a phone, Escape closes the open menu and gives the keyboard back to its button', async () => {
    const context = await browser.context({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await signInAs(page, 'advisor@demo.example');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await page.getByRole('button', { name: 'Show menu' }).click();
    await expect.poll(() => menu.isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await menu.getByRole('link', { name: 'Internal Chat' }).focus();
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Show menu');
  });
});

describe('one console per browser', () => {
  it('a second tab sends the first to notusable.html, whose button takes the console back', async () => {
    const context = await browser.context();
    const first = await context.newPage();
    await signInAs(first, 'advisor@demo.example');
    const second = await context.newPage();
    await second.goto('/app/');
    await second.getByRole('navigation', { name: 'Main menu' }).waitFor();
    await expect.poll(() => new URL(first.url()).pathname).toBe('/app/notusable.html');
    await first.getByRole('heading', { name: 'The console is open in another tab' }).waitFor();

    await first.getByRole('link', { name: 'Use the console here' }).click();
    await first.getByRole('navigation', { name: 'Main menu' }).waitFor();
    await expect.poll(() => new URL(second.url()).pathname).toBe('/app/notusable.html');
  });
});

describe('sessions', () => {
  it('a session ended elsewhere sends the console back to sign_in', async () => {
    const page = await browser.page();
    await signInAs(page, 'appointments@demo.example');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect((await api(browser.baseUrl, token ?? '').del('/agent_sessions/logout_jwt')).status).toBe(204);
    // The console's live stream may hear of the ended session first and already be on its way to
    // sign_in, which aborts this reload; either road must end at sign_in.
    await page.reload().catch((error: unknown) => {
      if (!String(error).includes('ERR_ABORTED')) throw error;
    });
    await expect.poll(() => new URL(page.url()).pathname).toBe('/app/sign_in');
  });

  it('a request refused for a dead token signs the agent out and reloads to sign_in', async () => {
    const page = await browser.page();
    await signInAs(page, 'manager@demo.example');
    // A screen with no live requests of its own, so the test's request is the one refused.
    await page.goto('/app/help');
    await page.getByLabel('View as').waitFor();
    const token = await page.evaluate(() => localStorage.getItem('token'));
    await api(browser.baseUrl, token ?? '').del('/agent_sessions/logout_jwt');
    // On a loaded machine a background request (presence, the stream) may meet the dead token
    // first and sign the agent out before the picker is used: either way a refused request is what
    // signs them out, so the picker gone with the page is not a failure.
    await page
      .getByLabel('View as')
      .selectOption({ label: 'Priya Raman' }, { timeout: 10_000 })
      .catch(() => undefined);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/app/sign_in');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  it('a session that ran out sends the agent to sign_in with the inactivity notice', async () => {
    const page = await browser.page();
    await signInAs(page, 'manager@demo.example');
    // A screen with no live requests of its own, so the test's request is the one refused.
    await page.goto('/app/help');
    await page.getByLabel('View as').waitFor();
    // The console refreshes a token close to expiry before using it; here the token has expired and
    // the server no longer honours the refresh token. (Ending the session on the server instead lets
    // the live stream hear of it first, which is the test of a session ended elsewhere, above.)
    await page.evaluate(() => {
      const claims = btoa(JSON.stringify({ agent_email: 'manager@demo.example', exp: Math.floor(Date.now() / 1000) - 60 }));
      localStorage.setItem('token', `${btoa('{"alg":"HS256"}')}.${claims.replace(/=+$/, '')}.signature`);
      localStorage.setItem('refresh_token', 'a-refresh-token-the-server-no-longer-knows');
    });
    await page.getByLabel('View as').selectOption({ label: 'Priya Raman' });
    await expect.poll(() => new URL(page.url()).pathname).toBe('/app/sign_in');
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'You have been logged out due to inactivity' }).isVisible()).toBe(true);
  });

  it('signs in from a magic link and lands', async () => {
    const adminToken = await signIn(browser.baseUrl, 'admin@demo.example');
    const sent = await api(browser.baseUrl, adminToken).post('/api/agents/agt_tech/magic_link');
    expect(sent.status).toBe(201);
    const [mail] = await mailbox(browser.carrierUrl, 'tech@demo.example');
    const link = /https?:\/\/\S+\/app\/magicLogin\?\S+/.exec(mail?.text ?? '')?.[0];
    expect(link).toBeDefined();

    const page = await browser.page();
    await page.goto(link!);
    await expect.poll(() => page.url(), { timeout: 10_000 }).toMatch(landingUrl('/app/mpi'));
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
  });

  it('a magic link without its token goes to sign_in', async () => {
    const page = await browser.page();
    await page.goto('/app/magicLogin?email=tech@demo.example');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/app/sign_in');
  });
});

describe('failed requests', () => {
  const isLocation = (url: URL) => url.pathname === '/api/locations/loc_demo_north';

  it("shows the server's own words", async () => {
    const page = await browser.page();
    let asked = 0;
    await page.route(isLocation, (route) => {
      asked++;
      return route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { id: 'boom', message: 'Database unavailable' } }) });
    });
    await signInAs(page, 'advisor@demo.example');
    await page.getByText('Database unavailable').waitFor();
    // A server error is asked again; the retry's failure does not stack a second copy of the toast.
    await expect.poll(() => asked, { timeout: 5000 }).toBeGreaterThan(1);
    expect(await page.getByText('Database unavailable').count()).toBe(1);
  });

  it('says an unexpected error occurred when the server gave no words', async () => {
    const page = await browser.page();
    await page.route(isLocation, (route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' }));
    await signInAs(page, 'advisor@demo.example');
    await page.getByText('An unexpected error occurred').waitFor();
    expect(await page.getByText('Error', { exact: true }).isVisible()).toBe(true);
  });

  it('shows the offline banner while the network is gone, and drops it when the browser is back online', async () => {
    const context = await browser.context();
    const page = await context.newPage();
    await signInAs(page, 'manager@demo.example');
    // The colleagues to view as arrive after sign-in: the network goes only once they are listed.
    const viewAs = page.getByLabel('View as');
    await viewAs.locator('option', { hasText: 'Priya Raman' }).waitFor({ state: 'attached' });
    await context.setOffline(true);
    await viewAs.selectOption({ label: 'Priya Raman' });
    const banner = page.getByText('You are offline. The console will catch up when the connection is back.');
    await banner.waitFor();
    await context.setOffline(false);
    await expect.poll(() => banner.count()).toBe(0);
  });
});

describe('other pages', () => {
  it('answers an unknown path with a plain 404', async () => {
    const page = await browser.page();
    await page.goto('/app/no/such/screen');
    await expect.poll(() => page.getByRole('heading', { name: '404' }).isVisible()).toBe(true);
  });

  it.each([
    ['403', 'Authentication error. Please contact support.'],
    ['500', 'An unexpected error occurred. Our staff has been notified.'],
    ['404', 'This service module is not enabled.'],
  ])('the single sign-on error page for status %s', async (status, text) => {
    const page = await browser.page();
    await page.goto(`/app/login/seamless_error?status=${status}`);
    await expect.poll(() => page.getByRole('alert').textContent()).toContain(text);
    // The local stack has a partner: the button returns to its connect site.
    await page.getByRole('button', { name: 'Return to Connect' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/partner/connect');
  });

  it('the single sign-on error page returns a click made before the partner settings answer to the connect site', async () => {
    const page = await browser.page();
    let release = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/agent_sessions/sso_config', async (route) => {
      await answered;
      await route.continue();
    });
    await page.goto('/app/login/seamless_error?status=403');
    await page.getByRole('button', { name: 'Return to Connect' }).click();
    release();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/partner/connect');
  });

  it('the single sign-on error page of a console without a partner returns to sign-in', async () => {
    const page = await browser.page();
    await page.route('**/agent_sessions/sso_config', (route) =>
      route.fulfill({ status: 404, contentType: 'application/json', body: JSON.stringify({ error: { id: 'sso_not_configured', message: 'x' } }) }),
    );
    await page.goto('/app/login/seamless_error?status=404');
    await page.getByRole('alert').waitFor();
    await page.getByRole('button', { name: 'Return to Connect' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/app/sign_in');
  });
});
