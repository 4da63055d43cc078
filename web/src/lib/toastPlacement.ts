/**
 * Where toasts show, chosen so they hide nothing the agent is working with:
 *
 * - Desktop: the bottom-left corner, as wide as the side menu. The header (switches, language,
 *   sign-out), the board's search and bell stay clear, and so does the composer's Send button,
 *   which the bottom-right corner covered. With the menu open (wider than 1280 px) they sit on its
 *   empty foot; without it they cover the corner of the list for a few seconds.
 * - Phone: the bottom of the screen, lifted above the composer while a conversation is open
 *   (useToastClearance), so the header, the way back to the list and the message box stay clear.
 */
import { useEffect } from 'react';

/** How far above the screen's bottom edge toasts must stay (the composer's height), in px. */
const CLEARANCE = '--toast-clearance';

export const TOAST_BOTTOM = `calc(var(${CLEARANCE}, 0px) + 0.5rem)`;
export const TOAST_SIDE = '0.5rem';
export const TOAST_WIDTH = 'calc(var(--menu-width) - 1rem)';

/**
 * While `active`, keeps toasts above whatever lies below the element `find` returns (the
 * conversation's messages): the composer, whose height changes with the draft, files and notices,
 * and with the keyboard. `key` names that element: a new one is looked up when it changes.
 */
export function useToastClearance(find: () => HTMLElement | null, active: boolean, key: string): void {
  useEffect(() => {
    const element = active ? find() : null;
    if (!element) return;
    const root = document.documentElement;
    const update = () => {
      const below = Math.max(0, window.innerHeight - element.getBoundingClientRect().bottom);
      root.style.setProperty(CLEARANCE, `${Math.round(below)}px`);
    };
    const observer = new ResizeObserver(update);
    observer.observe(element);
    window.addEventListener('resize', update);
    update();
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', update);
      root.style.removeProperty(CLEARANCE);
    };
    // find is read once per key: an inline function must not re-run this on every render.
  }, [active, key]);
}
