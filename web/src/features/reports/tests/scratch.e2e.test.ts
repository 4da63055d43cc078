// SCRATCH (not committed): the screen against a mocked reports API, to look at it and scan it.
import { describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Page, Route } from 'playwright-core';
import { seriousViolations } from '../../../../../test/support/axe.js';
import { useStackEnv } from '../../../../../test/support/service.js';
import { signInAs, useBrowser } from '../../../../../test/e2e/browser.js';

const browser = useBrowser();
useStackEnv();

const figures = {
  type: 'texting', scope: 'location', range: { from: '2026-11-01', to: '2026-11-27' }, locations: [{ id: 'x', name: 'Demo Motors', timezone: 'America/New_York' }], currency: '$',
  sheets: [
    { id: 'by_advisor', columns: [{ id: 'label', format: 'text', drills: false }, { id: 'sent', format: 'count', drills: true }, { id: 'received', format: 'count', drills: true }, { id: 'median_first_response', format: 'minutes', drills: false }, { id: 'answered_late_share', format: 'percent', drills: false }, { id: 'unanswered', format: 'count', drills: true }, { id: 'approved_amount', format: 'money', drills: true }],
      rows: [
        { key: 'agent:a1', label: 'Dana Reyes', cells: { sent: 1234, received: 1100, median_first_response: 4.5, answered_late_share: 0.123, unanswered: 3, approved_amount: 123456 }, drill: { sent: { type: 'texting', figure: 'sent', dims: { agent: 'a1' } }, received: { type: 'texting', figure: 'received', dims: { agent: 'a1' } }, unanswered: { type: 'texting', figure: 'unanswered', dims: { agent: 'a1' } }, approved_amount: { type: 'texting', figure: 'approved_amount', dims: { agent: 'a1' } } } },
        { key: 'agent:a2', label: 'Priya Shah', cells: { sent: 12, received: 0, median_first_response: null, answered_late_share: null, unanswered: 0, approved_amount: 0 }, drill: { sent: { type: 'texting', figure: 'sent', dims: { agent: 'a2' } } } },
      ],
      total: { key: 'total', label: 'Total', label_id: 'total', cells: { sent: 1246, received: 1100, median_first_response: 4.5, answered_late_share: 0.1, unanswered: 3, approved_amount: 123456 } } },
    { id: 'by_channel', columns: [{ id: 'label', format: 'text', drills: false }, { id: 'sent', format: 'count', drills: true }], rows: [] },
  ],
};
const report = (id: string, status: string, extra = {}) => ({ id, location_id: 'x', name: `Texting ${id}`, type: 'texting', scope: 'location', period: { kind: 'mtd' }, range: { from: '2026-11-01', to: '2026-11-27' }, status, progress: status === 'running' ? { done: 40, total: 300 } : null, attachment: status === 'ready' ? { file_name: 'x.xlsx', size: 10, url: 'about:blank' } : null, drill: null, created_by: { id: 'u', name: 'Marcus Bell' }, created_at: '2026-11-27T10:00:00Z', generated_at: status === 'ready' ? '2026-11-27T10:01:00Z' : null, schedule_id: null, ...extra });
const json = (route: Route, body: unknown) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });

async function mock(page: Page) {
  await page.route(/\/api\/locations\/[^/]+\/reports\/figures/, (r) => json(r, figures));
  await page.route(/\/api\/locations\/[^/]+\/reports\/records/, (r) => r.request().method() === 'POST' ? json(r, { report: report('r9', 'pending') }) : json(r, { records: Array.from({ length: 20 }, (_, i) => ({ id: `f${i}`, at: '2026-11-20T15:00:00Z', location_id: 'x', record: { kind: 'conversation', id: 'c', label: `RO 10${i}` }, customer: { id: 'c', name: 'Jo Miller', phone: '+15555550100' }, agent: { id: 'a1', name: 'Dana Reyes' }, value: 12345, link: '/?ro=1' })), meta: { paging: { total: 45, current_offset: 0, per_page: 20 } } }));
  await page.route(/\/api\/locations\/[^/]+\/reports\?/, (r) => json(r, { reports: [report('r1', 'ready'), report('r2', 'running'), report('r3', 'failed', { scope: 'company', period: { kind: 'custom', from: '2026-10-01', to: '2026-10-15' } })], meta: { paging: { total: 3, current_offset: 0, per_page: 20 } } }));
  await page.route(/\/api\/locations\/[^/]+\/report_schedules/, (r) => json(r, { schedules: [{ id: 's1', location_id: 'x', name: 'Monday texting', type: 'texting', scope: 'location', period: 'last_week', cadence: { kind: 'weekly', weekday: 1, hour: 7 }, recipients: ['boss@dealer.example', 'gm@dealer.example'], next_run_at: '2026-11-30T12:00:00Z', last_run_at: null, created_by: null }] }));
  await page.route(/\/api\/locations\/[^/]+\/reports_settings/, (r) => json(r, { reports_settings: { late_response_minutes: 15 } }));
}

