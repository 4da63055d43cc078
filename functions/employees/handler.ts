/**
 * The employees board (SPEC §2 /employees, §7): a location's employees, one employee, adding,
 * changing and removing one, and read marks. The conversation's routes are the conversation core's
 * (functions/messages/handler.ts), under the employee's path; mass texts are the core's too.
 */
import { EMPLOYEE_PAGE_SIZE } from '../../shared/employees/employees.js';
import { employeeBody } from '../../shared/employees/schemas.js';
import { notFound } from '../lib/errors.js';
import { agentRoute, areaHandler, noContent, ok, pagedBody, paging, parse, type AgentRequest, type Routes } from '../lib/http.js';
import { channels, publish } from '../lib/realtime.js';
import type { Auth } from '../lib/session.js';
import '../messages/boards.js';
import { writeReadMark } from '../messages/readMarks.js';
import { employeesLocation, visibleEmployee } from './access.js';
import { employeesPage, type EmployeeRecord } from './records.js';
import { addEmployee, changeEmployee, employeeViews, removeEmployee } from './roster.js';

async function viewOf(auth: Auth, record: EmployeeRecord) {
  const [view] = await employeeViews(auth.companyId, auth.actingAs.id, [record]);
  if (!view) throw notFound('Employee not found');
  return view;
}

/** The employee of the path, at the location of the path (another location's answers 404). */
async function employeeAt({ auth, params }: AgentRequest, consistent = false): Promise<EmployeeRecord> {
  const locationId = await employeesLocation(auth, params.id ?? '');
  const record = await visibleEmployee(auth, params.employee_id ?? '', consistent);
  if (record.location_id !== locationId) throw notFound('Employee not found');
  return record;
}

function readRoute(unread: boolean) {
  return agentRoute(async (req) => {
    const record = await employeeAt(req);
    await writeReadMark(req.auth.companyId, { kind: 'employee', id: record.id }, req.auth.actingAs.id, unread);
    // The agent's other tabs follow (their own channel).
    await publish(req.auth.companyId, channels.agent(req.auth.actingAs.id), { type: 'read.changed', data: { employee_id: record.id, is_unread: unread } });
    return ok({ employee: await viewOf(req.auth, record) });
  });
}

export const routes: Routes = {
  'GET /api/locations/{id}/employees': agentRoute(async ({ auth, params, query }) => {
    const locationId = await employeesLocation(auth, params.id ?? '');
    const { offset, limit } = paging(query, EMPLOYEE_PAGE_SIZE);
    const { records, total } = await employeesPage(auth.companyId, locationId, offset, limit);
    return ok(pagedBody('employees', await employeeViews(auth.companyId, auth.actingAs.id, records), total, offset, limit));
  }),

  'POST /api/locations/{id}/employees': agentRoute(async ({ auth, params, body }) => {
    const locationId = await employeesLocation(auth, params.id ?? '');
    const { employee: input } = parse(employeeBody, body);
    return ok({ employee: await viewOf(auth, await addEmployee(auth.companyId, locationId, input)) }, 201);
  }),

  'GET /api/locations/{id}/employees/{employee_id}': agentRoute(async (req) => ok({ employee: await viewOf(req.auth, await employeeAt(req)) })),

  'PUT /api/locations/{id}/employees/{employee_id}': agentRoute(async (req) => {
    const record = await employeeAt(req, true);
    const { employee: input } = parse(employeeBody, req.body);
    return ok({ employee: await viewOf(req.auth, await changeEmployee(record, input)) });
  }),

  /** For good: the console asks first, saying so (SPEC §5: a contact must be deselected before deletion). */
  'DELETE /api/locations/{id}/employees/{employee_id}': agentRoute(async (req) => {
    await removeEmployee(await employeeAt(req, true));
    return noContent();
  }),

  'PUT /api/locations/{id}/employees/{employee_id}/agents/null/read': readRoute(false),
  'PUT /api/locations/{id}/employees/{employee_id}/agents/null/unread': readRoute(true),
};

export const handler = areaHandler('employees', routes);
