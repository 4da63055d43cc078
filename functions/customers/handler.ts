/** Contacts of every board's conversations (api3 "Customers"): the record, opt-out, block, consent ledger, calls. */
import { forbidden, notFound } from '../lib/errors.js';
import { agentRoute, areaHandler, ok, pagedBody, paging, parse, type AgentRequest, type Routes } from '../lib/http.js';
import '../messages/boards.js';
import { customerSearchBody, customerSearchLimit } from '../../shared/schemas/customers.js';
import { CUSTOMER_SEARCH_LIMIT } from '../../shared/customers.js';
import { seesWholeBoard, visibleLocation } from '../lib/access.js';
import { boards } from '../lib/boardList.js';
import { getLocation } from '../lib/locations.js';
import { countryOfLocation, normalizePhone } from '../lib/phones.js';
import { visibleCustomer } from './access.js';
import { announceCustomer } from './announce.js';
import { CALL_BOARDS, CALLS_PER_PAGE, callsOf, type CallBoard } from './calls.js';
import { changeConsent } from './consent.js';
import { consentLedger } from './consentLedger.js';
import { CustomerChanged, contactKindOf, customersByName, customersWithPhone, customerView, getCustomer, saveCustomer, type CustomerRecord } from './records.js';

export const CONSENT_PER_PAGE = 50;

const customerId = (req: AgentRequest) => req.params.id ?? '';

/** Sets or clears blocked_at, conditional on the version read; retried when someone wrote in between. */
async function setBlocked(companyId: string, id: string, blocked: boolean): Promise<{ record: CustomerRecord; changed: boolean }> {
  for (let attempt = 0; ; attempt++) {
    const current = await getCustomer(companyId, id, true);
    if (!current) throw notFound('Customer not found');
    if ((current.blocked_at !== null) === blocked) return { record: current, changed: false };
    const now = new Date().toISOString();
    const next: CustomerRecord = { ...current, blocked_at: blocked ? now : null, updated_at: now, version: current.version + 1 };
    try {
      await saveCustomer(next);
      return { record: next, changed: true };
    } catch (err) {
      if (attempt >= 4 || !(err instanceof CustomerChanged)) throw err;
    }
  }
}

function blockRoute(blocked: boolean) {
  return agentRoute(async (req) => {
    const customer = await visibleCustomer(req.auth, customerId(req));
    const { record, changed } = await setBlocked(req.auth.companyId, customer.id, blocked);
    if (changed) await announceCustomer(record, blocked ? 'blocked' : 'unblocked');
    return ok({ customer: customerView(record) });
  });
}

export const routes: Routes = {
  'GET /api/customers/{id}': agentRoute(async (req) => ok({ customer: customerView(await visibleCustomer(req.auth, customerId(req))) })),

  /**
   * The agent's opt-out (the console asks first: it cannot be undone by agents). It reaches every
   * record of the company with the same cell number; a customer already out is answered as is.
   */
  'PUT /api/customers/{id}/opt_out': agentRoute(async (req) => {
    const customer = await visibleCustomer(req.auth, customerId(req), true);
    if (customer.opt_in === 'out') return ok({ customer: customerView(customer) });
    const { changed } = await changeConsent({
      companyId: req.auth.companyId,
      customer,
      status: 'out',
      initiator: 'agent',
      method: 'agent_opt_out',
      wording: 'Opt out in the console, confirmed as final',
      agent: req.auth.actingAs,
    });
    const after = changed.find((c) => c.id === customer.id) ?? (await getCustomer(req.auth.companyId, customer.id, true)) ?? customer;
    return ok({ customer: customerView(after) });
  }),

  'PUT /api/customers/{id}/block': blockRoute(true),
  'PUT /api/customers/{id}/unblock': blockRoute(false),

  /** Who changed consent, when, how and in which words: managers and admins only. */
  'GET /api/customers/{id}/consent': agentRoute(async (req) => {
    if (!seesWholeBoard(req.auth.actingAs.access_level)) throw forbidden('Only managers and admins can see the consent history');
    const customer = await visibleCustomer(req.auth, customerId(req));
    const { offset, limit } = paging(req.query, CONSENT_PER_PAGE);
    const ledger = await consentLedger(req.auth.companyId, customer.id);
    return ok(pagedBody('consent', ledger.slice(offset, offset + limit), ledger.length, offset, limit));
  }),

  /** The store's customers (SPEC §7 `POST {loc}/customers/search?limit=50`), for the boards that find customers: by phone when the words are a number of the store's country, else by name (either order); a Query, never a Scan. */
  'POST /api/locations/{id}/customers/search': agentRoute(async ({ auth, params, body, query }) => {
    const { query: words } = parse(customerSearchBody, body);
    const limit = parse(customerSearchLimit, query.limit ?? CUSTOMER_SEARCH_LIMIT);
    if (!boards().some((board) => board.findsCustomers && board.opens(auth.actingAs.access_level))) throw forbidden('You do not have access to this board');
    const locationId = await visibleLocation(auth, params.id ?? '');
    const location = await getLocation(auth.companyId, locationId);
    const phone = /\d{3}/.test(words) ? normalizePhone(words, countryOfLocation({ phone: location?.phone })) : null;
    const found = phone
      ? (await customersWithPhone(auth.companyId, phone)).filter((c) => c.location_id === locationId && contactKindOf(c) === 'customer')
      : await customersByName(auth.companyId, locationId, words, limit);
    return ok({ customers: found.slice(0, limit).map(customerView) });
  }),

  'GET /api/customers/{id}/{board}/calls': agentRoute(async (req) => {
    const board = req.params.board as CallBoard;
    if (!CALL_BOARDS.includes(board)) throw notFound('Unknown board');
    // A board keeps its own calls of the customer; its agents see them.
    const customer = await visibleCustomer(req.auth, customerId(req), false, board);
    const { offset, limit } = paging(req.query, CALLS_PER_PAGE);
    const page = await callsOf(req.auth.companyId, customer.id, board, offset, limit);
    return ok(pagedBody('calls', page.items, page.total, offset, limit));
  }),
};

export const handler = areaHandler('customers', routes);
