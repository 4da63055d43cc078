/**
 * One console per browser (SPEC §2 notusable.html): each tab takes over the shared `tab_id` when it
 * starts and when it gets focus; a tab that sees another tab take over leaves for the "open in
 * another tab" page, whose button brings the console back here (and sends the other tab away).
 */
import { randomId } from './device.js';
import { STORED, writeStored } from './storage.js';

const TAB_KEY = 'tab_id';

/**
 * A new id on every page start: a duplicated tab copies sessionStorage, so an id read back from it
 * could belong to the tab it was copied from.
 */
export function claimTab(onTakenOver: () => void): void {
  const id = randomId();
  try {
    sessionStorage.setItem(TAB_KEY, id);
  } catch {
    // The id lives in this closure anyway.
  }
  const claim = () => writeStored(STORED.tabId, id);
  claim();
  window.addEventListener('focus', claim);
  // `storage` fires only in the other tabs of this browser, never in the tab that wrote.
  window.addEventListener('storage', (event) => {
    if (event.key === STORED.tabId && event.newValue && event.newValue !== id) onTakenOver();
  });
}