const WIDTHS: [string, BrowserContextOptions][] = [
  ['390', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }],
];

describe.each(WIDTHS)('scratch %s', (w, options) => {
  it('looks', { timeout: 120_000 }, async () => {
    const page = await (await browser.context(options)).newPage();
    page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
    page.on('console', (m) => m.type() === 'error' && console.log('CONSOLE', m.text()));
    await signInAs(page, 'manager@demo.example');
    await mock(page);
    await page.goto('/app/users');
    await page.getByTestId('users-list').waitFor({ timeout: 15000 });
    console.log(w, 'users overflow', await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth, window.innerWidth]));
    await page.goto('/app/reports');
    await page.getByTestId('report-figures').waitFor({ timeout: 15000 });
    console.log(w, 'pre overflow', await page.evaluate(() => { const vw = document.documentElement.clientWidth; return [document.documentElement.scrollWidth, vw, window.innerWidth, ...[...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > vw + 1).slice(0, 8).map((e) => `${e.tagName}.${e.className}:${Math.round(e.getBoundingClientRect().right)}`)]; }));
    await page.screenshot({ path: `/tmp/rw/figures-${w}.png`, fullPage: true });
    console.log(w, 'overflow', await page.evaluate(() => { const vw = document.documentElement.clientWidth; return [document.documentElement.scrollWidth, vw, ...[...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > vw + 1).slice(0, 8).map((e) => `${e.tagName}.${e.className}:${Math.round(e.getBoundingClientRect().right)}`)]; }));
    console.log(w, 'figures', JSON.stringify(await seriousViolations(page)));
    await page.getByTestId('report-drill').first().click();
    await page.getByTestId('report-record-list').waitFor();
    await page.screenshot({ path: `/tmp/rw/records-${w}.png` });
    console.log(w, 'records', JSON.stringify(await seriousViolations(page)));
    await page.keyboard.press('Escape');
    await page.getByTestId('report-period').selectOption('custom');
    await page.getByTestId('report-from').fill('2026-11-20');
    await page.getByTestId('report-to').fill('2026-11-10');
    await page.screenshot({ path: `/tmp/rw/custom-${w}.png` });
    console.log(w, 'url', page.url());
    await page.getByTestId('reports-tab-figures').focus();
    await page.keyboard.press('ArrowRight');
    await page.getByTestId('report-list').waitFor();
    await page.screenshot({ path: `/tmp/rw/downloads-${w}.png`, fullPage: true });
    console.log(w, 'downloads', JSON.stringify(await seriousViolations(page)));
    await page.getByTestId('report-new').click();
    await page.getByTestId('report-order-form').waitFor();
    await page.screenshot({ path: `/tmp/rw/order-${w}.png` });
    console.log(w, 'order', JSON.stringify(await seriousViolations(page)));
    await page.keyboard.press('Escape');
    await page.getByTestId('report-delete').first().click();
    await page.getByTestId('report-delete-dialog').waitFor();
    await page.screenshot({ path: `/tmp/rw/delete-${w}.png` });
    await page.keyboard.press('Escape');
    await page.getByTestId('reports-tab-schedules').click();
    await page.getByTestId('schedule-list').waitFor();
    await page.screenshot({ path: `/tmp/rw/schedules-${w}.png`, fullPage: true });
    console.log(w, 'schedules', JSON.stringify(await seriousViolations(page)));
    await page.getByTestId('schedule-new').click();
    await page.getByTestId('schedule-form').waitFor();
    await page.getByTestId('schedule-recipients').fill('a@b.example, nope');
    await page.getByTestId('schedule-save').click();
    await page.getByTestId('schedule-recipients-error').waitFor();
    await page.screenshot({ path: `/tmp/rw/schedule-form-${w}.png` });
    console.log(w, 'schedule form', JSON.stringify(await seriousViolations(page)));
    await page.keyboard.press('Escape');
    await page.getByTestId('reports-tab-settings').click();
    await page.getByTestId('reports-late-minutes').waitFor();
    await page.screenshot({ path: `/tmp/rw/settings-${w}.png` });
    console.log(w, 'settings', JSON.stringify(await seriousViolations(page)));
    expect(1).toBe(1);
  });
});
