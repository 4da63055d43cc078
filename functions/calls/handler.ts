/**
 * The calls area (issue 25, SPEC §7): an advisor's "call customer" and the hangup from the console.
 * The customer's call history stays the customers area's (GET /api/customers/{id}/{board}/calls).
 */
import { CALL_BOARDS, type CallBoard } from '../../shared/calls/calls.js';
import { placeCallBody } from '../../shared/calls/schemas.js';
import { reachesLocation } from '../lib/access.js';
import { boardOfName } from '../lib/boardList.js';
import { forbidden, notFound } from '../lib/errors.js';
import { agentRoute, areaHandler, ok, parse, type Routes } from '../lib/http.js';
import { telephony, type Telephony } from '../lib/telephony.js';
import { visibleCustomer } from '../customers/access.js';
import '../messages/boards.js';
import { registeredKinds, visibleOwner } from '../messages/owners.js';
import { hangupCall, placeCall } from './outbound.js';
import { getCallPointer } from './records.js';

const isCallBoard = (name: string | undefined): name is CallBoard => (CALL_BOARDS as readonly string[]).includes(name ?? '');

/** The routes, on the telephony adapter the configuration chooses (tests hand them another). */
export function callRoutes(telephony: () => Telephony): Routes {
  // Made only when the provider is really asked: a refused call never loads it.
  const provider: Telephony = {
    placeCall: (call) => telephony().placeCall(call),
    hangup: (transactionId, args) => telephony().hangup(transactionId, args),
  };
  return {
    'POST /api/customers/{id}/{board}/calls': agentRoute(async ({ auth, params, body }) => {
      if (!isCallBoard(params.board)) throw notFound('Unknown board');
      const input = parse(placeCallBody, body ?? {});
      const customer = await visibleCustomer(auth, params.id ?? '', true, params.board);
      let owner = null;
      if (input.owner) {
        if (!registeredKinds().includes(input.owner.kind)) throw notFound('Conversation not found');
        const visible = await visibleOwner(auth, input.owner);
        // The call's note lands in the conversation named: it must be this customer's.
        if (visible.customer_id !== customer.id) throw notFound('Conversation not found');
        owner = { kind: visible.kind, id: visible.id };
      }
      const call = await placeCall({ companyId: auth.companyId, agent: auth.actingAs, customer, board: params.board, owner }, provider);
      return ok({ call }, 201);
    }),

    'PUT /api/calls/{id}/hangup': agentRoute(async ({ auth, params }) => {
      const pointer = await getCallPointer(auth.companyId, params.id ?? '');
      if (!pointer || !reachesLocation(auth.actingAs, pointer.location_id)) throw notFound('Call not found');
      if (!boardOfName(pointer.board)?.opens(auth.actingAs.access_level)) throw forbidden('You do not have access to this board');
      return ok({ call: await hangupCall(pointer, provider) });
    }),
  };
}

export const routes = callRoutes(telephony);
export const handler = areaHandler('calls', routes);
