/**
 * The guests and leads board (SPEC §2 menu area "guests and leads"): what it declares to the rest of
 * the system (functions/lib/boardModule.ts), listed in functions/boards.ts.
 * Who works it: shared/guests/guests.ts `worksGuestsBoard`.
 */
import { CONVERSATION_CHUNKS } from '../lib/lazyChunk.js';
import { GUEST_EVENTS } from '../../shared/guests/events.js';
import { GUEST_CONTACT, worksGuestsBoard } from '../../shared/guests/guests.js';
import { MARKETING_BUTTONS } from '../../shared/guests/schemas.js';
import { settingsRouteKeys, type BoardModule } from '../lib/boardModule.js';
import { guestsChannel } from './channels.js';
import { archiveIdleGuests } from './housekeeping.js';
import { marketingButtonsSchema } from './marketingButtons.js';
import './owner.js';

export const board = {
  name: 'guests',
  opens: worksGuestsBoard,
  areas: {
    /** The board: guests, their conversion, the store's lead form and its marketing buttons. */
    guests: {
      entry: 'functions/guests/handler.ts',
      lazyChunks: CONVERSATION_CHUNKS,
      routes: [
        'GET /api/locations/{id}/guests',
        'GET /api/guests/{id}',
        'PUT /api/guests/{id}/archive',
        'PUT /api/guests/{id}/unarchive',
        'PUT /api/guests/{id}/convert',
        'PUT /api/guests/{id}/link',
        'PUT /api/guests/{id}/agents/null/read',
        'PUT /api/guests/{id}/agents/null/unread',
        'GET /api/locations/{id}/lead_form',
        'PUT /api/locations/{id}/lead_form/token',
        ...settingsRouteKeys(MARKETING_BUTTONS),
      ],
    },
    /** The landing page's lead form: no sign-in, the store named by its form's token. */
    leads: {
      entry: 'functions/guests/leadsHandler.ts',
      lazyChunks: CONVERSATION_CHUNKS,
      routes: ['POST /api/public/locations/{token}/leads'],
    },
  },
  // Linking a guest finds the store's customers (the core's customer search).
  findsCustomers: true,
  conversations: { kind: 'guest', path: '/api/guests/{id}', idParam: 'id', contact: GUEST_CONTACT, consoleLink: '/guests?guest={id}' },
  jobs: {
    /** Hourly: guests idle for 30 days leave the open list for the archive. */
    guests_housekeeping: { rateMinutes: 60, run: () => archiveIdleGuests() },
  },
  settings: [{ key: MARKETING_BUTTONS, readBy: () => false, schema: marketingButtonsSchema }],
  textingNumbers: ['internet_sales', 'showroom_sales', 'hotel'],
  channels: (agent, locationId) => (worksGuestsBoard(agent.access_level) ? [guestsChannel(locationId)] : []),
  events: GUEST_EVENTS,
  routeParams: [
    { param: 'id', after: /(^|\/)guests\/$/, kind: 'guest', tenant: true, sample: { list: '/api/locations/{location}/guests?limit=100', field: 'guests' } },
    { param: 'token', after: /^\/api\/public\/locations\/$/, kind: 'lead_form_token', tenant: true },
  ],
  // Its stranger texts the service board's number.
  local: { demo: 'functions/guests/demo.ts', demoAfter: ['service'], bench: 'functions/guests/bench.ts' },
} as const satisfies BoardModule;
