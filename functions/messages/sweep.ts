/**
 * The message_sweep job: no text stays `queued` for ever. A text still queued past its grace
 * (OUTBOX_GRACE_SECONDS; found by a Query on the sparse outbox index, never a Scan) was left by a
 * request that ended early (a crash, a store that went away):
 * - with no intent recorded, the carrier was never called: the rules are asked again (the customer
 *   may have opted out since) and it is sent through the same conditional path as any text, so a
 *   request finishing it at the same moment cannot send it twice; a refusal ends it `not sent`;
 * - with an intent, the carrier may have it: it is reconciled (delivery.ts `reconcile`), never
 *   simply sent again.
 * A text that cannot be finished yet (the carrier unreachable) is looked at again after another grace.
 *
 * No text stays `accepted` behind its carrier either: a text accepted by a carrier that can be asked
 * where it stands (SmsCarrier.latestReceipt) is on a sparse receipt-watch index until its next
 * receipt moves it on. Past RECEIPT_GRACE_SECONDS without one (a receipt that came while the store
 * was down failed to be written), the carrier is asked, and its latest receipt is applied as a
 * receipt would be (the board hears `message.updated`); with nothing new it is asked again after a
 * wait as long as the text's age, and no longer after RECEIPT_WATCH_SECONDS.
 */
import { smsCarrier } from '../lib/carrier.js';
import { logger } from '../lib/log.js';
import { recordReceipt } from '../inbound/carrierLog.js';
import { applyReceiptTo } from '../inbound/receipts.js';
import { loadOwner } from './owners.js';
import { deliver, reconcile } from './delivery.js';
import {
  RECEIPT_GRACE_SECONDS,
  RECEIPT_WATCH_SECONDS,
  awaitReceiptUntil,
  dueAwaitedReceipts,
  dueOutboxMessages,
  getThreadMessage,
  postponeOutbox,
  ownerRefOf,
} from './records.js';
import { ownerIfStillAllowed } from './scheduled.js';

export interface SweepRun {
  due: number;
  /** Never handed over: sent now. */
  sent: number;
  /** Handed over before: its outcome recorded now. */
  reconciled: number;
  /** The rules refuse it now: `not sent`. */
  refused: number;
  /** Not finished yet (the carrier's answer still unknown): looked at again later. */
  waiting: number;
  failed: number;
  /** Accepted texts whose receipts were awaited past their grace: the carrier was asked. */
  receipts_due: number;
  /** …and its latest receipt moved the text on. */
  receipts_caught_up: number;
}

type Outcome = 'sent' | 'reconciled' | 'refused' | 'waiting' | 'skipped';

async function sweepOne(ref: { company_id: string; thread_id: string; id: string }, now: Date): Promise<Outcome> {
  const message = await getThreadMessage(ref.company_id, ref.thread_id, ref.id);
  if (message?.metadata.status !== 'queued') return 'skipped';
  if (message.send_intent) {
    const after = await reconcile(await loadOwner(message.company_id, ownerRefOf(message), true), message, now);
    if (after.metadata.status !== 'queued') return 'reconciled';
    await postponeOutbox(after, now);
    return 'waiting';
  }
  const owner = await ownerIfStillAllowed(message, now);
  if (!owner) return 'refused';
  const after = await deliver(owner, message);
  if (after.metadata.status === 'queued') {
    // Another call holds its intent: the next run reconciles it if that call does not finish.
    await postponeOutbox(after, now);
    return 'waiting';
  }
  return 'sent';
}

/** Asks the carrier where an accepted text stands; true when its answer moved the text on. */
async function catchUpOne(ref: { company_id: string; thread_id: string; id: string }, now: Date): Promise<boolean> {
  const message = await getThreadMessage(ref.company_id, ref.thread_id, ref.id);
  if (message?.metadata.status !== 'accepted') return false;
  const carrier = smsCarrier();
  const age = now.getTime() - Date.parse(message.metadata.status_at ?? message.created_at);
  if (!carrier.latestReceipt || !message.carrier_message_id || age > RECEIPT_WATCH_SECONDS * 1000) {
    await awaitReceiptUntil(message, null);
    return false;
  }
  const receipt = await carrier.latestReceipt(message.carrier_message_id);
  if (receipt) {
    const asked = { ...receipt, messageId: message.carrier_message_id };
    await recordReceipt(asked);
    if (await applyReceiptTo(message, asked)) return true;
  }
  await awaitReceiptUntil(message, new Date(now.getTime() + Math.max(RECEIPT_GRACE_SECONDS * 1000, age)));
  return false;
}

/** Finishes or fails, visibly, every text left queued past its grace, and catches up with receipts lost on the way; answers what it did. */
export async function sweepOutbox(now = new Date()): Promise<SweepRun> {
  const due = await dueOutboxMessages(now.toISOString());
  const run: SweepRun = { due: due.length, sent: 0, reconciled: 0, refused: 0, waiting: 0, failed: 0, receipts_due: 0, receipts_caught_up: 0 };
  for (const ref of due) {
    try {
      const outcome = await sweepOne(ref, now);
      if (outcome !== 'skipped') run[outcome] += 1;
    } catch (err) {
      // One text must not hold up the others; it stays on the index and is tried next run.
      run.failed += 1;
      logger.error('outbox sweep failed for a text', { message_id: ref.id, error: (err as Error).message });
    }
  }
  // After the outbox: a text it just handed over is watched from now on.
  const awaited = await dueAwaitedReceipts(now.toISOString());
  run.receipts_due = awaited.length;
  for (const ref of awaited) {
    try {
      if (await catchUpOne(ref, now)) run.receipts_caught_up += 1;
    } catch (err) {
      run.failed += 1;
      logger.error('receipt catch-up failed for a text', { message_id: ref.id, error: (err as Error).message });
    }
  }
  return run;
}
