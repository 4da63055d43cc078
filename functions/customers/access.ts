/**
 * Who may open a contact's card (the customer of a conversation: opt-out, block, calls, consent):
 * an agent who works a board whose conversations are with contacts of that kind (functions/lib/
 * boardModule.ts `conversations.contact`), at a location they reach.
 */
import { boards } from '../lib/boardList.js';
import { reachesLocation } from '../lib/access.js';
import { forbidden, notFound } from '../lib/errors.js';
import type { Auth } from '../lib/session.js';
import { contactKindOf, getCustomer, type CustomerRecord } from './records.js';

/** The boards an agent could meet this kind of contact on. */
const boardsWithContacts = (kind: string) => boards().filter((board) => board.conversations?.contact === kind);

/**
 * The contact, if the acting agent works one of the boards it is met on (or the board named, for
 * what a board keeps per contact, e.g. its calls); 403 without such a board, 404 across stores.
 */
export async function visibleCustomer(auth: Auth, customerId: string, consistent = false, boardName?: string): Promise<CustomerRecord> {
  const flags = auth.actingAs.access_level;
  const named = boardName === undefined ? null : boards().find((board) => board.name === boardName);
  if (boardName !== undefined && !named) throw notFound('Unknown board');
  if (named ? !named.opens(flags) : !boards().some((board) => board.conversations && board.opens(flags))) throw forbidden('You do not have access to this board');
  const customer = await getCustomer(auth.companyId, customerId, consistent);
  if (!customer || !reachesLocation(auth.actingAs, customer.location_id)) throw notFound('Customer not found');
  if (!boardsWithContacts(contactKindOf(customer)).some((board) => board.opens(flags))) throw notFound('Customer not found');
  return customer;
}
