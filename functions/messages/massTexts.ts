/**
 * Mass texts (SPEC §1 "mass messages"): one text to a selection of a board's records, each recipient
 * through every texting and consent rule, sent in the background in bounded batches. The request
 * writes the mass text and its numbered recipients and starts the work; a worker holds a short lease,
 * sends a batch, records each outcome and moves its cursor, then announces the progress. A crash
 * loses at most the lease: the sweep resumes from the cursor, and a recipient sent before the crash
 * is not texted again (each send carries the recipient's own request key, see send.ts).
 */
import type { MassMessage } from '../../shared/massTexts.js';
import type { OwnerKind } from '../../shared/conversations.js';
import { SEND_WARNINGS } from '../../shared/sendingTexts.js';
import { agentRef, getAgent, type AgentRecord } from '../lib/agents.js';
import { startInBackground } from '../lib/background.js';
import { newId } from '../lib/ids.js';
import { logger } from '../lib/log.js';
import { channels, publish } from '../lib/realtime.js';
import type { Auth } from '../lib/session.js';
import { getLocation } from '../lib/locations.js';
import { readSettings } from '../lib/settings.js';
import { getCustomers } from '../customers/records.js';
import { quietHoursState } from './quietHours.js';
import { boardOfName } from '../lib/boardList.js';
import { loadOwner, portFor, type ConversationOwner } from './owners.js';
import { refusalError, sendFromAgent } from './send.js';
import {
  advanceMassText,
  createMassText,
  getMassText,
  leaseMassText,
  massTextsStalled,
  massView,
  recipientsFrom,
  recordOutcomes,
  releaseMassText,
  type MassRecord,
  type Recipient,
} from './massTextRecords.js';
import { DomainError, notFound, refused } from '../lib/errors.js';

/** Recipients sent per batch: a batch finishes well inside a lease. */
export const MASS_BATCH = 25;
/** How long a worker holds a mass text before the sweep may take it over. */
export const MASS_LEASE_SECONDS = 60;
/** The most recipients one mass text takes. */
export const MASS_MAX_RECIPIENTS = 5000;

/**
 * The owner kind of a board that offers mass texts (functions/boards.ts: its records own
 * conversations and its port lists recipients), by the board's name; 422 for any other.
 */
export function massTextKind(board: string): OwnerKind {
  const conversations = boardOfName(board)?.conversations;
  if (!conversations || !portFor(conversations).massRecipients) throw refused('unknown_board', 'This board sends no mass texts');
  return conversations.kind;
}

/** Who the selection reaches: one text per customer (several appointments of one person get one text). */
async function recipientsOf(auth: Auth, locationId: string, kind: OwnerKind, pick: string[] | 'all', skipOptedOut: boolean) {
  const records = (await portFor({ kind }).massRecipients?.(auth, locationId, pick)) ?? [];
  const owners = records.map((r) => portFor({ kind }).owner(r));
  const customers = await getCustomers(auth.companyId, [...new Set(owners.map((o) => o.customer_id))]);
  const seen = new Set<string>();
  const skipped: Record<string, number> = {};
  const chosen: ConversationOwner[] = [];
  for (const owner of owners) {
    if (seen.has(owner.customer_id)) continue;
    seen.add(owner.customer_id);
    if (skipOptedOut && customers.get(owner.customer_id)?.opt_in === 'out') {
      skipped.opted_out = (skipped.opted_out ?? 0) + 1;
      continue;
    }
    chosen.push(owner);
  }
  return { chosen, skipped };
}

/**
 * Inside the location's quiet hours the agent is asked, as for the composer, before anything is
 * written: send anyway (confirm_quiet_hours) or hold every text until a moment (send_at).
 */
async function askQuietHours(companyId: string, locationId: string, input: { confirm_quiet_hours?: boolean; send_at?: string }, now: Date): Promise<void> {
  if (input.confirm_quiet_hours || input.send_at) return;
  const [service, location] = await Promise.all([readSettings(companyId, locationId, 'service_settings'), getLocation(companyId, locationId)]);
  const quiet = quietHoursState(now, location?.timezone ?? 'UTC', service.quiet_hours_start, service.quiet_hours_end);
  if (quiet.quiet && quiet.nextWindowAt) throw refusalError('quiet_hours', quiet.nextWindowAt);
}

