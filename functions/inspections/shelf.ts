/**
 * Which queue an inspection sheet is on, and the write that shelves it with its order: kept apart
 * from the sheet records so the repair-order store can put it in an order's save transaction
 * without importing the inspections (the inspections depend on the orders, not the other way).
 */
import type { SheetState } from '../../shared/inspections/inspections.js';
import { keys } from '../lib/keys.js';
import type { TransactWrite } from '../lib/table.js';

/** Keys of the sheets (docs/data-model.md): here, where the repair-order store reaches them too. */
export const sheetKeys = {

  /** A repair order's sheet, in the order's partition. */
  sheet: (companyId: string, roId: string) => ({ pk: `COMPANY#${companyId}#RO#${roId}`, sk: 'SHEET' }),
  /** gsi1 on sheets: a location's queue by state (`for_claim`, `claimed`, `to_advisor`, `done`), oldest first. */
  sheetsOfLocation: (companyId: string, locationId: string, list: SheetList) => ({ gsi1pk: `COMPANY#${companyId}#LOCATION#${locationId}#MPI#${list}` }),
  /** gsi2 on claimed or reclaimed sheets: the holder's inbox. */
  sheetsOfHolder: (companyId: string, locationId: string, agentId: string) => ({ gsi2pk: `COMPANY#${companyId}#LOCATION#${locationId}#MPI#HOLDER#${agentId}` }),
} as const;

/** Whether an item's keys are a sheet's (the table's stream tells every item's change). */
export const isSheetKey = (k: { pk: string; sk: string }): boolean => k.sk === 'SHEET' && /^COMPANY#[^#]+#RO#[^#]+$/.test(k.pk);

/**
 * The queues a sheet can sit on (gsi1), one per state group; `shelved` holds the sheets of closed
 * or archived orders, which no queue shows.
 */
export type SheetList = 'for_claim' | 'claimed' | 'to_advisor' | 'done' | 'shelved';

/** What the shelf needs of an order: where it is, whether it left, and its sheet's state. */
export interface ShelvedOrder {
  id: string;
  company_id: string;
  location_id: string;
  closed: boolean;
  archived: boolean;
  sheet: { state: SheetState } | null;
}

/** The queue of each state: the pool, claimed (by a technician or reclaimed for someone), back with the advisors, done. */
export function listOf(state: SheetState): SheetList {
  switch (state) {
    case 'unclaimed':
      return 'for_claim';
    case 'claimed':
    case 'reclaimed':
      return 'claimed';
    case 'completed_by_technician':
      return 'to_advisor';
    case 'completed_by_advisor':
      return 'done';
  }
}

/** The queue a sheet is on: none (shelved) while its order is closed or archived. */
export const queueOf = (sheet: { state: SheetState; shelved?: boolean }): SheetList => (sheet.shelved ? 'shelved' : listOf(sheet.state));

/** A closed or archived order's sheet waits on no queue: no technician should pick up a car that has left. */
export const isShelved = (ro: { closed: boolean; archived: boolean }): boolean => ro.closed || ro.archived;

/**
 * The write that moves an order's sheet off the queues when the order closes or is archived (and
 * back when it opens again), for the order's own save transaction. It bumps the sheet's version, so
 * a sheet write racing it re-reads (transitions) or reloads (an editor's save).
 */
export function shelfWrite(ro: ShelvedOrder, previous: ShelvedOrder | null): TransactWrite | null {
  if (!ro.sheet || !previous || isShelved(previous) === isShelved(ro)) return null;
  const shelved = isShelved(ro);
  return {
    Update: {
      Key: sheetKeys.sheet(ro.company_id, ro.id),
      UpdateExpression: 'SET shelved = :shelved, gsi1pk = :queue, version = version + :one',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: {
        ':shelved': shelved,
        ':queue': sheetKeys.sheetsOfLocation(ro.company_id, ro.location_id, queueOf({ state: ro.sheet.state, shelved })).gsi1pk,
        ':one': 1,
      },
    },
  };
}
