import { describe, expect, it } from 'vitest';
import { mailbox } from '../support/api.js';
import { seriousViolations } from '../support/axe.js';
import { landingUrl, signInAs, useBrowser } from './browser.js';

const browser = useBrowser();

/** Where each demo agent lands after signing in (SPEC §2 landing rules; inventory has its own board), and a text that screen shows. */
const LANDINGS: [string, string, string][] = [
  ['admin@demo.example', '/app/', 'Vehicles in Service'],
  ['manager@demo.example', '/app/', 'Vehicles in Service'],
  ['advisor@demo.example', '/app/', 'Vehicles in Service'],
  ['tech@demo.example', '/app/mpi', 'MPI Pool'],
  ['appointments@demo.example', '/app/appointments', 'Appointments'],
  ['hr@demo.example', '/app/employees', 'Employees'],
  ['chat@demo.example', '/app/internalchat', 'Internal Chat'],
  ['inventory@demo.example', '/app/inventory', 'Inventory'],
  ['noboard@demo.example', '/app/noboard', 'You have no board permission. Please contact your administrator.'],
  ['rival@demo.example', '/app/', 'Vehicles in Service'],
];

describe('signing in', () => {
  it.each(LANDINGS)('%s lands on %s', async (email, landing, text) => {
    const page = await browser.page();
    await signInAs(page, email);
    await expect.poll(() => page.url()).toMatch(landingUrl(landing));
    await page.getByRole('main').getByText(text, { exact: true }).waitFor();
  });

  it('asks for credentials when a field is empty', async () => {
    const page = await browser.page();
    await page.goto('/app/sign_in');
    await page.getByLabel('E-mail').fill('advisor@demo.example');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Provide credentials');
  });

  it("shows the spec's text for a wrong password, and its link opens the forgot-password dialog", async () => {
    const page = await browser.page();
    await page.goto('/app/sign_in');
    await page.getByLabel('E-mail').fill('  Advisor@Demo.Example ');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const alert = page.getByRole('alert');
    await expect.poll(() => alert.textContent()).toBe('Wrong username or password. Click here if you forgot your password.');
    await alert.getByRole('button', { name: 'Click here' }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Forgot your password?' }).isVisible()).toBe(true);
  });

  it('shows the loading label while signing in', async () => {
    const page = await browser.page();
    await page.route('**/agent_sessions/login_jwt', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await page.goto('/app/sign_in');
    await page.getByLabel('E-mail').fill('advisor@demo.example');
    await page.getByLabel('Password').fill('demo-dealer');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Signing in...' }).isVisible()).toBe(true);
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
  });
});

describe('forgot password', () => {
  it('refuses a malformed address, then sends the reset mail', async () => {
    const page = await browser.page();
    await page.goto('/app/sign_in');
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('E-mail').fill('hr@demo');
    await dialog.getByRole('button', { name: 'Send reset link' }).click();
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBe('Please enter valid email address.');

    const before = (await mailbox(browser.carrierUrl, 'hr@demo.example')).length;
    await dialog.getByLabel('E-mail').fill('HR@demo.example');
    await dialog.getByRole('button', { name: 'Send reset link' }).click();
    await expect.poll(() => dialog.getByRole('heading', { name: 'Email is on its way!' }).isVisible()).toBe(true);
    expect(await dialog.getByText('Please check you email inbox.').isVisible()).toBe(true);
    await expect.poll(async () => (await mailbox(browser.carrierUrl, 'hr@demo.example')).length).toBe(before + 1);
  });

  it('drops "Provide credentials" once the reset mail is on its way', async () => {
    const page = await browser.page();
    await page.goto('/app/sign_in');
    await page.getByLabel('E-mail').fill('hr@demo.example');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Provide credentials');

    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Send reset link' }).click();
    await expect.poll(() => dialog.getByRole('heading', { name: 'Email is on its way!' }).isVisible()).toBe(true);
    expect(await page.getByText('Provide credentials').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await page.getByLabel('Password').getAttribute('aria-invalid')).toBeNull();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('lets the agent choose a new password from the mailed link and lands them', async () => {
    const page = await browser.page();
    await page.goto('/app/sign_in');
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('E-mail').fill('chat@demo.example');
    await dialog.getByRole('button', { name: 'Send reset link' }).click();
    await dialog.getByRole('heading', { name: 'Email is on its way!' }).waitFor();

    let link = '';
    await expect
      .poll(async () => {
        const [latest] = await mailbox(browser.carrierUrl, 'chat@demo.example');
        link = /https?:\/\/\S+\/app\/password_reset\?token=\S+/.exec(latest?.text ?? '')?.[0] ?? '';
        return link;
      })
      .not.toBe('');

    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Confirm new password').fill('short');
    await page.getByRole('button', { name: 'Save password' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Password is too short (minimum is 8 characters)');

    // The same password again, so the other tests can still sign in as chat@.
    await page.getByLabel('New password', { exact: true }).fill('demo-dealer');
    await page.getByLabel('Confirm new password').fill('demo-dealr');
    await page.getByRole('button', { name: 'Save password' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe("Password confirmation doesn't match Password");

    await page.getByLabel('Confirm new password').fill('demo-dealer');
    await page.getByRole('button', { name: 'Save password' }).click();
    await expect.poll(() => page.url()).toMatch(landingUrl('/app/internalchat'));
  });

  it('says the token is missing when the link has none', async () => {
    const page = await browser.page();
    await page.goto('/app/password_reset');
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Missing token');
  });
});

describe('signing out', () => {
  it('returns to sign_in, and the console then needs a sign-in again', async () => {
    const page = await browser.page();
    await signInAs(page, 'advisor@demo.example');
    await page.getByRole('link', { name: 'Sign out' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/app/sign_in');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.goto('/app/appointments');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/app/sign_in');
  });
});

describe('languages', () => {
  it('switching the language changes the page text and is remembered', async () => {
    const page = await browser.page();
    await page.goto('/app/sign_in');
    await page.getByLabel('Language').selectOption('de');
    await page.getByRole('button', { name: 'Anmelden' }).waitFor();
    expect(await page.getByLabel('Passwort').isVisible()).toBe(true);
    await page.reload();
    await page.getByRole('button', { name: 'Anmelden' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
  });

  it('says VHC in British English once signed in', async () => {
    const page = await browser.page();
    await signInAs(page, 'advisor@demo.example');
    await page.getByLabel('Language').selectOption('en-gb');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('link', { name: 'VHC Pool' }).waitFor();
    expect(await menu.getByText('MPI').count()).toBe(0);
  });

  it('takes ?lang= on sign_in, shows keys for debug, and ignores a language it does not have', async () => {
    const page = await browser.page();
    await page.goto('/app/sign_in?lang=fr');
    await page.getByRole('button', { name: 'Se connecter' }).waitFor();
    await page.goto('/app/sign_in?lang=debug');
    await page.getByRole('button', { name: 'sign_in.submit' }).waitFor();

    const other = await browser.page();
    await other.goto('/app/sign_in?lang=xx');
    await other.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await other.evaluate(() => localStorage.getItem('language'))).toBeNull();
  });
});