/** Writes the mass text and its recipients, and starts sending in the background. */
export async function startMassText(
  auth: Auth,
  locationId: string,
  input: { board: MassMessage['board']; text: string; ids?: string[]; all?: boolean; skip_opted_out: boolean; confirm_quiet_hours?: boolean; send_at?: string },
): Promise<MassMessage> {
  const kind = massTextKind(input.board);
  const { chosen, skipped } = await recipientsOf(auth, locationId, kind, input.all ? 'all' : (input.ids ?? []), input.skip_opted_out);
  if (chosen.length === 0 && Object.keys(skipped).length === 0) throw refused('no_recipients', 'Select at least one recipient');
  if (chosen.length > MASS_MAX_RECIPIENTS) throw refused('too_many_recipients', `A mass text can reach up to ${MASS_MAX_RECIPIENTS} recipients`);
  if (chosen.length > 0) await askQuietHours(auth.companyId, locationId, input, new Date());
  const now = new Date().toISOString();
  const id = newId('mass');
  const skippedCount = Object.values(skipped).reduce((a, b) => a + b, 0);
  const record: MassRecord = {
    id,
    location_id: locationId,
    board: input.board,
    text: input.text,
    state: chosen.length === 0 ? 'finished' : 'running',
    total: chosen.length + skippedCount,
    sent: 0,
    scheduled: 0,
    scheduled_for: null,
    skipped,
    failed: 0,
    created_at: now,
    finished_at: chosen.length === 0 ? now : null,
    agent: agentRef(auth.actingAs),
    company_id: auth.companyId,
    agent_id: auth.actingAs.id,
    kind,
    cursor: 0,
    lease_until: null,
    confirm_quiet_hours: input.confirm_quiet_hours ?? false,
    send_at: input.send_at ? new Date(input.send_at).toISOString() : null,
  };
  await createMassText(record, chosen.map((owner) => owner.id), now);
  await announceProgress(record);
  if (record.state === 'running') await startInBackground({ job: 'mass_messages', company_id: auth.companyId, mass_message_id: id });
  return massView(record);
}

/** The mass text, for the agent who sent it or a manager of its location. */
export async function visibleMassText(auth: Auth, id: string): Promise<MassMessage> {
  const record = await getMassText(auth.companyId, id);
  const manager = auth.actingAs.access_level.admin || (auth.actingAs.access_level.manager && auth.actingAs.location_id === record?.location_id);
  if (!record || (record.agent_id !== auth.actingAs.id && !manager)) throw notFound('Mass text not found');
  return massView(record);
}

async function announceProgress(record: MassRecord): Promise<void> {
  await publish(record.company_id, channels.agent(record.agent_id), { type: 'mass_message.progress', data: { mass_message: massView(record) } });
}

/** Takes (or renews) the lease: the mass text when this worker may send. */
function lease(record: MassRecord, now: Date): Promise<MassRecord | null> {
  return leaseMassText(record, now, new Date(now.getTime() + MASS_LEASE_SECONDS * 1000).toISOString());
}

/** One recipient's outcome ('sent', 'scheduled', a skip reason id, or 'failed'), and when a scheduled text goes. */
interface Outcome {
  outcome: string;
  sendAt?: string | null;
}

/** Sends one recipient with the agent's answer to the quiet-hours question. */
async function sendOne(record: MassRecord, agent: AgentRecord, recipient: Recipient): Promise<Outcome> {
  const owner = await loadOwner(record.company_id, { kind: record.kind, id: recipient.owner_id }, true);
  if (!owner) return { outcome: 'gone' };
  const requestKey = `mass:${record.id}:${recipient.n}`;
  const input = { text: record.text, attachments: [], mode: 'action' as const, requestKey, confirmQuietHours: record.confirm_quiet_hours, sendAt: record.send_at ?? undefined };
  try {
    let result;
    try {
      result = await sendFromAgent(owner, agent, input);
    } catch (err) {
      // Quiet hours began while a mass text started outside them ran: the agent was not asked,
      // so the rest wait for the window (and the summary says so).
      const opens = err instanceof DomainError && err.id === 'quiet_hours' ? err.extra.next_window_at : undefined;
      if (typeof opens !== 'string') throw err;
      result = await sendFromAgent(owner, agent, { ...input, sendAt: opens });
    }
    // Held for the customer's YES (double opt-in): it goes when they answer, not now.
    if (result.warnings.includes(SEND_WARNINGS.held_for_opt_in)) return { outcome: 'awaiting_opt_in' };
    if (result.message.metadata.status === 'scheduled') return { outcome: 'scheduled', sendAt: result.message.metadata.send_at };
    return { outcome: 'sent' };
  } catch (err) {
    if (err instanceof DomainError) return { outcome: err.id };
    logger.error('mass text recipient failed', { mass_message_id: record.id, n: recipient.n, error: (err as Error).message });
    return { outcome: 'failed' };
  }
}

