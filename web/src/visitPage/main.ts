/**
 * Entry of visit.html: starts the visit request, the words of the phone's likely language and the
 * view of the part the link is about (its anchor) at once, then renders the page while they
 * arrive. Preact and the page are in this one file (vite.visit.config.ts): as a tiny entry that
 * loaded them as a second chunk, the page was on screen 0.2 s sooner on the phone profile (the
 * part's view was asked for earlier) but weighed 0.4 KB gzip more, which the page's budget does
 * not have (README "Customer's visit page").
 */
import { LEGACY_ANCHOR, VisitCallFailed, fetchVisit, linkOfPath, visitLinkOf } from './api.js';
import type { FirstLoad } from './VisitPage.js';
import { viewOf } from './parts.js';
import { pageLocale, storedChoice } from './texts.js';
import { loadPageTexts } from './words.js';
import { mount } from './mount.js';
import './visit.css';

const firstLink = linkOfPath(window.location.pathname);
const anchor = window.location.hash.slice(1) || (firstLink && firstLink.kind !== 'visit' ? LEGACY_ANCHOR[firstLink.kind] : '');
const browserLanguages = navigator.languages?.length ? navigator.languages : [navigator.language];

/** The visit of the page's address (read again on a retry: an old link has moved to its visit's by then). */
async function open(): Promise<FirstLoad> {
  const link = linkOfPath(window.location.pathname);
  if (!link) throw new VisitCallFailed(404, 'link_not_found', 'Not a visit link');
  if (link.kind === 'visit') return { token: link.token, visit: await fetchVisit(link.token) };
  // A link sent before the visit page: the page moves to its visit's link (the address the customer keeps).
  const url = new URL(await visitLinkOf(link), window.location.href);
  window.history.replaceState(null, '', `${url.pathname}#${LEGACY_ANCHOR[link.kind]}`);
  const moved = linkOfPath(url.pathname);
  if (!moved) throw new VisitCallFailed(404, 'link_not_found', 'Not a visit link');
  return { token: moved.token, visit: await fetchVisit(moved.token) };
}

const firstLoad = open();
// Handled by the page once it renders; this keeps the browser from reporting it as unhandled meanwhile.
firstLoad.catch(() => undefined);
// The view of the part the text was about, and then of every part the visit has: chunks the page needs anyway.
viewOf(anchor)?.load().catch(() => undefined);
firstLoad.then((loaded) => loaded.visit.parts.forEach((part) => viewOf(part.kind)?.load().catch(() => undefined))).catch(() => undefined);
// Likely the language the page shows; a load the page does not use costs one small chunk.
loadPageTexts(pageLocale({ chosen: storedChoice(), answered: null, browser: browserLanguages })).catch(() => undefined);

const root = document.getElementById('visit')!;
mount(root, { firstLoad, reload: open, browserLanguages, anchor });
