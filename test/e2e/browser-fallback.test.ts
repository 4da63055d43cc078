/**
 * The browser tests need no Chromium installed: without Debian's, they drive the one the npm
 * package @sparticuz/chromium ships (test/support/chromium.ts). This launches that one for real,
 * whatever the machine has, and opens the console with it.
 */
import { describe, expect, inject, it } from 'vitest';
import { chooseChromium, DEBIAN_CHROMIUM, launchChromium } from '../support/chromium.js';
import '../support/provided.js';

describe('the Chromium the browser tests drive', () => {
  it("opens the console in the packaged Chromium when Debian's is not used (CHROMIUM_PATH=none)", async () => {
    // Prepare
    const { browser, choice } = await launchChromium('none');
    try {
      const page = await browser.newPage({ baseURL: inject('baseUrl') });
      // Act
      await page.goto('/app/sign_in');
      // Assess
      expect(choice.source).toBe('@sparticuz/chromium');
      expect(choice.executablePath).not.toBe(DEBIAN_CHROMIUM);
      // The sign-in screen names itself once the console has rendered it.
      await expect.poll(() => page.title(), { timeout: 15_000 }).toBe('Sign in · Dealer Console');
      expect(await page.getByLabel('E-mail').count()).toBe(1);
    } finally {
      await browser.close();
    }
  });

  it("prefers Debian's chromium when it is installed, and falls back when it is not", async () => {
    // process.execPath stands in for an installed binary: only its presence is asked.
    expect(await chooseChromium(undefined, process.execPath)).toMatchObject({ source: 'debian', executablePath: process.execPath });
    expect((await chooseChromium(undefined, '/nonexistent/chromium')).source).toBe('@sparticuz/chromium');
    expect((await chooseChromium('none', process.execPath)).source).toBe('@sparticuz/chromium');
  });

  it('takes a CHROMIUM_PATH that exists, and names one that does not', async () => {
    expect(await chooseChromium(process.execPath)).toMatchObject({ source: 'CHROMIUM_PATH', executablePath: process.execPath });
    await expect(chooseChromium('/nonexistent/chromium')).rejects.toThrow(/CHROMIUM_PATH=\/nonexistent\/chromium: no such file/);
  });
});
