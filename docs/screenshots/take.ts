/**
 * The boards' screenshots in docs/screenshots (board-390.png, board-390-open.png, board-1280.png,
 * board-1440.png, appointments-1280.png, appointments-1440.png, appointments-390-open.png): a local stack in memory with the demo dealership, as the browser tests start
 * it, and the built console (run `npm run build` first; WEB_DIST_DIR picks another build).
 *
 *   npm run screenshots            # all of them
 *   OUT_DIR=/tmp/shots npm run screenshots
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../infra/local/demo.js';
import { startIsolatedStack } from '../../infra/local/isolated.js';
import { launchChromium } from '../../test/support/chromium.js';

const OUT_DIR = process.env.OUT_DIR || fileURLToPath(new URL('.', import.meta.url));
/** Maria Gonzalez's order: an unread reply, an overdue promise time and a customer waiting. */
const ORDER_CUSTOMER = 'Maria Gonzalez';
/** Jorge Ramírez's appointment today: its reminder went, in Spanish. */
const APPOINTMENT_CUSTOMER = 'Jorge Ramírez';

interface Board {
  email: string;
  row: string;
  /** What to click to open the record of `customer`. */
  opener: string;
  customer: string;
  path?: string;
}

const SERVICE: Board = { email: 'manager@demo.example', row: 'board-row', opener: 'board-row', customer: ORDER_CUSTOMER };
const APPOINTMENTS: Board = { email: 'appointments@demo.example', row: 'appointment-row', opener: 'appointment-open', customer: APPOINTMENT_CUSTOMER, path: '/app/appointments' };

interface Shot {
  file: string;
  context: BrowserContextOptions;
  open: boolean;
  locale?: string;
  board?: Board;
}

const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const SHOTS: Shot[] = [
  { file: 'board-390.png', context: PHONE, open: false },
  { file: 'board-390-open.png', context: PHONE, open: true },
  { file: 'board-1280.png', context: { viewport: { width: 1280, height: 800 } }, open: true },
  { file: 'board-1440.png', context: { viewport: { width: 1440, height: 900 } }, open: true },
  { file: 'board-1440-de.png', context: { viewport: { width: 1440, height: 900 } }, open: true, locale: 'de' },
  { file: 'appointments-1280.png', context: { viewport: { width: 1280, height: 800 } }, open: true, board: APPOINTMENTS },
  { file: 'appointments-1440.png', context: { viewport: { width: 1440, height: 900 } }, open: true, board: APPOINTMENTS },
  { file: 'appointments-390-open.png', context: PHONE, open: true, board: APPOINTMENTS },
];

async function signIn(page: Page, board: Board): Promise<void> {
  await page.goto('/app/sign_in');
  await page.getByLabel('E-mail').fill(board.email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByTestId(board.row).first().waitFor({ timeout: 20_000 });
}

async function take(browser: Browser, baseURL: string, shot: Shot): Promise<void> {
  const context = await browser.newContext({ ...shot.context, baseURL });
  const page = await context.newPage();
  const board = shot.board ?? SERVICE;
  await signIn(page, board);
  if (shot.locale) {
    // The agent's language choice, as the header's switch remembers it.
    await page.evaluate((locale) => localStorage.setItem('language', locale), shot.locale);
    await page.reload();
    await page.getByTestId(board.row).first().waitFor({ timeout: 20_000 });
  }
  if (shot.open) {
    await page.getByTestId(board.opener).filter({ hasText: board.customer }).first().click();
    await page.getByTestId('message-bubble').first().waitFor({ timeout: 10_000 });
  }
  // Let the live status settle and the row fonts finish loading.
  await page.waitForTimeout(800);
  await page.screenshot({ path: join(OUT_DIR, shot.file) });
  await context.close();
  console.log(`wrote ${join(OUT_DIR, shot.file)}`);
}

const stack = await startIsolatedStack({ port: 0, dataDir: null, web: 'built', seed: true, scheduler: false, quiet: true });
const { browser } = await launchChromium();
try {
  await mkdir(OUT_DIR, { recursive: true });
  for (const shot of SHOTS) await take(browser, stack.url, shot);
} finally {
  await browser.close();
  await stack.stop();
}
