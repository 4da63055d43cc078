/**
 * Sheet records: one per repair order, in the order's partition. Which queue a sheet is on follows
 * from its state alone (`listOf`), and every write is one transaction that puts the sheet on the
 * version it read and refreshes the order's `sheet` summary (bumping the order's version, so a
 * concurrent order save re-reads and keeps the summary). Two writers never both win: the loser
 * answers 409 'MPI has changed. Reloading' (or retries, for transitions that re-check the state).
 */
import { MPI_ERRORS, type MpiChangeReason, type Sheet, type SheetAttachment, type SheetHolder, type SheetRepairOrder, type SheetState, type SheetSummary, type SheetTemplate } from '../../shared/inspections/inspections.js';
import type { MpiEvent } from '../../shared/inspections/events.js';
import type { AgentRef } from '../../shared/people.js';
import { agentRef } from '../lib/agents.js';
import { conflict, DomainError } from '../lib/errors.js';
import { newId } from '../lib/ids.js';
import { channels, publish } from '../lib/realtime.js';
import { mediaLinks } from '../lib/mediaUploads.js';
import { fields, getItem, isConditionFailure, queryAll, queryPage, transactWrite, type Item, type TransactWrite } from '../lib/table.js';
import { announce, changed } from '../repairOrders/events.js';
import { isShelved, isSheetKey, listOf, queueOf, sheetKeys, type SheetList } from './shelf.js';
import type { RepairOrderRecord } from '../repairOrders/records.js';
import { repairOrderKeys } from '../repairOrders/records.js';

/** A photo or video as stored: S3 keys instead of signed URLs. */
export interface StoredSheetAttachment extends Omit<SheetAttachment, 'metadata'> {
  key: string;
  small_key: string | null;
  thumb_key: string | null;
}

export interface SheetRecord extends Omit<Sheet, 'attachments'> {
  company_id: string;
  attachments: StoredSheetAttachment[];
}

export { isShelved, isSheetKey, listOf, queueOf };

export function sheetItem(sheet: SheetRecord): Item<SheetRecord> {
  const sort = `${sheet.created_at}#${sheet.repair_order_id}`;
  const held = (sheet.state === 'claimed' || sheet.state === 'reclaimed') && sheet.holder;
  return {
    ...sheetKeys.sheet(sheet.company_id, sheet.repair_order_id),
    ...sheetKeys.sheetsOfLocation(sheet.company_id, sheet.location_id, queueOf(sheet)),
    gsi1sk: sort,
    ...(held ? { ...sheetKeys.sheetsOfHolder(sheet.company_id, sheet.location_id, held.id), gsi2sk: `${sheet.claimed_at ?? sheet.created_at}#${sheet.repair_order_id}` } : {}),
    ...sheet,
  };
}

export function summaryOf(sheet: SheetRecord): SheetSummary {
  const items = { red: 0, yellow: 0, green: 0, na: 0, unset: 0 };
  for (const group of sheet.groups) {
    for (const item of group.items) {
      if (item.dmg === null) items.unset++;
      else if (item.dmg === 2) items.red++;
      else if (item.dmg === 1) items.yellow++;
      else if (item.dmg === 0) items.green++;
      else items.na++;
    }
  }
  const recommendations = { total: 0, approved: 0, rejected: 0, undecided: 0, approved_cents: 0, total_cents: 0 };
  for (const r of sheet.recommendations) {
    recommendations.total++;
    recommendations.total_cents += r.est_cost_in_cents;
    if (r.approved === true) {
      recommendations.approved++;
      recommendations.approved_cents += r.est_cost_in_cents;
    } else if (r.approved === false) recommendations.rejected++;
    else recommendations.undecided++;
  }
  return {
    id: sheet.id,
    state: sheet.state,
    holder: sheet.holder,
    technician: sheet.technician,
    advisor: sheet.advisor,
    vehicle_type: sheet.vehicle_type,
    form_name: sheet.form_name,
    claimed_at: sheet.claimed_at,
    completed_by_technician_at: sheet.completed_by_technician_at,
    completed_by_advisor_at: sheet.completed_by_advisor_at,
    sent_to_customer_at: sheet.sent_to_customer_at,
    customer_text_scheduled_for: sheet.customer_text_scheduled_for ?? null,
    items,
    recommendations,
    version: sheet.version,
    updated_at: sheet.updated_at,
  };
}

