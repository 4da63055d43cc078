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
import { ChimeTelephony } from './chimeTelephony.js';

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

/**
 * The telephony simulator's side of the adapter (infra/local/telephony.ts): placing a call starts
 * it on the simulator, which invokes the SIP media application's handler with NEW_OUTBOUND_CALL and
 * rings the advisor's phone there; a hangup is an update request, as UpdateSipMediaApplicationCall.
 */
export class LocalTelephony implements Telephony {
  constructor(private readonly url: string) {}

  private async post(path: string, body: unknown): Promise<unknown> {
    const res = await fetch(`${this.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`telephony simulator: ${path} answered HTTP ${res.status} ${await res.text()}`);
    return res.json();
  }

  async placeCall(call: PlaceCall): Promise<{ transactionId: string }> {
    const answer = (await this.post('/outbound', { from: call.from, to: call.to, arguments: call.arguments })) as { transaction_id: string };
    return { transactionId: answer.transaction_id };
  }

  async hangup(transactionId: string, args: Record<string, string> = {}): Promise<void> {
    await this.post(`/calls/${encodeURIComponent(transactionId)}/update`, { arguments: args });
  }
}

let chosen: Telephony | undefined;

/** The adapter this function uses, made once per container: the simulator when TELEPHONY=local, else Chime. */
export function telephony(): Telephony {
  if (chosen) return chosen;
  if (process.env.TELEPHONY === 'local') {
    const url = process.env.LOCAL_TELEPHONY_URL;
    if (!url) throw new Error('TELEPHONY=local needs LOCAL_TELEPHONY_URL');
    chosen = new LocalTelephony(url);
  } else {
    chosen = new ChimeTelephony();
  }
  return chosen;
}
