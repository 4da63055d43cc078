/**
 * The accessibility scan every screen's browser test runs: axe-core (Deque's rules, through
 * @axe-core/playwright) over the page as it is, WCAG 2.x A and AA. Serious and critical
 * violations fail the test, listed with the elements they were found on so the failure says what
 * to fix; minor and moderate ones are left to review.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Serious and critical violations on the page (an empty list passes). `exclude`: selectors left out (e.g. third-party frames). */
export async function seriousViolations(page: Page, exclude: string[] = []): Promise<AxeFinding[]> {
  await settled(page);
  // axe.run in the page itself: the console's screens have no frames, and the default (frame by
  // frame, then merged in a blank page opened for each scan) takes twice the time for the same rules.
  let builder = new AxeBuilder({ page }).withTags(TAGS).setLegacyMode(true);
  for (const selector of exclude) builder = builder.exclude(selector);
  const result = await builder.analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact ?? '', help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

/**
 * Waits (2 s at most) for the page's finite animations and transitions to end: a toast fading in
 * is measured at its final colours, not at the half-transparent ones of its first frames, which
 * no reader ever has to read, also when they start a frame or two after the last change (a
 * resize). Endless ones (a spinner) are not waited for.
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    // A change just made (a resized window moving the toasts) starts its transitions on the next
    // frames: waiting for them lets the list below see them.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const finite = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    const done = Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
    await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 2_000))]);
  });
}