/** A fresh, unclaimed sheet for a repair order from a saved template: every item's condition unset. */
export function newSheet(
  ro: Pick<RepairOrderRecord, 'id' | 'company_id' | 'location_id' | 'closed' | 'archived'>,
  template: SheetTemplate,
  now = new Date().toISOString(),
): SheetRecord {
  return {
    id: newId('mpi'),
    company_id: ro.company_id,
    repair_order_id: ro.id,
    location_id: ro.location_id,
    template_id: template.id,
    form_name: template.form_name,
    header: template.header,
    vehicle_type: template.vehicle_type,
    state: 'unclaimed',
    holder: null,
    technician: null,
    advisor: null,
    claimed_at: null,
    completed_by_technician_at: null,
    completed_by_advisor_at: null,
    sent_to_customer_at: null,
    groups: template.groups.map((g) => ({ name: g.name, items: g.items.map((i) => ({ name: i.name, dmg: null, comment: '' })) })),
    recommendations: [],
    attachments: [],
    damage_details: { comment: '' },
    version: 1,
    shelved: isShelved(ro),
    created_at: now,
    updated_at: now,
  };
}

export async function getSheet(companyId: string, roId: string, consistent = false): Promise<SheetRecord | undefined> {
  const item = await getItem<SheetRecord>(sheetKeys.sheet(companyId, roId), consistent);
  return item && fields(item);
}

export async function requireSheet(companyId: string, roId: string, consistent = false): Promise<SheetRecord> {
  const sheet = await getSheet(companyId, roId, consistent);
  if (!sheet) throw new DomainError('not_found', 'no_sheet', MPI_ERRORS.no_sheet);
  return sheet;
}

export const mpiChanged = () => conflict('mpi_changed', MPI_ERRORS.mpi_changed);

/**
 * Writes `next` (version already bumped by the caller, 1 for a new sheet) and the order's summary
 * in one transaction, with `extra` writes alongside (e.g. a work-declined notice). A lost race
 * throws 409 mpi_changed.
 */
export async function saveSheet(next: SheetRecord, previous: SheetRecord | null, extra: TransactWrite[] = []): Promise<void> {
  const writes: TransactWrite[] = [
    {
      Put: {
        Item: sheetItem(next),
        ...(previous
          ? { ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': previous.version } }
          : { ConditionExpression: 'attribute_not_exists(pk)' }),
      },
    },
    {
      Update: {
        Key: repairOrderKeys.repairOrder(next.company_id, next.repair_order_id),
        UpdateExpression: 'SET sheet = :summary, version = version + :one, updated_at = :at',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':summary': summaryOf(next), ':one': 1, ':at': next.updated_at },
      },
    },
    ...extra,
  ];
  for (let attempt = 0; ; attempt++) {
    try {
      await transactWrite(writes);
      return;
    } catch (err) {
      if (isConditionFailure(err)) throw mpiChanged();
      // Another transaction on the order at that moment (a text arriving, a decision): nothing
      // was written and nothing we checked changed, so the same writes are tried again shortly.
      if (!isTransactionConflict(err) || attempt >= 4) throw err;
      await new Promise((r) => setTimeout(r, 15 * 2 ** attempt + Math.random() * 15));
    }
  }
}

