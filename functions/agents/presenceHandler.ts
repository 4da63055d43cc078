/**
 * The signed-in agent's presence (shared/presence.ts): `GET|PUT /api/agents/me/presence`. An area of
 * its own: checking a colleague reads the boards' declarations, which the agents area does without.
 * Acting as someone else (impersonation), it is that agent's presence, as with their inbox.
 */
import { presenceBody } from '../../shared/presence.js';
import { agentRoute, areaHandler, ok, parse, type Routes } from '../lib/http.js';
import { choosePresence, presenceAnswer } from './presence.js';

export const routes: Routes = {
  'GET /api/agents/me/presence': agentRoute(async ({ auth }) => ok(await presenceAnswer(auth.actingAs))),

  'PUT /api/agents/me/presence': agentRoute(async ({ auth, body }) => ok(await choosePresence(auth.actingAs, parse(presenceBody, body).presence))),
};

export const handler = areaHandler('presence', routes);
