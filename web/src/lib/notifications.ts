/**
 * Desktop notifications (SPEC §1, §6): the browser's permission is asked once, from a click (browsers
 * ignore or punish a prompt that no gesture started), and a notification shows only while the tab
 * is hidden: an agent looking at the console already sees the news.
 */
import { createStore, useStore } from './store.js';

export type DesktopPermission = 'unsupported' | 'default' | 'granted' | 'denied';

function readPermission(): DesktopPermission {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

export const desktopPermission = createStore<DesktopPermission>(readPermission());

export function useDesktopPermission(): DesktopPermission {
  return useStore(desktopPermission);
}

/** Call from a click handler. Answers the permission the agent gave (or had already given). */
export async function askDesktopPermission(): Promise<DesktopPermission> {
  if (readPermission() !== 'default') {
    desktopPermission.set(readPermission());
    return readPermission();
  }
  try {
    desktopPermission.set(await Notification.requestPermission());
  } catch {
    // Old Safari takes a callback and returns nothing; its answer is in Notification.permission.
    desktopPermission.set(readPermission());
  }
  return desktopPermission.get();
}

export interface DesktopNotice {
  title: string;
  body: string;
  /** Notices with the same tag replace each other (one per conversation, not one per text). */
  tag: string;
  onOpen: () => void;
}

/** Shows the notice when the tab is hidden and the agent allowed it; answers whether it showed. */
export function notifyWhenHidden(notice: DesktopNotice): boolean {
  if (!document.hidden || readPermission() !== 'granted') return false;
  try {
    const shown = new Notification(notice.title, { body: notice.body, tag: notice.tag });
    shown.onclick = () => {
      window.focus();
      notice.onOpen();
      shown.close();
    };
    return true;
  } catch {
    // Some browsers allow notifications only from a service worker; the board still marks the row unread.
    return false;
  }
}
