/** The wizard's requests: the public page's (no sign-in: the link's token is the key) and the manager's links. */
import { wizardPaths } from '../../../../shared/wizard/routes.js';
import type { CreatedWizardLink, WizardAnswers, WizardLink, WizardPdf, WizardView } from '../../../../shared/wizard/schemas.js';
import { api } from '../../lib/api.js';

/** The page shows these itself: a link that opens nothing (404) and refused answers (422). */
const PAGE_SHOWS = { statuses: [404, 422] };

export const openWizard = (token: string) => api.request<{ wizard: WizardView }>(wizardPaths.wizard(token), { auth: false, expected: PAGE_SHOWS });

export const saveAnswers = (token: string, answers: WizardAnswers) =>
  api.request<{ wizard: WizardView }>(wizardPaths.wizard(token), { method: 'PUT', body: answers, auth: false, expected: PAGE_SHOWS });

export const finishWizard = (token: string) => api.request<{ wizard: WizardView }>(wizardPaths.finish(token), { method: 'PUT', auth: false, expected: PAGE_SHOWS });

export const summaryPdf = (token: string, locale: string) => api.request<{ pdf: WizardPdf }>(wizardPaths.pdf(token, locale), { auth: false, expected: PAGE_SHOWS });

export const wizardLinksPath = wizardPaths.links;

export const createLink = (locationId: string) => api.request<CreatedWizardLink>(wizardPaths.links(locationId), { method: 'POST' });

export const revokeLink = (locationId: string, linkId: string) => api.request<{ wizard_link: WizardLink }>(wizardPaths.link(locationId, linkId), { method: 'DELETE' });
