/** The calls' paths (SPEC §7), for their handlers and the console. */
import type { CallBoard } from './calls.js';

const enc = encodeURIComponent;

export const callPaths = {
  /** GET: the customer's calls on a board, newest first (SPEC §7); POST: an advisor's "call customer". */
  ofCustomer: (customerId: string, board: CallBoard) => `/api/customers/${enc(customerId)}/${enc(board)}/calls`,
  /** PUT: end a call from the console (SPEC §7). */
  hangup: (callId: string) => `/api/calls/${enc(callId)}/hangup`,
};
