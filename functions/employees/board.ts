/**
 * The employees board (SPEC §2 /employees, the hr flag): what it declares to the rest of the
 * system (functions/lib/boardModule.ts), listed in functions/boards.ts.
 */
import { CONVERSATION_CHUNKS } from '../lib/lazyChunk.js';
import { EMPLOYEE_EVENTS } from '../../shared/employees/events.js';
import type { BoardModule } from '../lib/boardModule.js';
import { employeesChannel } from './channels.js';
import './owner.js';
import { employeeSearch } from './searchEntries.js';

export const board = {
  name: 'employees',
  opens: (flags) => flags.admin || flags.manager || flags.hr,
  areas: {
    employees: {
      entry: 'functions/employees/handler.ts',
      lazyChunks: CONVERSATION_CHUNKS,
      routes: [
        'GET /api/locations/{id}/employees',
        'POST /api/locations/{id}/employees',
        'GET /api/locations/{id}/employees/{employee_id}',
        'PUT /api/locations/{id}/employees/{employee_id}',
        'DELETE /api/locations/{id}/employees/{employee_id}',
        'PUT /api/locations/{id}/employees/{employee_id}/agents/null/read',
        'PUT /api/locations/{id}/employees/{employee_id}/agents/null/unread',
      ],
    },
  },
  conversations: { kind: 'employee', path: '/api/locations/{id}/employees/{employee_id}', idParam: 'employee_id', contact: 'employee', consoleLink: '/employees?employee={id}' },
  // The core's settings route serves the group (SPEC §6: hr loads it); presence reads it.
  settings: [{ key: 'employee_settings', readBy: (flags) => flags.hr }],
  textingNumbers: ['employees'],
  channels: (agent, locationId) => (agent.access_level.hr || agent.access_level.admin || agent.access_level.manager ? [employeesChannel(locationId)] : []),
  events: EMPLOYEE_EVENTS,
  routeParams: [
    { param: 'employee_id', after: /\/employees\/$/, kind: 'employee', tenant: true, sample: { list: '/api/locations/{location}/employees?limit=100', field: 'employees' } },
  ],
  // The service board's part writes the stores' business information first; this adds the employees number.
  local: { demo: 'functions/employees/demo.ts', demoAfter: ['service'], bench: 'functions/employees/bench.ts' },
  // Its records' part in the history search (searchEntries.ts).
  searchable: employeeSearch,
} as const satisfies BoardModule;
