/**
 * The mass text store: the only code that knows a mass text's partition (`sk = MASS` and its
 * numbered recipients `sk = R#000001`), its lease and cursor, and the running index the sweep reads.
 * The sending itself is in massTexts.ts.
 */
import type { MassMessage } from '../../shared/massTexts.js';
import type { OwnerKind } from '../../shared/conversations.js';
import { keys } from '../lib/keys.js';
import { batchWrite, fields, getItem, isConditionFailure, queryAll, readPage, updateItem, type Item } from '../lib/table.js';

/** Keys of the records this store owns (docs/data-model.md). */
export const massTextKeys = {
  /** A mass text (`sk = MASS`) and its numbered recipients (`sk = R#000001`), in one partition. */
  massMessage: (companyId: string, massId: string) => ({ pk: `COMPANY#${companyId}#MASS#${massId}`, sk: 'MASS' }),
  /** gsi2 on mass texts still running: by the end of their worker's lease (the sweep takes over after it). */
  massMessagesRunning: () => ({ gsi2pk: 'MASS#RUNNING' }),
} as const;

export interface MassRecord extends MassMessage {
  company_id: string;
  agent_id: string;
  kind: OwnerKind;
  /** Index of the next recipient to send. */
  cursor: number;
  lease_until: string | null;
  /** The agent's answer to the quiet-hours question when they started it (absent on mass texts written before it was asked). */
  confirm_quiet_hours?: boolean;
  send_at?: string | null;
}

export interface Recipient {
  n: number;
  owner_id: string;
  /** 'sent', 'failed', or a skip reason id; null until done. */
  outcome: string | null;
}

const recipientSk = (n: number) => `R#${String(n).padStart(6, '0')}`;
const massKey = (companyId: string, id: string) => massTextKeys.massMessage(companyId, id);
const running = (lease: string, m: Pick<MassRecord, 'company_id' | 'id'>) => ({ ...massTextKeys.massMessagesRunning(), gsi2sk: `${lease}#${m.company_id}#${m.id}` });

export function massView(m: MassRecord): MassMessage {
  const { company_id: _c, agent_id: _a, kind: _k, cursor: _cu, lease_until: _l, confirm_quiet_hours: _q, send_at: _s, ...view } = m;
  // Mass texts written before scheduled ones were counted apart have none.
  return { ...view, scheduled: m.scheduled ?? 0, scheduled_for: m.scheduled_for ?? null };
}

/** Writes the mass text and its recipients (numbered in order); a running one goes on the running index. */
export async function createMassText(record: MassRecord, ownerIds: string[], now: string): Promise<void> {
  const { pk } = massKey(record.company_id, record.id);
  // Recipients first: a mass text is only on the running index once all of them are there.
  await batchWrite(ownerIds.map((ownerId, n) => ({ pk, sk: recipientSk(n), n, owner_id: ownerId, outcome: null } satisfies Item<Recipient>)));
  await updateItem({
    Key: massKey(record.company_id, record.id),
    UpdateExpression: 'SET ' + Object.keys(record).map((k) => `#${k} = :${k}`).join(', ') + (record.state === 'running' ? ', gsi2pk = :gpk, gsi2sk = :gsk' : ''),
    ExpressionAttributeNames: Object.fromEntries(Object.keys(record).map((k) => [`#${k}`, k])),
    ExpressionAttributeValues: {
      ...Object.fromEntries(Object.entries(record).map(([k, v]) => [`:${k}`, v])),
      ...(record.state === 'running' ? { ':gpk': running(now, record).gsi2pk, ':gsk': running(now, record).gsi2sk } : {}),
    },
  });
}

export async function getMassText(companyId: string, id: string): Promise<MassRecord | undefined> {
  const item = await getItem<MassRecord>(massKey(companyId, id), true);
  return item && fields(item);
}

/**
 * Takes (or renews) the lease until `until`: the mass text as leased, or null when it is no longer
 * running, its cursor moved, or another worker holds a lease that has not run out.
 */
