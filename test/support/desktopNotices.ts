/**
 * Desktop notifications as a hidden tab with permission given sees them, recorded for browser
 * tests: the page's Notification records what it was asked to show, and `document.hidden`
 * follows `hideTab`.
 */
import type { Page } from 'playwright-core';

export interface ShownNotice {
  title: string;
  body: string;
}

/** Call before the page loads the console. */
export async function recordDesktopNotices(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shown: { title: string; body: string }[] = [];
    Object.assign(window, { shownNotifications: shown });
    class RecordingNotification {
      static permission = 'granted';
      static requestPermission = async () => 'granted';
      onclick: (() => void) | null = null;
      constructor(title: string, options?: { body?: string }) {
        shown.push({ title, body: options?.body ?? '' });
      }
      close(): void {}
    }
    Object.defineProperty(window, 'Notification', { value: RecordingNotification });
    Object.defineProperty(Document.prototype, 'hidden', { get: () => (window as unknown as { tabHidden?: boolean }).tabHidden === true });
  });
}

/** From now on the tab counts as hidden (the agent looks elsewhere). */
export async function hideTab(page: Page): Promise<void> {
  await page.evaluate(() => Object.assign(window, { tabHidden: true }));
}

export async function shownNotices(page: Page): Promise<ShownNotice[]> {
  return page.evaluate(() => (window as unknown as { shownNotifications: ShownNotice[] }).shownNotifications);
}
