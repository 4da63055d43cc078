/**
 * The landing pages settings tab's images (issue 21 part 5): the header image and the logo the
 * customer's visit page shows, for the store's managers and admins. The texts, colour and link of
 * landing_settings are saved through the core's settings route.
 */
import { mayWriteSettings } from '../../shared/access.js';
import { landingImageConfirmBody, landingImageSlotBody } from '../../shared/visits/branding.js';
import { visibleLocation } from '../lib/access.js';
import { forbidden } from '../lib/errors.js';
import { agentRoute, areaHandler, ok, parse, type AgentRequest, type Routes } from '../lib/http.js';
import { landingImages, landingImageSlot, setLandingImage } from './landingImages.js';
import { readVcardForm, saveVcardForm } from './vcardSettings.js';

async function managedLocation({ auth, params }: AgentRequest): Promise<string> {
  const locationId = await visibleLocation(auth, params.id ?? '');
  if (!mayWriteSettings(auth.actingAs.access_level)) throw forbidden('Only managers and admins can change settings');
  return locationId;
}

export const routes: Routes = {
  'GET /api/locations/{id}/landing_images': agentRoute(async (req) => ok({ images: await landingImages(req.auth.companyId, await managedLocation(req)) })),

  'POST /api/locations/{id}/landing_images': agentRoute(async (req) => {
    const locationId = await managedLocation(req);
    const { image, content_type } = parse(landingImageSlotBody, req.body);
    return ok({ upload: await landingImageSlot(req.auth.companyId, locationId, image, content_type) });
  }),

  'PUT /api/locations/{id}/landing_images': agentRoute(async (req) => {
    const locationId = await managedLocation(req);
    const { image, key } = parse(landingImageConfirmBody, req.body);
    return ok({ images: await setLandingImage(req.auth.companyId, locationId, image, key, req.auth.agent.id) });
  }),

  /** SPEC §7 `POST /vcard_settings` (multipart, with the logo): the acting agent's location, or an admin's `?location_id=`; answers as the generic settings route does. */
  'POST /vcard_settings': agentRoute(async (req) => {
    const locationId = await managedLocation({ ...req, params: { id: req.query.location_id ?? req.auth.actingAs.location_id } });
    const form = await readVcardForm(req.event, req.body);
    return ok({ vcard_settings: await saveVcardForm(req.auth.companyId, locationId, form, req.auth.agent.id) });
  }),
};

export const handler = areaHandler('landing', routes);
