/** Whether the console believes it is offline: set by a request that could not reach the server (SPEC §8), cleared by the browser's `online` event. */
import { createStore } from './store.js';

export const offline = createStore(false);

let watching = false;

export function watchConnectivity(onBackOnline: () => void): void {
  if (watching) return;
  watching = true;
  window.addEventListener('online', () => {
    offline.set(false);
    onBackOnline();
  });
  window.addEventListener('offline', () => offline.set(true));
}
