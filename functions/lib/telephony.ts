/**
 * Telephony, through an adapter chosen by configuration like the SMS carrier (DESIGN.md "Adapters
 * for the outside world"): in AWS, Amazon Chime SDK PSTN audio (CreateSipMediaApplicationCall and
 * UpdateSipMediaApplicationCall on the stack's SIP media application); on the local stack
 * (TELEPHONY=local) the telephony simulator at LOCAL_TELEPHONY_URL (infra/local/telephony.ts).
 *
 * Both sides of a call's life go through the SIP media application's handler
 * (functions/calls/sipMediaApplication.ts): the provider invokes it with each call event and it
 * answers with actions; this adapter is only what the console starts itself.
 */

export interface PlaceCall {
  /** The store's number the call comes from (E.164): the caller id both legs see. */
  from: string;
  /** The first phone to ring (E.164): the advisor's own phone. */
  to: string;
  /** Handed to the SIP media application's handler with the call's events (at most 20 pairs, strings). */
  arguments: Record<string, string>;
}

export interface Telephony {
  /** Starts an outbound call; answers the provider's id for it (the transaction id of every event of the call). */
  placeCall(call: PlaceCall): Promise<{ transactionId: string }>;
  /** Asks the provider to end a call in progress (the handler is invoked with CALL_UPDATE_REQUESTED and hangs up). */
  hangup(transactionId: string, args?: Record<string, string>): Promise<void>;
}
