/** MPI records for the console's unit tests: complete shapes, with only what a test is about changed. */
import type { Recommendation, Sheet, SheetAttachment, SheetReply, SheetSummary } from '../../shared/inspections/inspections.js';

export function aRecommendation(id: string, overrides: Partial<Recommendation> = {}): Recommendation {
  return {
    id,
    group: 'Brakes',
    item: 'Front pads',
    est_cost_in_cents: 24000,
    comment: 'Replace front brake pads',
    notes: '',
    approved: null,
    decided_at: null,
    metadata: { approver: null },
    ...overrides,
  };
}

export function anAttachment(id: string, overrides: Partial<SheetAttachment> = {}): SheetAttachment {
  return {
    id,
    group: 'Brakes',
    item: 'Front pads',
    name: 'pads.jpg',
    content_type: 'image/jpeg',
    size: 1000,
    kind: 'photo',
    notes: '',
    verdict: null,
    agent: { id: 'agt_tech', first_name: 'Luis', last_name: 'Ortega' },
    created_at: '2025-03-01T10:00:00.000Z',
    metadata: { orig: 'https://s3/orig', small: 'https://s3/small', thumb: 'https://s3/thumb' },
    ...overrides,
  };
}

export function aSheet(overrides: Partial<Sheet> = {}): Sheet {
  return {
    id: 'mpi_1',
    repair_order_id: 'ro_1',
    location_id: 'loc_1',
    template_id: 'tpl_1',
    form_name: 'Multi-point inspection',
    header: '',
    vehicle_type: 'car',
    state: 'claimed',
    holder: { id: 'agt_tech', first_name: 'Luis', last_name: 'Ortega', role: 'technician' },
    technician: { id: 'agt_tech', first_name: 'Luis', last_name: 'Ortega' },
    advisor: null,
    claimed_at: '2025-03-01T09:30:00.000Z',
    completed_by_technician_at: null,
    completed_by_advisor_at: null,
    sent_to_customer_at: null,
    groups: [
      {
        name: 'Brakes',
        items: [
          { name: 'Front pads', dmg: null, comment: '' },
          { name: 'Rear pads', dmg: null, comment: '' },
        ],
      },
      {
        name: 'Tyres',
        items: [
          { name: 'Front left', dmg: 2, comment: 'Worn' },
          { name: 'Front right', dmg: -1, comment: '' },
        ],
      },
    ],
    recommendations: [],
    attachments: [],
    damage_details: { comment: '' },
    version: 3,
    created_at: '2025-03-01T09:00:00.000Z',
    updated_at: '2025-03-01T09:30:00.000Z',
    ...overrides,
  };
}

export function aReply(sheet: Sheet = aSheet()): SheetReply {
  return {
    sheet,
    repair_order: {
      id: sheet.repair_order_id,
      ro_id: '10042',
      location_id: 'loc_1',
      customer_first_name: 'Maria',
      customer_last_name: 'Gonzalez',
      vehicle: { make: 'Honda', model: 'Civic', year: 2019, vin: null, mileage: null },
      promise_time: null,
      agent: null,
      custom: { customer_waiting: false },
    },
  };
}

/** A repair order's sheet as the board and the queues carry it: in the pool, nothing decided, unless told otherwise. */
export function aSheetSummary(overrides: Partial<SheetSummary> = {}): SheetSummary {
  return {
    id: 'sht_1',
    state: 'unclaimed',
    holder: null,
    technician: null,
    advisor: null,
    vehicle_type: 'car',
    form_name: 'Multi-point inspection',
    claimed_at: null,
    completed_by_technician_at: null,
    completed_by_advisor_at: null,
    sent_to_customer_at: null,
    items: { red: 0, yellow: 0, green: 0, na: 0, unset: 30 },
    recommendations: { total: 0, approved: 0, rejected: 0, undecided: 0, approved_cents: 0, total_cents: 0 },
    version: 1,
    updated_at: '2026-11-22T02:00:00.000Z',
    ...overrides,
  };
}
