import { describe, expect, it } from 'vitest';
import { MAX_MPI_ATTACHMENT_BYTES, RENDITION_EDGE, type SheetListEntry } from '../../shared/inspections/inspections.js';
import { ageParts, formatAge, vehicleLabel } from '../../web/src/features/inspections/labels.js';
import { mediaKind, renditionSize } from '../../web/src/lib/renditions.js';
import { queuePagePath } from '../../web/src/features/inspections/requests.js';
import { fileRefusal } from '../../web/src/features/inspections/uploads.js';
import { leavesPool, queueEntries } from '../../web/src/features/inspections/useSheetQueue.js';
import { aReply, aSheetSummary } from './web-mpi-fixtures.js';

function anEntry(roId: string): SheetListEntry {
  const { repair_order } = aReply();
  return { ...aSheetSummary({ id: `mpi_${roId}`, updated_at: '2025-03-01T09:00:00.000Z' }), repair_order: { ...repair_order, id: roId } };
}

describe('the MPI lists', () => {
  it('ask for pages of 50 on the paths of the contract', () => {
    expect(queuePagePath('loc_1', 'pool', 0)).toBe('/api/locations/loc_1/tech/mpi/sheets/for_claim?offset=0&limit=50');
    expect(queuePagePath('loc_1', 'mine', 1)).toBe('/api/locations/loc_1/tech/mpi/sheets/inbox?offset=50&limit=50');
    expect(queuePagePath('loc_1', 'manager', 0)).toBe('/api/locations/loc_1/tech/mpi/sheets/inbox/manager?offset=0&limit=50');
    expect(queuePagePath('loc_1', 'to_advisor', 2)).toBe('/api/locations/loc_1/tech/mpi/repair_orders/inbox?offset=100&limit=50');
  });

  it('show the pages in order, each order once even when a sheet moved between pages while they loaded', () => {
    const meta = { paging: { total: 3, current_offset: 0, per_page: 50 } };

    const entries = queueEntries([
      { meta, entries: [anEntry('ro_1'), anEntry('ro_2')] },
      { meta, entries: [anEntry('ro_2'), anEntry('ro_3')] },
    ]);

    expect(entries.map((e) => e.repair_order.id)).toEqual(['ro_1', 'ro_2', 'ro_3']);
  });

  it('drop a sheet from the pool as soon as it is in any other state', () => {
    expect(leavesPool('unclaimed')).toBe(false);
    expect(['claimed', 'reclaimed', 'completed_by_technician', 'completed_by_advisor'].every(leavesPool)).toBe(true);
  });

  it('write an age in the largest whole unit, in the agent’s language', () => {
    const now = Date.parse('2025-03-01T12:00:00.000Z');
    expect(ageParts('2025-03-01T11:59:30.000Z', now)).toEqual({ value: 0, unit: 'minute' });
    expect(ageParts('2025-03-01T11:15:00.000Z', now)).toEqual({ value: 45, unit: 'minute' });
    expect(ageParts('2025-03-01T09:00:00.000Z', now)).toEqual({ value: 3, unit: 'hour' });
    expect(ageParts('2025-02-26T12:00:00.000Z', now)).toEqual({ value: 3, unit: 'day' });
    expect(formatAge('2025-03-01T09:00:00.000Z', 'en-us', now)).toBe('3 hr. ago');
    expect(formatAge(null, 'en-us', now)).toBe('');
  });

  it('name a car by year, make and model, leaving out what is unknown', () => {
    expect(vehicleLabel({ year: 2019, make: 'Honda', model: 'Civic', vin: null, mileage: null })).toBe('2019 Honda Civic');
    expect(vehicleLabel({ year: null, make: 'Ducati', model: '', vin: null, mileage: null })).toBe('Ducati');
  });
});

describe('photo and video uploads', () => {
  it('refuse anything but photos and videos, and files over 512 MB, before uploading', () => {
    expect(fileRefusal({ type: 'image/jpeg', size: 1000 })).toBeNull();
    expect(fileRefusal({ type: 'video/mp4', size: MAX_MPI_ATTACHMENT_BYTES })).toBeNull();
    expect(fileRefusal({ type: 'video/mp4', size: MAX_MPI_ATTACHMENT_BYTES + 1 })).toBe('size');
    expect(fileRefusal({ type: 'application/pdf', size: 1000 })).toBe('type');
    expect(fileRefusal({ type: '', size: 1000 })).toBe('type');
    expect(mediaKind('image/heic')).toBe('photo');
  });

  it('scale renditions so the longer side fits 1280 px (small) and 320 px (thumbnail), proportions kept, never enlarged', () => {
    expect(renditionSize({ width: 4032, height: 3024 }, RENDITION_EDGE.small)).toEqual({ width: 1280, height: 960 });
    expect(renditionSize({ width: 3024, height: 4032 }, RENDITION_EDGE.thumb)).toEqual({ width: 240, height: 320 });
    expect(renditionSize({ width: 16, height: 16 }, RENDITION_EDGE.small)).toEqual({ width: 16, height: 16 });
    expect(renditionSize({ width: 10000, height: 10 }, RENDITION_EDGE.thumb)).toEqual({ width: 320, height: 1 });
    expect(renditionSize({ width: 0, height: 0 }, RENDITION_EDGE.thumb)).toEqual({ width: 0, height: 0 });
  });
});
