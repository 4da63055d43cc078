/**
 * The landing page's lead form (a Lambda of its own, open to the internet): no sign-in, the store
 * named by its form's unguessable token. Each client may post LEAD_POSTS_PER_CLIENT times per window
 * (429 with Retry-After beyond), counted before anything else is read; a post is checked (SPEC §5
 * texts at their fields), then taken (functions/guests/leads.ts), idempotent on its Idempotency-Key.
 */
import { leadBody, LEAD_ERRORS } from '../../shared/guests/schemas.js';
import { clientKey } from '../lib/clientIp.js';
import { areaHandler, ok, parse, publicRoute, type Routes } from '../lib/http.js';
import '../messages/boards.js';
import { storeOfToken } from './leadForms.js';
import { receiveLead } from './leads.js';
import { countLeadPost } from './leadThrottle.js';

/** As long as the core keeps an Idempotency-Key (functions/lib/http.ts). */
const MAX_KEY_LENGTH = 200;

export const routes: Routes = {
  'POST /api/public/locations/{token}/leads': publicRoute(async (req) => {
    const { allowed, retryAfter } = await countLeadPost(clientKey(await req.clientIp()));
    if (!allowed) {
      return { status: 429, headers: { 'retry-after': String(retryAfter) }, body: { error: { id: 'too_many_requests', message: LEAD_ERRORS.flood, retry_after_seconds: retryAfter } } };
    }
    const store = await storeOfToken(req.params.token ?? '');
    const { lead } = parse(leadBody, req.body);
    const key = req.headers['idempotency-key']?.trim().slice(0, MAX_KEY_LENGTH) || null;
    const { guest, button } = await receiveLead(store, lead, key);
    return ok({ lead: { button: button.label, outro_text: button.outro_text, received_at: guest.created_at } }, 201);
  }),
};

export const handler = areaHandler('leads', routes);