/** The earlier of two moments (ISO), either may be missing. */
const earlier = (a: string | null | undefined, b: string | null | undefined): string | null => (a && b ? (a < b ? a : b) : (a ?? b ?? null));

/** Works a mass text until it is finished or `deadline` passes; answers whether it finished. */
export async function workMassText(companyId: string, id: string, deadline = Date.now() + 4 * 60_000): Promise<boolean> {
  let record = (await getMassText(companyId, id)) ?? null;
  if (!record || record.state !== 'running') return true;
  const agent = await getAgent(companyId, record.agent_id);
  if (!agent) throw new Error(`The agent of mass text ${id} is gone`);
  while (record && record.state === 'running' && Date.now() < deadline) {
    record = await lease(record, new Date());
    if (!record) return false;
    const batch = await recipientsFrom(record, MASS_BATCH);
    const outcomes = await Promise.all(
      batch.map(async (r): Promise<{ r: Recipient } & Outcome> => ({ r, ...(r.outcome ? { outcome: r.outcome } : await sendOne(record!, agent, r)) })),
    );
    const sent = outcomes.filter((o) => o.outcome === 'sent').length;
    const failed = outcomes.filter((o) => o.outcome === 'failed').length;
    const scheduled = outcomes.filter((o) => o.outcome === 'scheduled').length;
    const scheduledFor = outcomes.reduce<string | null>((at, o) => earlier(at, o.sendAt), record.scheduled_for ?? null);
    const skipped = { ...record.skipped };
    for (const { outcome } of outcomes) if (outcome !== 'sent' && outcome !== 'failed' && outcome !== 'scheduled') skipped[outcome] = (skipped[outcome] ?? 0) + 1;
    await recordOutcomes(record, outcomes.filter((o) => o.r.outcome === null).map((o) => ({ ...o.r, outcome: o.outcome })));
    const cursor = record.cursor + batch.length;
    const done = batch.length < MASS_BATCH || cursor >= record.total;
    const next: MassRecord = {
      ...record,
      cursor,
      sent: record.sent + sent,
      scheduled: (record.scheduled ?? 0) + scheduled,
      scheduled_for: scheduledFor,
      failed: record.failed + failed,
      skipped,
      state: done ? 'finished' : 'running',
      finished_at: done ? new Date().toISOString() : null,
    };
    // Another worker took over (this one ran past its lease): it carries on from the cursor.
    if (!(await advanceMassText(record, next))) return false;
    record = next;
    await announceProgress(next);
  }
  if (record?.state === 'running') {
    // Out of time: let go of the lease so the next worker starts at once.
    await releaseMassText(record);
    return false;
  }
  return true;
}

/** The job: one mass text when started for it, else every running one whose worker's lease ran out. */
export async function runMassTexts(event: { company_id?: string; mass_message_id?: string } = {}, now = new Date()): Promise<{ worked: number; finished: number }> {
  const targets = event.company_id && event.mass_message_id
    ? [{ company_id: event.company_id, id: event.mass_message_id }]
    : await massTextsStalled(now);
  let finished = 0;
  for (const target of targets) {
    if (await workMassText(target.company_id, target.id)) finished += 1;
    else {
      // Out of time with work left: go on in a fresh invocation rather than wait for the sweep.
      const still = await getMassText(target.company_id, target.id);
      if (still?.state === 'running' && !still.lease_until) await startInBackground({ job: 'mass_messages', company_id: target.company_id, mass_message_id: target.id });
    }
  }
  return { worked: targets.length, finished };
}
