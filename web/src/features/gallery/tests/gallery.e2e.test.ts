/**
 * The album in the console (issue 21 part 4): the advisor opens an order, uploads two photos and a
 * short video at once (renditions made in the browser), captions one, hides one from the customer
 * and shares the album; the text reaches the customer's phone with the visit link at the album,
 * whose part then holds the public ones. At 1280 px and on a 390 px phone, scanned with axe. The
 * technician adds a photo from the inspection sheet, on a phone.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BrowserContextOptions } from 'playwright-core';
import { textsTo } from '../../../../../test/support/api.js';
import { seriousViolations } from '../../../../../test/support/axe.js';
import { createRepairOrder, useStackEnv } from '../../../../../test/support/service.js';
import { openOrder, signInAs, useBrowser } from '../../../../../test/e2e/browser.js';
import { orderWithSheetIn } from '../../../../../test/support/sheetFixtures.js';

const browser = useBrowser();
useStackEnv();

const MEDIA = join(import.meta.dirname, '../../../../../functions/gallery/demoMedia');
const WIDTHS: [string, BrowserContextOptions][] = [
  ['1280 px', { viewport: { width: 1280, height: 900 } }],
  ['a 390 px phone', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }],
];

describe.each(WIDTHS)('the album at %s', (width, options) => {
  it('uploads two photos and a video, captions one, hides one, and shares the album by text', { timeout: 120_000 }, async () => {
    const { customer, ro } = await createRepairOrder({ customer: { first_name: 'Alba', last_name: width.startsWith('1280') ? 'Wide' : 'Narrow', opt_in: 'in' } });
    const page = await (await browser.context(options)).newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signInAs(page, 'advisor@demo.example');
    if (width.startsWith('1280')) await openOrder(page, ro.ro_id);
    else {
      // On a phone the conversation comes first; the order's details are a button away.
      const row = page.getByTestId('board-row').filter({ hasText: ro.ro_id }).first();
      await row.waitFor({ timeout: 15_000 });
      await row.click();
      await page.getByTestId('detail-open').waitFor({ timeout: 15_000 });
      await page.getByTestId('detail-open').click();
    }
    const section = page.getByTestId('gallery-section');
    await section.waitFor({ timeout: 15_000 });
    await expect.poll(() => section.textContent()).toContain('No photos or videos yet.');

    await page.getByTestId('gallery-file').setInputFiles([join(MEDIA, 'front-left-tyre.jpg'), join(MEDIA, 'brake-pads.jpg'), join(MEDIA, 'walkaround.webm')]);
    const ready = section.locator('[data-testid="gallery-item"][data-state="ready"]');
    await expect.poll(() => ready.count(), { timeout: 30_000 }).toBe(3);
    expect(await section.getByRole('img', { name: 'Video: walkaround.webm' }).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);

    // Caption by keyboard: the dialog opens on the button, the caption typed, Enter saves.
    await section.getByRole('button', { name: 'Edit caption: front-left-tyre.jpg' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByTestId('gallery-notes');
    await dialog.getByLabel('Caption').fill('Front left tyre');
    await dialog.getByLabel('Description').fill('2 mm of tread left: we recommend replacing both front tyres.');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByLabel('Caption').press('Enter');
    await expect.poll(() => section.textContent(), { timeout: 10_000 }).toContain('Front left tyre');

    const hide = section.getByRole('checkbox', { name: 'Show brake-pads.jpg to the customer' });
    // The box follows the server's answer (another agent may change it too), so it is clicked, then read.
    await hide.click();
    await expect.poll(() => hide.isChecked(), { timeout: 10_000 }).toBe(false);

    await page.getByTestId('gallery-share').click();
    await expect.poll(() => section.textContent(), { timeout: 10_000 }).toContain('Texted to the customer');
    let text = '';
    await expect
      .poll(async () => (text = (await textsTo(browser.carrierUrl, customer.phones.cell!)).filter((sms) => sms.direction === 'outbound').map((sms) => sms.text).join('|')), { timeout: 10_000 })
      .toMatch(/^Demo Motors North: photos and a video of your vehicle are ready for you to see: http\S+\/app\/public\/visits\/[A-Za-z0-9_-]{43}#album(\n|$)/);

    // The customer opens the text's link on a phone: the visit page shows the shown photo with its
    // caption and the video, not the hidden photo.
    const link = new URL(/http\S+#album/.exec(text)![0]);
    const phone = await (await browser.context({ viewport: { width: 390, height: 844 }, isMobile: true })).newPage();
    await phone.goto(new URL(link.pathname + link.hash, browser.baseUrl).href);
    const album = phone.locator('section.album');
    await album.waitFor({ timeout: 15_000 });
    await album.getByRole('img', { name: 'Front left tyre' }).waitFor();
    expect(await album.locator('video').count()).toBe(1);
    expect(await album.textContent()).not.toContain('brake-pads');
    expect(await seriousViolations(phone)).toEqual([]);

    // Archiving asks first; the archived file can be restored.
    await section.getByRole('button', { name: 'Archive brake-pads.jpg' }).click();
    expect(await section.textContent()).toContain('Archive this file? The customer will no longer see it.');
    await page.getByTestId('gallery-archive-yes').click();
    await section.getByRole('button', { name: 'Restore brake-pads.jpg' }).waitFor({ timeout: 10_000 });
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe('the album on the technician’s sheet', () => {
  it('takes a photo the technician adds on a phone, which the advisor then has', { timeout: 120_000 }, async () => {
    const held = await orderWithSheetIn('claimed_by_technician', { firstName: 'Tomas', lastName: 'Tyres' });
    const page = await (await browser.context(WIDTHS[1]![1])).newPage();
    await signInAs(page, 'tech@demo.example');
    await page.goto(`/app/mpi/repair_orders/${held.ro.id}`);
    await page.locator('[data-testid="mpi-sheet"][data-state="claimed"]').waitFor({ timeout: 15_000 });
    const section = page.getByTestId('gallery-section');
    await section.waitFor({ timeout: 15_000 });
    await page.getByTestId('gallery-file').setInputFiles([join(MEDIA, 'front-left-tyre.jpg')]);
    await expect.poll(() => section.locator('[data-testid="gallery-item"][data-state="ready"]').count(), { timeout: 30_000 }).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);

    const advisor = await (await browser.context(WIDTHS[0]![1])).newPage();
    await signInAs(advisor, 'advisor@demo.example');
    await openOrder(advisor, held.ro.ro_id);
    await expect.poll(() => advisor.getByTestId('gallery-section').locator('[data-testid="gallery-item"][data-state="ready"]').count(), { timeout: 15_000 }).toBe(1);
  });
});
