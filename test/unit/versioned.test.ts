import { describe, expect, it } from 'vitest';
import { updateVersioned, type Versioned, type VersionedRecord } from '../../functions/lib/versioned.js';

interface Order extends Versioned {
  id: string;
  closed: boolean;
}

class Changed extends Error {}

/** A record in memory whose save fails with the store's conflict the first `conflicts` times. */
function storeWith(conflicts: number, failure: () => Error = () => new Changed()) {
  let stored: Order = { id: 'ro_1', closed: false, version: 3, updated_at: '2024-01-01T00:00:00.000Z' };
  const saves: Order[] = [];
  const record: VersionedRecord<Order> = {
    read: async () => stored,
    save: async (after, before) => {
      saves.push(after);
      if (saves.length <= conflicts) throw failure();
      expect(before.version).toBe(stored.version);
      stored = after;
    },
    isConflict: (err) => err instanceof Changed,
  };
  return { record, saves, current: () => stored };
}

describe('updateVersioned (read, change, write, retry)', () => {
  it('writes the change with the next version and a fresh updated_at', async () => {
    const store = storeWith(0);
    const result = await updateVersioned(store.record, () => ({ closed: true }));
    expect(result.changed).toBe(true);
    expect(store.current()).toMatchObject({ closed: true, version: 4 });
    expect(store.current().updated_at).not.toBe('2024-01-01T00:00:00.000Z');
    expect(result.before.version).toBe(3);
  });

  it('writes nothing when the change says so', async () => {
    const store = storeWith(0);
    const result = await updateVersioned(store.record, () => null);
    expect(result).toMatchObject({ changed: false, after: result.before });
    expect(store.saves).toHaveLength(0);
  });

  it('reads again and retries on the store’s conflict, up to five tries', async () => {
    const store = storeWith(4);
    expect((await updateVersioned(store.record, () => ({ closed: true }))).changed).toBe(true);
    expect(store.saves).toHaveLength(5);

    const busy = storeWith(5);
    await expect(updateVersioned(busy.record, () => ({ closed: true }))).rejects.toBeInstanceOf(Changed);
    expect(busy.saves).toHaveLength(5);
  });

  it('does not retry other failures', async () => {
    const store = storeWith(1, () => new Error('table unreachable'));
    await expect(updateVersioned(store.record, () => ({ closed: true }))).rejects.toThrow('table unreachable');
    expect(store.saves).toHaveLength(1);
  });
});
