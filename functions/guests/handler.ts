/**
 * The guests and leads board (SPEC §2 menu area "guests and leads"): the store's guests (open, or
 * archived with `?archived=1`), one guest, archive and unarchive, read marks, turning a guest into a
 * customer or linking them to one (the customer search is the core's), the store's lead form and its
 * marketing buttons. The conversation's routes are the conversation core's (functions/messages/handler.ts).
 */
import { GUEST_PAGE_SIZE } from '../../shared/guests/guests.js';
import { guestPaths } from '../../shared/guests/routes.js';
import { convertBody, linkBody } from '../../shared/guests/schemas.js';
import { visibleLocation } from '../lib/access.js';
import { config } from '../lib/config.js';
import { forbidden, notFound } from '../lib/errors.js';
import { agentRoute, areaHandler, ok, pagedBody, paging, parse, type Routes } from '../lib/http.js';
import { channels, publish } from '../lib/realtime.js';
import type { Auth } from '../lib/session.js';
import { settingsRoutes } from '../lib/settingsRoutes.js';
import { mayWriteSettings } from '../../shared/access.js';
import '../messages/boards.js';
import { writeReadMark } from '../messages/readMarks.js';
import { assertWorksGuests, visibleGuest } from './access.js';
import { board } from './board.js';
import { convertGuest, linkGuest } from './converting.js';
import { announceGuest } from './events.js';
import { leadFormOf, renewLeadForm, type LeadForm } from './leadForms.js';
import { guestsOfLocation, updateGuest, type GuestRecord } from './records.js';
import { guestViews } from './views.js';

async function viewOf(auth: Auth, record: GuestRecord) {
  const [view] = await guestViews(auth.companyId, auth.actingAs.id, [record]);
  if (!view) throw notFound('Guest not found');
  return view;
}

function archiveRoute(archived: boolean) {
  return agentRoute(async ({ auth, params }) => {
    const record = await visibleGuest(auth, params.id ?? '', true);
    const { after, changed } = await updateGuest(auth.companyId, record.id, (now) => (now.archived === archived ? null : { archived }));
    if (changed) await announceGuest(after, archived ? 'archived' : 'unarchived');
    return ok({ guest: await viewOf(auth, after) });
  });
}

function readRoute(unread: boolean) {
  return agentRoute(async ({ auth, params }) => {
    const record = await visibleGuest(auth, params.id ?? '', true);
    await writeReadMark(auth.companyId, { kind: 'guest', id: record.id }, auth.actingAs.id, unread);
    // The agent's other tabs follow (their own channel).
    await publish(auth.companyId, channels.agent(auth.actingAs.id), { type: 'read.changed', data: { guest_id: record.id, is_unread: unread } });
    return ok({ guest: await viewOf(auth, record) });
  });
}

/** The store's form as a manager configures the landing page with it: its token and where it posts. */
function leadFormView(form: LeadForm) {
  return { lead_form: { token: form.token, post_url: `${config.publicUrl}${guestPaths.publicLeads(form.token)}`, created_at: form.created_at } };
}

async function managedLocation(auth: Auth, locationId: string): Promise<string> {
  const id = await visibleLocation(auth, locationId);
  if (!mayWriteSettings(auth.actingAs.access_level)) throw forbidden('Only managers and admins can set up the lead form');
  return id;
}

export const routes: Routes = {
  'GET /api/locations/{id}/guests': agentRoute(async ({ auth, params, query }) => {
    assertWorksGuests(auth);
    const locationId = await visibleLocation(auth, params.id ?? '');
    const { offset, limit } = paging(query, GUEST_PAGE_SIZE);
    const { records, total } = await guestsOfLocation(auth.companyId, locationId, query.archived === '1' ? 'archived' : 'open', offset, limit);
    return ok(pagedBody('guests', await guestViews(auth.companyId, auth.actingAs.id, records), total, offset, limit));
  }),

  'GET /api/guests/{id}': agentRoute(async ({ auth, params }) => ok({ guest: await viewOf(auth, await visibleGuest(auth, params.id ?? '')) })),

  'PUT /api/guests/{id}/archive': archiveRoute(true),
  'PUT /api/guests/{id}/unarchive': archiveRoute(false),

  'PUT /api/guests/{id}/convert': agentRoute(async ({ auth, params, body }) => {
    const record = await visibleGuest(auth, params.id ?? '', true);
    const input = parse(convertBody, body);
    return ok({ guest: await viewOf(auth, await convertGuest(auth, record, input.customer)) });
  }),

  'PUT /api/guests/{id}/link': agentRoute(async ({ auth, params, body }) => {
    const record = await visibleGuest(auth, params.id ?? '', true);
    const input = parse(linkBody, body);
    return ok({ guest: await viewOf(auth, await linkGuest(auth, record, input.customer_id)) });
  }),

  'PUT /api/guests/{id}/agents/null/read': readRoute(false),
  'PUT /api/guests/{id}/agents/null/unread': readRoute(true),

  'GET /api/locations/{id}/lead_form': agentRoute(async ({ auth, params }) => {
    const locationId = await managedLocation(auth, params.id ?? '');
    return ok(leadFormView(await leadFormOf(auth.companyId, locationId)));
  }),

  'PUT /api/locations/{id}/lead_form/token': agentRoute(async ({ auth, params }) => {
    const locationId = await managedLocation(auth, params.id ?? '');
    return ok(leadFormView(await renewLeadForm(auth.companyId, locationId)));
  }),

  ...settingsRoutes(board.settings[0]),
};

export const handler = areaHandler('guests', routes);
