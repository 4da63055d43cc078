/**
 * The customer's visit page API (issue 21 part 5): no sign-in, the link's token is the key. A
 * malformed or unknown token answers 404 link_not_found, an expired one 410 link_expired; a token
 * opens its own order's visit and nothing else.
 */
import { areaHandler, ok, publicRoute, type Routes } from '../lib/http.js';
import '../messages/boards.js';
import { actOnVisit, visitPage } from './page.js';

export const routes: Routes = {
  'GET /api/public/visits/{token}': publicRoute(async (req) => ok({ visit: await visitPage(req.params.token ?? '') })),

  'POST /api/public/visits/{token}/{kind}/{action}': publicRoute(async (req) =>
    ok({ part: await actOnVisit(req.params.token ?? '', req.params.kind ?? '', req.params.action ?? '', req.body) }),
  ),
};

export const handler = areaHandler('visits', routes);
