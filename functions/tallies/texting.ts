/**
 * The texting report's facts (issue 24), from the conversations' messages: texts an advisor wrote,
 * customers' texts, and waits for a first answer. README "Reports: texting activity per advisor".
 */
import type { OwnerRef } from '../../shared/conversations.js';
import { responseBucket } from '../../shared/reports/responseTimes.js';
import type { Fact, TableChange } from '../lib/boardModule.js';
import { loadOwner } from '../messages/owners.js';
import { everyMessageOf, messageOfItem, type MessageRecord } from '../messages/records.js';
import { countFact } from './facts.js';
import { minutesOpen } from './openingHours.js';
import { storeFacts } from './stores.js';
import { saveWaitState, waitState, WaitStateChanged, type OpenWait } from './waits.js';

/** Who a row counts under when the conversation has no advisor. */
export const NO_ADVISOR = 'none';

/**
 * A text an agent wrote to the customer in person and sent: not automated, not a note, no longer
 * held for later, and not refused before it left (a held text the rules no longer let go).
 */
export function isAgentText(m: MessageRecord): boolean {
  const status = m.metadata.status;
  return m.metadata.direction === 'outbound' && m.agent !== null && m.metadata.automated === null && m.behaviour === null && status !== 'scheduled' && status !== 'not sent';
}

/** When an agent's text went: a text held for a chosen time went at that time. */
const sentAt = (m: MessageRecord): string => new Date(m.metadata.send_at ?? m.created_at).toISOString();
const receivedAt = (m: MessageRecord): string => new Date(m.created_at).toISOString();

const recordOf = (m: MessageRecord): Fact['record'] => ({ kind: m.owner.kind, id: m.owner.id, label: m.text.slice(0, 80) });

async function advisorOf(companyId: string, owner: OwnerRef): Promise<string> {
  const loaded = await loadOwner(companyId, owner).catch(() => undefined);
  return loaded?.agent?.id ?? NO_ADVISOR;
}

/** A customer's text or an agent's, as far as the texting figures care. */
const counts = (m: MessageRecord | undefined): boolean => Boolean(m && (m.metadata.direction === 'inbound' || isAgentText(m)));

/**
 * The message of a change that is new to the texting figures: inserted, or an agent's text held
 * for later that has just gone. A delivery receipt's change of a text already counted is not
 * (most of a text's changes are receipts).
 */
function newlyCounted(change: TableChange): MessageRecord | undefined {
  const m = messageOfItem(change.new);
  if (!counts(m) || counts(messageOfItem(change.old))) return undefined;
  return m;
}

/** The facts of one message itself: a text sent by an agent, or a text received from the customer. */
export async function messageFacts(change: TableChange): Promise<Fact[]> {
  const m = newlyCounted(change);
  if (!m) return [];
  const base = { type: 'texting' as const, company_id: m.company_id, location_id: m.location_id, record: recordOf(m), customer_id: m.customer_id || undefined };
  if (isAgentText(m)) return [{ ...base, id: `${m.id}:sent`, figure: 'sent', at: sentAt(m), dims: { agent_id: m.agent!.id } }];
  if (m.metadata.direction === 'inbound') {
    return [{ ...base, id: `${m.id}:received`, figure: 'received', at: receivedAt(m), dims: { agent_id: await advisorOf(m.company_id, m.owner) } }];
  }
  return [];
}

interface Turn {
  at: string;
  message: MessageRecord;
  customer: boolean;
}

/**
 * Waits for a first answer in the conversation of a changed message: a wait starts with a
 * customer's text when none is open and ends with the first agent's text after it. Worked out from
 * the conversation's messages after the point where every wait is settled (the state item), so
 * changes arriving twice or out of order find the same waits; each wait and its answer count once
 * (their facts' ids are the customer's text's), on the day and under the advisor the wait started with.
 */
export async function keepWaits(change: TableChange): Promise<void> {
  const changed = newlyCounted(change);
  if (!changed) return;
  const { company_id: companyId, location_id: locationId, message_thread_id: threadId } = changed;
  const store = await storeFacts(companyId, locationId);
  for (let attempt = 0; ; attempt++) {
    const state = await waitState(companyId, locationId, threadId);
    const turns: Turn[] = (await everyMessageOf(companyId, threadId))
      .flatMap((message): Turn[] => {
        if (message.metadata.direction === 'inbound') return [{ at: receivedAt(message), message, customer: true }];
        if (isAgentText(message)) return [{ at: sentAt(message), message, customer: false }];
        return [];
      })
      .filter((turn) => !state.settled_at || turn.at > state.settled_at)
      .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.message.id < b.message.id ? -1 : 1));
    let open: OpenWait | null = state.open && (!state.settled_at || state.open.at > state.settled_at) ? state.open : null;
    let settled = state.settled_at;
    for (const turn of turns) {
      const m = turn.message;
      const base = { type: 'texting' as const, company_id: companyId, location_id: locationId, record: recordOf(m), customer_id: m.customer_id || undefined };
      if (turn.customer) {
        if (open) continue;
        // The advisor is the conversation's when the wait is first seen, and stays the wait's.
        const agentId = state.open?.message_id === m.id ? state.open.agent_id : await advisorOf(companyId, m.owner);
        open = { message_id: m.id, at: turn.at, agent_id: agentId, label: base.record.label };
        await countFact({ ...base, id: `${m.id}:wait`, figure: 'waits', at: turn.at, dims: { agent_id: open.agent_id } }, store.timezone);
      } else {
        if (open) {
          const minutes = minutesOpen(open.at, turn.at, store.timezone, store.settings.opening_hours);
          // The record behind the answer is the customer's text that started the wait. Its exact
          // minutes stay on the fact (the drill-down shows them); the counters keep its bucket,
          // so an advisor's answers are one counter whatever their times.
          await countFact(
            { ...base, record: { ...base.record, label: open.label }, id: `${open.message_id}:answered`, figure: 'answered', at: open.at, dims: { agent_id: open.agent_id }, value: minutes },
            store.timezone,
            { bucket: responseBucket(minutes) },
          );
          open = null;
        }
        settled = turn.at;
      }
    }
    try {
      await saveWaitState(companyId, locationId, threadId, { settled_at: settled, open }, state.version);
      return;
    } catch (err) {
      // Another change of the same conversation moved the state meanwhile: work it out again from there.
      if (!(err instanceof WaitStateChanged) || attempt >= 4) throw err;
    }
  }
}