export async function leaseMassText(record: MassRecord, now: Date, until: string): Promise<MassRecord | null> {
  try {
    const item = await updateItem<MassRecord>({
      Key: massKey(record.company_id, record.id),
      UpdateExpression: 'SET lease_until = :until, gsi2sk = :sort',
      ConditionExpression: '#state = :running AND #cursor = :cursor AND (attribute_not_exists(lease_until) OR lease_until = :null OR lease_until < :now OR lease_until = :mine)',
      ExpressionAttributeNames: { '#state': 'state', '#cursor': 'cursor' },
      ExpressionAttributeValues: {
        ':until': until,
        ':sort': running(until, record).gsi2sk,
        ':running': 'running',
        ':cursor': record.cursor,
        ':null': null,
        ':now': now.toISOString(),
        ':mine': record.lease_until ?? '~none~',
      },
      ReturnValues: 'ALL_NEW',
    });
    return item ? fields(item) : null;
  } catch (err) {
    if (isConditionFailure(err)) return null;
    throw err;
  }
}

/** Up to `limit` recipients from the cursor on, in order (read consistently: the last batch's outcomes count). */
export async function recipientsFrom(record: Pick<MassRecord, 'company_id' | 'id' | 'cursor'>, limit: number): Promise<Recipient[]> {
  const { pk } = massKey(record.company_id, record.id);
  return readPage<Recipient>(
    { KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to', ExpressionAttributeValues: { ':pk': pk, ':from': recipientSk(record.cursor), ':to': 'R#~' }, ConsistentRead: true },
    0,
    limit,
  );
}

/** Keeps each recipient's outcome, so a worker that takes over does not text them again. */
export async function recordOutcomes(record: Pick<MassRecord, 'company_id' | 'id'>, done: Recipient[]): Promise<void> {
  const { pk } = massKey(record.company_id, record.id);
  await batchWrite(done.map((r) => ({ pk, sk: recipientSk(r.n), n: r.n, owner_id: r.owner_id, outcome: r.outcome })));
}

/**
 * Moves the cursor and counts from `was` to `next` while `was`'s lease still holds; a finished one
 * leaves the running index. False when another worker took over (this one ran past its lease).
 */
export async function advanceMassText(was: MassRecord, next: MassRecord): Promise<boolean> {
  const done = next.state !== 'running';
  try {
    await updateItem({
      Key: massKey(was.company_id, was.id),
      UpdateExpression:
        'SET #cursor = :cursor, #sent = :sent, #scheduled = :scheduled, #scheduled_for = :scheduled_for, #failed = :failed, #skipped = :skipped, #state = :state, finished_at = :finished' + (done ? ' REMOVE gsi2pk, gsi2sk, lease_until' : ''),
      ConditionExpression: '#cursor = :was AND lease_until = :lease',
      ExpressionAttributeNames: { '#state': 'state', '#cursor': 'cursor', '#sent': 'sent', '#scheduled': 'scheduled', '#scheduled_for': 'scheduled_for', '#failed': 'failed', '#skipped': 'skipped' },
      ExpressionAttributeValues: {
        ':cursor': next.cursor,
        ':sent': next.sent,
        ':scheduled': next.scheduled,
        ':scheduled_for': next.scheduled_for,
        ':failed': next.failed,
        ':skipped': next.skipped,
        ':state': next.state,
        ':finished': next.finished_at,
        ':was': was.cursor,
        ':lease': was.lease_until,
      },
    });
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/** Lets go of this worker's lease so the next worker starts at once (nothing when it is no longer ours). */
export async function releaseMassText(record: MassRecord): Promise<void> {
  await updateItem({
    Key: massKey(record.company_id, record.id),
    UpdateExpression: 'SET lease_until = :null',
    ConditionExpression: 'lease_until = :mine',
    ExpressionAttributeValues: { ':null': null, ':mine': record.lease_until },
  }).catch((err: unknown) => {
    if (!isConditionFailure(err)) throw err;
  });
}

/** Running mass texts whose worker's lease ran out by `now` (the running index, by lease end). */
export async function massTextsStalled(now: Date): Promise<{ company_id: string; id: string }[]> {
  const items = await queryAll<MassRecord>({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk <= :now',
    ExpressionAttributeValues: { ':pk': massTextKeys.massMessagesRunning().gsi2pk, ':now': `${now.toISOString()}#~` },
  });
  return items.map((m) => ({ company_id: m.company_id, id: m.id }));
}
