/**
 * Entry of inspection.html, kept tiny on purpose: it starts the inspection request and the words
 * of the phone's likely language at once, then loads the page's code (Preact and the views) in
 * parallel with them. On a slow phone this overlaps the API call with downloading and starting
 * the page's code instead of queuing it behind them.
 */
import { InspectionCallFailed, fetchInspection, tokenOfPath } from './api.js';
import { loadTexts, pageLocale, storedChoice } from './texts.js';
import './inspection.css';

const token = tokenOfPath(window.location.pathname);
const browserLanguages = navigator.languages?.length ? navigator.languages : [navigator.language];
const firstLoad = token ? fetchInspection(token) : Promise.reject(new InspectionCallFailed(404, 'link_not_found', 'Not an inspection link'));
// Handled by the page once it renders; this keeps the browser from reporting it as unhandled meanwhile.
firstLoad.catch(() => undefined);
// Likely the language the page shows; a load the page does not use costs one small chunk.
loadTexts(pageLocale({ chosen: storedChoice(), answered: null, browser: browserLanguages })).catch(() => undefined);

const root = document.getElementById('inspection')!;
void import('./mount.js').then(({ mount }) => mount(root, { token, firstLoad, browserLanguages }));
