/** POST /api/notifications/tickets: a ticket for the event stream (SPEC §7 "Wizard and real-time"). */
import * as z from 'zod/mini';
import { notFound } from '../lib/errors.js';
import { agentRoute, areaHandler, ok, parse, type Routes } from '../lib/http.js';
import { getLocation } from '../lib/locations.js';
import { channelsFor } from './channels.js';
import { issueTicket } from './tickets.js';

const ticketBody = z.object({ location_id: z.optional(z.string()) });

export const routes: Routes = {
  'POST /api/notifications/tickets': agentRoute(async ({ auth, body }) => {
    const me = auth.actingAs;
    const { location_id: requested } = parse(ticketBody, body);
    // Only admins choose the location they listen to; everyone else hears their own.
    let locationId = me.location_id;
    if (requested && me.access_level.admin) {
      if (!(await getLocation(auth.companyId, requested))) throw notFound('Location not found');
      locationId = requested;
    }
    const ticket = await issueTicket(me, locationId, auth.session.id, channelsFor(me, locationId));
    return ok({ ticket: ticket.id, expires_at: new Date(ticket.expires_at * 1000).toISOString(), location_id: locationId, channels: ticket.channels }, 201);
  }),
};

export const handler = areaHandler('notifications', routes);
