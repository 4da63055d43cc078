/**
 * Multi-point inspections (SPEC §2 /mpi, the technician board): templates, queues, claims, the
 * sheet and its media, the advisor's recommended work and the customer's inspection page. What it
 * declares to the rest of the system (functions/lib/boardModule.ts), listed in functions/boards.ts.
 */
import { CONVERSATION_CHUNKS } from '../lib/lazyChunk.js';
import { MPI_EVENTS } from '../../shared/inspections/events.js';
import type { BoardModule } from '../lib/boardModule.js';
import { PDF_BUNDLE_FILES } from '../lib/pdfFonts.js';
import { PDF_CHUNK } from '../recommendations/pdfChunk.js';
import { sendWorkDeclinedNotices } from '../recommendations/workDeclined.js';
import { technicianTallies } from './tallies.js';

export const board = {
  name: 'technician',
  opens: (flags) => flags.admin || flags.manager || flags.service || flags.technician,
  areas: {
    /** Multi-point inspections: templates, queues, claims, the sheet, its photos and videos, MPI settings. */
    inspections: {
      entry: 'functions/inspections/handler.ts',
      lazyChunks: CONVERSATION_CHUNKS,
      routes: [
        'GET /api/locations/{id}/tech/mpi/sheets/{type}',
        'GET /api/locations/{id}/tech/mpi/sheets/inbox/manager',
        'GET /api/locations/{id}/tech/mpi/repair_orders/inbox',
        'GET /api/locations/{id}/tech/mpi/sheet_templates',
        'POST /api/locations/{id}/tech/mpi/sheet_templates',
        'PUT /api/locations/{id}/tech/mpi/sheet_templates/{template_id}',
        'PUT /api/locations/{id}/tech/mpi/sheet_templates/{template_id}/archive',
        'PUT /api/locations/{id}/tech/mpi/sheet_templates/{template_id}/default',
        'GET /api/locations/{id}/tech/mpi/settings',
        'PUT /api/locations/{id}/tech/mpi/settings',
        'GET /tech/mpi/settings',
        'POST /tech/mpi/settings',
        'GET /api/locations/{id}/tech/mpi/technicians',
        'GET /api/tech/mpi/repair_orders/{id}/technician/sheet',
        'GET /api/tech/mpi/repair_orders/{id}/advisor/sheet',
        'PUT /api/tech/mpi/repair_orders/{id}/sheet',
        'PUT /api/tech/mpi/repair_orders/{id}/technician/claim',
        'PUT /api/tech/mpi/repair_orders/{id}/advisor/claim',
        'PUT /api/tech/mpi/repair_orders/{id}/reclaim',
        'PUT /api/tech/mpi/repair_orders/{id}/technician/complete',
        'PUT /api/tech/mpi/repair_orders/{id}/advisor/complete',
        'PUT /api/tech/mpi/repair_orders/{id}/template',
        'GET /api/tech/mpi/repair_orders/{id}/technician/service_attachments',
        'POST /api/tech/mpi/repair_orders/{id}/service_attachments',
        'PUT /api/tech/mpi/repair_orders/{id}/service_attachments',
      ],
    },
    /** The advisor's side of recommended work: decisions, the PDF, sending the sheet to the customer. */
    recommendations: {
      entry: 'functions/recommendations/handler.ts',
      routes: [
        'PUT /api/tech/mpi/repair_orders/{id}/recommendations/{recommendation_id}',
        'POST /api/tech/mpi/repair_orders/{id}/pdf',
        'POST /api/tech/mpi/repair_orders/{id}/send_to_customer',
      ],
      bundleFiles: PDF_BUNDLE_FILES,
      lazyChunks: [PDF_CHUNK, ...CONVERSATION_CHUNKS],
    },
    /** The customer's inspection page behind an unguessable, expiring link, and the visit page's inspection PDF: no sign-in. */
    customerInspections: {
      entry: 'functions/customerInspections/handler.ts',
      routes: [
        'GET /api/public/inspections/{token}',
        'PUT /api/public/inspections/{token}/recommendations/{recommendation_id}',
        'GET /api/public/inspections/{token}/pdf',
        'GET /api/public/inspections/{token}/visit',
        'POST /api/public/visits/{token}/inspection/pdf',
      ],
      bundleFiles: PDF_BUNDLE_FILES,
      lazyChunks: [PDF_CHUNK, ...CONVERSATION_CHUNKS],
    },
  },
  jobs: {
    /** Work the customer declined on an inspection: the work-declined notice after service_settings days. */
    work_declined_notices: { rateMinutes: 60, run: () => sendWorkDeclinedNotices() },
  },
  /** Sheets started and sent, their red and yellow items, recommended and approved work, for the inspections report. */
  tallies: technicianTallies,
  events: MPI_EVENTS,
  routeParams: [
    { param: 'template_id', after: /\/sheet_templates\/$/, kind: 'template', tenant: true, sample: { list: '/api/locations/{location}/tech/mpi/sheet_templates', field: 'sheet_templates' } },
    { param: 'recommendation_id', after: /\/recommendations\/$/, kind: 'recommendation', tenant: true },
    { param: 'token', after: /^\/api\/public\/inspections\/$/, kind: 'inspection_token', tenant: true },
    { param: 'type', after: /\/tech\/mpi\/sheets\/$/, kind: 'sheet_queue', tenant: false, vocabulary: 'for_claim' },
  ],
} as const satisfies BoardModule;
