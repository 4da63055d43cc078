/**
 * Which headless Chromium the browser tests (and the customer-page bench) drive. Debian's
 * `chromium` starts fastest and is what `.ci/run` installs; a machine without it (a fresh clone
 * with only Node and Java) uses the headless build the npm package `@sparticuz/chromium` ships,
 * unpacked to the temp directory on first use (about 1.6 s, then kept). So `npm test` needs no
 * browser installed.
 *
 * CHROMIUM_PATH chooses explicitly: a path to a Chromium binary, or `none` to skip Debian's and
 * use the package's (how the fallback is tested on a machine that has both).
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type LaunchOptions } from 'playwright-core';

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/** Our flags, whichever Chromium runs: no sandbox (containers run as root), nothing phoning home. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];

export interface ChromiumChoice {
  source: 'CHROMIUM_PATH' | 'debian' | '@sparticuz/chromium';
  executablePath: string;
  args: string[];
}

/**
 * The package's flags are made for Lambda; these would change how the pages under test behave
 * (one process for every page and context, no web security, no site isolation), so they are left
 * out: the tests must see the console as a browser does.
 */
const LAMBDA_ONLY_FLAGS = new Set(['--single-process', '--no-zygote', '--disable-web-security', '--allow-running-insecure-content', '--disable-site-isolation-trials']);

/** Where the browser comes from (see the module comment); `preferred` is CHROMIUM_PATH's value. */
export async function chooseChromium(preferred: string | undefined = process.env.CHROMIUM_PATH, debianPath = DEBIAN_CHROMIUM): Promise<ChromiumChoice> {
  const wanted = preferred?.trim();
  if (wanted && wanted !== 'none') {
    if (!existsSync(wanted)) throw new Error(`CHROMIUM_PATH=${wanted}: no such file (unset it to use ${debianPath} or the npm package's Chromium, or set it to "none" for the package's)`);
    return { source: 'CHROMIUM_PATH', executablePath: wanted, args: CHROMIUM_ARGS };
  }
  if (wanted !== 'none' && existsSync(debianPath)) return { source: 'debian', executablePath: debianPath, args: CHROMIUM_ARGS };
  // Imported only here: the package is a devDependency that Debian's browser never needs.
  const { default: packaged } = await import('@sparticuz/chromium');
  const executablePath = await packaged.executablePath();
  const args = [...packaged.args.filter((flag) => !LAMBDA_ONLY_FLAGS.has(flag)), ...CHROMIUM_ARGS.filter((flag) => !packaged.args.includes(flag))];
  return { source: '@sparticuz/chromium', executablePath, args };
}

/** Launches the chosen headless Chromium through playwright-core. */
export async function launchChromium(preferred?: string, options: Omit<LaunchOptions, 'executablePath' | 'args'> = {}): Promise<{ browser: Browser; choice: ChromiumChoice }> {
  const choice = await chooseChromium(preferred);
  const browser = await chromium.launch({ headless: true, ...options, executablePath: choice.executablePath, args: choice.args });
  return { browser, choice };
}
