import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSettings, writeSettings } from '../../functions/lib/settings.js';
import { messagesOf } from '../../functions/messages/records.js';
import { repairOrderHousekeeping } from '../../functions/repairOrders/housekeeping.js';
import { getRepairOrder, type RepairOrderRecord } from '../../functions/repairOrders/records.js';
import type { SettingsOf } from '../../shared/schemas/settings.js';
import { createRepairOrder, DEMO_NORTH, useStackEnv } from '../support/service.js';

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

let saved: SettingsOf<'service_settings'>;

beforeAll(async () => {
  useStackEnv();
  saved = await readSettings(DEMO_NORTH.companyId, DEMO_NORTH.locationId, 'service_settings');
  // Close after 10 quiet days, archive closed orders 7 days after closing, anything after 60 quiet days.
  await writeSettings(
    DEMO_NORTH.companyId,
    DEMO_NORTH.locationId,
    'service_settings',
    { ...saved, auto_close_days: 10, auto_archive_closed_days: 7, auto_archive_idle_days: 60 },
    'agt_admin',
  );
});

afterAll(async () => {
  await writeSettings(DEMO_NORTH.companyId, DEMO_NORTH.locationId, 'service_settings', saved, 'agt_admin');
});

async function quietOrder(activityDays: number, overrides: Partial<RepairOrderRecord> = {}): Promise<RepairOrderRecord> {
  const at = daysAgo(activityDays);
  const { ro } = await createRepairOrder({ ro: { opened_at: at, activity_at: at, ...overrides } });
  return ro;
}

const current = async (ro: RepairOrderRecord) => (await getRepairOrder(DEMO_NORTH.companyId, ro.id, true))!;
const notes = async (ro: RepairOrderRecord) =>
  (await messagesOf(DEMO_NORTH.companyId, ro.message_thread.id, 0, 10)).filter((m) => m.metadata.direction === 'system');

describe('repairOrderHousekeeping', () => {
  it('closes idle orders, archives closed and long-idle ones, and leaves the rest', async () => {
    // prepare
    const idle = await quietOrder(20);
    const abandoned = await quietOrder(90);
    const closedLongAgo = await quietOrder(12, { closed: true, closed_at: daysAgo(12) });
    const closedButTalking = await quietOrder(1, { opened_at: daysAgo(30), closed: true, closed_at: daysAgo(12) });
    const closedRecently = await quietOrder(3, { closed: true, closed_at: daysAgo(3) });
    const busy = await quietOrder(5);

    // act
    const result = await repairOrderHousekeeping();

    // assess
    expect(result.locations).toBeGreaterThanOrEqual(3);
    expect(result.closed).toBeGreaterThanOrEqual(2);
    expect(result.archived).toBeGreaterThanOrEqual(2);

    const closed = await current(idle);
    expect(closed).toMatchObject({ closed: true, autoclosed: true, archived: false });
    expect(Date.now() - Date.parse(closed.closed_at!)).toBeLessThan(60_000);
    const [note] = await notes(idle);
    expect(note).toMatchObject({ behaviour: 'RO_CLOSED', text: 'Order has been closed.' });

    expect(await current(abandoned)).toMatchObject({ closed: true, autoclosed: true, archived: true, archived_at: expect.any(String) });
    expect(await current(closedLongAgo)).toMatchObject({ archived: true, autoclosed: false });
    for (const untouched of [closedButTalking, closedRecently, busy]) {
      const after = await current(untouched);
      expect(after, untouched.id).toMatchObject({ archived: false, autoclosed: false, closed: untouched.closed, version: untouched.version });
    }
  });

  it('does nothing more when run again', async () => {
    const idle = await quietOrder(20);
    await repairOrderHousekeeping();
    const once = await current(idle);
    await repairOrderHousekeeping();
    const twice = await current(idle);
    expect(twice.version).toBe(once.version);
    expect(await notes(idle)).toHaveLength(1);
  });
});
