/**
 * Where each conversation's waits for a first answer stand (issue 24): the instant up to which every
 * wait is settled (answered and counted) and the wait still open, if one is. One item per
 * conversation, written on its version, so two changes of one conversation worked on at once do
 * not undo each other. The only code that knows its keys (docs/data-model.md "Reports").
 */
import { getItem, isConditionFailure, putItemIf } from '../lib/table.js';

/** Keys of the records this store owns (docs/data-model.md "Reports"). */
const waitKeys = {
  /** A conversation's waits, in its location's reports partition family. */
  wait: (companyId: string, locationId: string, threadId: string) => ({ pk: `COMPANY#${companyId}#LOCATION#${locationId}#TALLYWAIT#${threadId}`, sk: 'WAIT' }),
} as const;

export interface OpenWait {
  /** The customer's text that started it. */
  message_id: string;
  at: string;
  /** The conversation's advisor when it started (`none`). */
  agent_id: string;
  /** The start of the customer's text, the record's label in a drill-down. */
  label: string;
}

export interface WaitState {
  /** Every customer's text and agent's answer up to this instant is counted (null: nothing yet). */
  settled_at: string | null;
  open: OpenWait | null;
  /** 0: not stored yet. */
  version: number;
}

/** Another change of the conversation wrote its state since it was read. */
export class WaitStateChanged extends Error {}

export async function waitState(companyId: string, locationId: string, threadId: string): Promise<WaitState> {
  const item = await getItem<WaitState>(waitKeys.wait(companyId, locationId, threadId), true);
  return item ? { settled_at: item.settled_at ?? null, open: item.open ?? null, version: item.version } : { settled_at: null, open: null, version: 0 };
}

/** Writes the state read at `version` moved on; throws WaitStateChanged when another write came first. */
export async function saveWaitState(companyId: string, locationId: string, threadId: string, next: Omit<WaitState, 'version'>, version: number): Promise<void> {
  const item = { ...waitKeys.wait(companyId, locationId, threadId), settled_at: next.settled_at, open: next.open, version: version + 1 };
  try {
    if (version === 0) await putItemIf(item, 'attribute_not_exists(pk)');
    else await putItemIf(item, 'version = :previous', { ':previous': version });
  } catch (err) {
    if (isConditionFailure(err)) throw new WaitStateChanged(`The waits of conversation ${threadId} changed meanwhile`);
    throw err;
  }
}