/** A transaction cancelled only because another one held one of its items. */
function isTransactionConflict(err: unknown): boolean {
  if ((err as { name?: string }).name !== 'TransactionCanceledException') return false;
  return ((err as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []).some((r) => r.Code === 'TransactionConflict');
}

export interface SheetUpdate {
  before: SheetRecord;
  after: SheetRecord;
}

/**
 * Read, change, write. With `expectedVersion` (a save from an editor) a sheet that moved on answers
 * mpi_changed at once; without it (a claim, a decision) the change is retried on the fresh sheet,
 * so it re-checks the state and the loser of a race gets the change's own refusal.
 * `change` returns the new fields (version and updated_at are set here) and may throw a refusal.
 */
export async function updateSheet(
  companyId: string,
  roId: string,
  change: (sheet: SheetRecord) => Partial<SheetRecord>,
  options: { expectedVersion?: number; extra?: (before: SheetRecord, after: SheetRecord) => TransactWrite[] } = {},
): Promise<SheetUpdate> {
  for (let attempt = 0; ; attempt++) {
    const before = await requireSheet(companyId, roId, true);
    if (options.expectedVersion !== undefined && options.expectedVersion !== before.version) throw mpiChanged();
    const after: SheetRecord = { ...before, ...change(before), version: before.version + 1, updated_at: new Date().toISOString() };
    try {
      await saveSheet(after, before, options.extra?.(before, after) ?? []);
      return { before, after };
    } catch (err) {
      if (options.expectedVersion !== undefined || attempt >= 4 || (err as { id?: string }).id !== 'mpi_changed') throw err;
    }
  }
}

/** One page of a location's queue (oldest first) or of a holder's inbox. */
export async function sheetsOfList(companyId: string, locationId: string, list: SheetList, offset: number, limit: number) {
  const page = await queryPage<SheetRecord>(
    {
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': sheetKeys.sheetsOfLocation(companyId, locationId, list).gsi1pk },
    },
    offset,
    limit,
  );
  return { records: page.items.map((item) => fields(item)), total: page.total };
}

export async function sheetsOfHolder(companyId: string, locationId: string, agentId: string, offset: number, limit: number) {
  const page = await queryPage<SheetRecord>(
    {
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': sheetKeys.sheetsOfHolder(companyId, locationId, agentId).gsi2pk },
    },
    offset,
    limit,
  );
  return { records: page.items.map((item) => fields(item)), total: page.total };
}

/** Every sheet on a location's queue, oldest first (for queues filtered after reading, e.g. by the order's advisor). */
export async function allSheetsOfList(companyId: string, locationId: string, list: SheetList): Promise<SheetRecord[]> {
  const items = await queryAll<SheetRecord>({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': sheetKeys.sheetsOfLocation(companyId, locationId, list).gsi1pk },
  });
  return items.map((item) => fields(item));
}

/** The holders of a location's claimed sheets, one entry per sheet (only `holder` is read). */
export async function holdersOfClaimedSheets(companyId: string, locationId: string): Promise<Pick<SheetRecord, 'holder'>[]> {
  return queryAll<Pick<SheetRecord, 'holder'>>({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': sheetKeys.sheetsOfLocation(companyId, locationId, 'claimed').gsi1pk },
    ProjectionExpression: 'holder',
  });
}

const URL_SECONDS = 3600;

export async function attachmentView(a: StoredSheetAttachment): Promise<SheetAttachment> {
  const { key, small_key, thumb_key, ...rest } = a;
  return { ...rest, metadata: await mediaLinks({ key, small_key, thumb_key }, URL_SECONDS) };
}

export async function sheetView(sheet: SheetRecord): Promise<Sheet> {
  const { company_id: _company, attachments, ...rest } = sheet;
  return { ...rest, attachments: await Promise.all(attachments.map(attachmentView)) };
}

export function sheetRepairOrder(ro: RepairOrderRecord): SheetRepairOrder {
  return {
    id: ro.id,
    ro_id: ro.ro_id,
    location_id: ro.location_id,
    customer_first_name: ro.customer_first_name,
    customer_last_name: ro.customer_last_name,
    vehicle: ro.vehicle,
    promise_time: ro.promise_time,
    agent: ro.agent,
    custom: { customer_waiting: ro.custom.customer_waiting },
  };
}

export const holderOf = (agent: AgentRef, role: SheetHolder['role']): SheetHolder => ({ ...agentRef(agent), role });

/**
 * Tells every open screen: the location channel carries `mpi.changed` (pools, inboxes, open
 * sheets), and the order's channels a `repair_order.changed` (the board's Tech Status column).
 * `order: false` leaves the order's channels out, for a sheet made with a new order that the
 * order's own announcement already covers (the board reads the summary when it refetches).
 */
export async function announceSheet(
  sheet: SheetRecord,
  ro: Pick<RepairOrderRecord, 'id' | 'company_id' | 'location_id' | 'agent'>,
  reason: MpiChangeReason,
  options: { order?: boolean } = {},
): Promise<void> {
  const event: MpiEvent = {
    type: 'mpi.changed',
    data: {
      location_id: sheet.location_id,
      repair_order_id: sheet.repair_order_id,
      sheet_id: sheet.id,
      state: sheet.state,
      holder_id: sheet.holder?.id ?? null,
      version: sheet.version,
      reason,
    },
  };
  await Promise.all([
    publish(sheet.company_id, channels.location(sheet.location_id), event),
    options.order === false ? null : announce(ro, changed(ro, `mpi.${reason}`)),
  ]);
}

