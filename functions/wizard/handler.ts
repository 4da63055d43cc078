/**
 * The setup wizard's area (issue 23; SPEC §7 "Wizard"): the public pages' routes, where the link's
 * token is the key (no sign-in; a token opens its own location and nothing else; unknown, revoked
 * and expired tokens answer the same 404), and the manager's routes that create, list and revoke a
 * location's links (managers of the location and the company's admins; 403 for anyone else, 404
 * across companies and, for a manager, other locations).
 */
import { wizardAnswers, type CreatedWizardLink, type WizardView } from '../../shared/wizard/schemas.js';
import { wizardPagePath } from '../../shared/wizard/routes.js';
import type { Auth } from '../lib/session.js';
import { visibleLocation } from '../lib/access.js';
import { config } from '../lib/config.js';
import { forbidden, notFound } from '../lib/errors.js';
import { agentRoute, areaHandler, ok, parse, publicRoute, type Routes } from '../lib/http.js';
import { getLocation } from '../lib/locations.js';
import { currentValues, dealershipName, saveAnswers } from './answers.js';
import { createWizardLink, getWizardLink, linkView, markFinished, openWizard, revokeWizardLink, wizardLinksOf, wizardNotFound, type WizardLinkRecord } from './links.js';
import { wizardSummary } from './summary.js';

async function view(link: WizardLinkRecord): Promise<WizardView> {
  const location = await getLocation(link.company_id, link.location_id);
  if (!location) throw wizardNotFound();
  const [values, name] = await Promise.all([currentValues(link.company_id, link.location_id), dealershipName(link.company_id, link.location_id, location.name)]);
  return { location_name: name, values, finished_at: link.finished_at, valid_until: link.valid_until };
}

/** A location whose links the caller manages: its managers and the company's admins. */
async function managedLocation(auth: Auth, id: string): Promise<string> {
  const locationId = await visibleLocation(auth, id);
  const flags = auth.actingAs.access_level;
  if (!flags.admin && !flags.manager) throw forbidden('Only managers and admins can manage wizard links');
  return locationId;
}

export const routes: Routes = {
  'GET /api/wizard/locations/{token}': publicRoute(async ({ params }) => {
    const { link } = await openWizard(params.token ?? '');
    return ok({ wizard: await view(link) });
  }),

  'PUT /api/wizard/locations/{token}': publicRoute(async ({ params, body }) => {
    const { link } = await openWizard(params.token ?? '');
    await saveAnswers(link, parse(wizardAnswers, body));
    return ok({ wizard: await view(link) });
  }),

  'PUT /api/wizard/locations/{token}/finish': publicRoute(async ({ params }) => {
    const { link } = await openWizard(params.token ?? '');
    return ok({ wizard: await view(await markFinished(link)) });
  }),

  'GET /api/wizard/locations/{token}/pdf': publicRoute(async ({ params, query }) => {
    const { link } = await openWizard(params.token ?? '');
    return ok({ pdf: await wizardSummary(link, query.locale) });
  }),

  'GET /api/locations/{id}/wizard_links': agentRoute(async ({ auth, params }) => {
    const locationId = await managedLocation(auth, params.id ?? '');
    return ok({ wizard_links: (await wizardLinksOf(auth.companyId, locationId)).map(linkView) });
  }),

  'POST /api/locations/{id}/wizard_links': agentRoute(
    async ({ auth, params }) => {
      const locationId = await managedLocation(auth, params.id ?? '');
      const me = auth.agent;
      const { link, token } = await createWizardLink(auth.companyId, locationId, { id: me.id, name: `${me.first_name} ${me.last_name}`.trim() });
      const created: CreatedWizardLink = { wizard_link: linkView(link), url: `${config.publicUrl}${wizardPagePath(token)}` };
      return ok(created, 201);
    },
    // The address is the token: never kept for an Idempotency-Key replay.
    { secretReply: true },
  ),

  'DELETE /api/locations/{id}/wizard_links/{link_id}': agentRoute(async ({ auth, params }) => {
    const locationId = await managedLocation(auth, params.id ?? '');
    const link = await getWizardLink(auth.companyId, locationId, params.link_id ?? '');
    if (!link) throw notFound('Wizard link not found');
    return ok({ wizard_link: linkView(await revokeWizardLink(link)) });
  }),
};

export const handler = areaHandler('wizard', routes);
