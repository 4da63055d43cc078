/**
 * The employees board's rules without a browser: the list's order (the agent's unread ones first,
 * then conversations newest first, then the rest by name) and its changes between fetches, the
 * form's texts (SPEC §5, and the server's refusals at their fields), the mass text's body, and
 * words that must never read alike in any language (deleting for good is not closing or signing out).
 */
import { describe, expect, it } from 'vitest';
import type { Employee } from '../../../../../shared/employees/employees.js';
import { massMessageBody } from '../../../../../shared/schemas/massTexts.js';
import { FILE_LOCALES, localeText } from '../../../../../test/support/localeFiles.js';
import { NOTHING_SELECTED, toggle } from '../../../components/massText/selection.js';
import { BLANK_DRAFT, checkDraft, draftOf, errorsAt } from '../employeeForm.js';
import { employeeRows, listedBefore, reduceEmployees, unreadCount, type EmployeePage } from '../employeeList.js';
import { employeeSelection } from '../selection.js';

let serial = 0;
function employee(overrides: Partial<Employee> & { bumped?: string | null } = {}): Employee {
  serial += 1;
  const { bumped = null, ...rest } = overrides;
  const id = rest.id ?? `emp_${String(serial).padStart(3, '0')}`;
  return {
    id,
    location_id: 'loc_1',
    first_name: 'Erin',
    last_name: `Staff${serial}`,
    position: 'Technician',
    team: 'Main shop',
    contact: {
      id: `cus_${id}`,
      location_id: 'loc_1',
      dms_customer_id: null,
      first_name: 'Erin',
      middle_name: '',
      last_name: `Staff${serial}`,
      opt_in: 'unknown',
      opt_metadata: null,
      blocked_at: null,
      carrier: { type: 'mobile' },
      phones: { cell: `+1617555${String(3000 + serial)}`, work: null, alternate: null },
      email: null,
      address: null,
      alternate_contacts: [],
      default_contact: 'cell',
      language: null,
    },
    opt_in: 'unknown',
    agent: null,
    presence: null,
    is_unread: false,
    message_thread: { id: `thr_${id}`, bumped_at: bumped },
    message_thread_id: `thr_${id}`,
    created_at: '2026-01-01T00:00:00.000Z',
    metadata: { message_count: bumped ? 1 : 0 },
    ...rest,
  };
}

const page = (...employees: Employee[]): EmployeePage => ({ employees, meta: { paging: { total: employees.length, current_offset: 0, per_page: 50 } } });
const ids = (pages: EmployeePage[]) => employeeRows(pages).map((e) => e.id);

describe('the order of the list', () => {
  it('puts conversations first, newest message first, then the rest by last and first name, accents aside', () => {
    const older = employee({ bumped: '2026-03-01T10:00:00.000Z' });
    const newer = employee({ bumped: '2026-03-02T10:00:00.000Z' });
    const alvarez = employee({ first_name: 'Zoe', last_name: 'Álvarez' });
    const brown = employee({ first_name: 'Amy', last_name: 'Brown' });

    const sorted = [brown, older, alvarez, newer].sort((a, b) => (listedBefore(a, b) ? -1 : listedBefore(b, a) ? 1 : 0));

    expect(sorted.map((e) => e.id)).toEqual([newer.id, older.id, alvarez.id, brown.id]);
  });

  it("shows the agent's unread ones first, each part in the server's order", () => {
    const a = employee({ bumped: '2026-03-03T00:00:00.000Z' });
    const b = employee({ bumped: '2026-03-02T00:00:00.000Z', is_unread: true });
    const c = employee();
    const d = employee({ is_unread: true });

    expect(ids([page(a, b), page(c, d)])).toEqual([b.id, d.id, a.id, c.id]);
    expect(unreadCount(employeeRows([page(a, b), page(c, d)]))).toBe(2);
  });
});

describe('changes between fetches', () => {
  it('adds a new employee in their place by name, and leaves one already listed alone', () => {
    const talked = employee({ bumped: '2026-03-03T00:00:00.000Z' });
    const adams = employee({ last_name: 'Adams' });
    const young = employee({ last_name: 'Young' });
    const miller = employee({ last_name: 'Miller' });

    const pages = reduceEmployees([page(talked, adams, young)], { type: 'add', employee: miller });
    const again = reduceEmployees(pages, { type: 'add', employee: { ...miller, first_name: 'Changed' } });

    expect(ids(pages)).toEqual([talked.id, adams.id, miller.id, young.id]);
    expect(employeeRows(again).find((e) => e.id === miller.id)?.first_name).toBe('Erin');
  });

  it("moves an employee to the top on a message; an employee's reply turns them unread unless this agent is reading it", () => {
    const top = employee({ bumped: '2026-03-03T00:00:00.000Z' });
    const quiet = employee({ last_name: 'Quiet' });

    const replied = reduceEmployees([page(top, quiet)], { type: 'bump', id: quiet.id, at: '2026-03-04T00:00:00.000Z', inbound: true, reading: false });
    const read = reduceEmployees([page(top, quiet)], { type: 'bump', id: quiet.id, at: '2026-03-04T00:00:00.000Z', inbound: true, reading: true });
    const own = reduceEmployees([page(top, quiet)], { type: 'bump', id: quiet.id, at: '2026-03-04T00:00:00.000Z', inbound: false, reading: false });

    expect(replied[0]!.employees.map((e) => e.id)).toEqual([quiet.id, top.id]);
    expect(replied[0]!.employees[0]).toMatchObject({ is_unread: true, message_thread: { bumped_at: '2026-03-04T00:00:00.000Z' }, metadata: { message_count: 1 } });
    expect(read[0]!.employees[0]!.is_unread).toBe(false);
    expect(own[0]!.employees[0]!.is_unread).toBe(false);
  });

  it('replaces a changed employee in their new place, removes a deleted one, and follows their read mark and consent', () => {
    const a = employee({ last_name: 'Adams' });
    const b = employee({ last_name: 'Baker' });
    const pages = [page(a, b)];

    const renamed = reduceEmployees(pages, { type: 'replace', employee: { ...a, last_name: 'Zeller' } });
    const removed = reduceEmployees(pages, { type: 'remove', id: a.id });
    const unread = reduceEmployees(pages, { type: 'read', id: b.id, unread: true });
    const optedOut = reduceEmployees(pages, { type: 'contact', contact: { ...b.contact, opt_in: 'out' } });

    expect(ids(renamed)).toEqual([b.id, a.id]);
    expect(ids(removed)).toEqual([b.id]);
    expect(employeeRows(unread)[0]).toMatchObject({ id: b.id, is_unread: true });
    expect(employeeRows(optedOut).find((e) => e.id === b.id)).toMatchObject({ opt_in: 'out', contact: { opt_in: 'out' } });
    expect(employeeRows(optedOut).find((e) => e.id === a.id)?.opt_in).toBe('unknown');
  });
});

describe('the employee form', () => {
  it("says SPEC §5's texts (as locale keys) at each required field and sends nothing", () => {
    const { body, errors } = checkDraft({ ...BLANK_DRAFT, first_name: '  ' });

    expect(body).toBeNull();
    expect(errors).toEqual({ first_name: 'employees.error_first_name', last_name: 'employees.error_last_name', phone: 'employees.error_phone_missing' });
  });

  it('sends every field trimmed, and no agent as null', () => {
    const { body, errors } = checkDraft({ first_name: ' Nora ', last_name: 'Newhire', phone: '617 555 0199', position: ' Porter ', team: '', agent_id: '' });

    expect(errors).toEqual({});
    expect(body).toEqual({ employee: { first_name: 'Nora', last_name: 'Newhire', phone: '617 555 0199', position: 'Porter', team: '', agent_id: null } });
  });

  it("puts the server's refusals at their fields in the agent's words, and an unknown one as written", () => {
    expect(
      errorsAt([
        { message: 'Phone number is too short', path: 'employee.phone' },
        { message: 'Choose an agent of this store', path: 'employee.agent_id' },
        { message: 'Something else', path: '' },
      ]),
    ).toEqual({ phone: 'employees.error_phone_too_short', agent_id: 'employees.error_agent', form: 'Something else' });
    expect(errorsAt([{ message: 'Another employee of this store has this phone number', path: 'employee.phone' }])).toEqual({ phone: 'employees.error_phone_taken' });
  });

  it('edits an employee as they are', () => {
    const one = employee({ agent: { id: 'agt_1', first_name: 'A', last_name: 'B' } });
    expect(draftOf({ ...one, contact: { ...one.contact, phones: { cell: '+16175553001', work: null, alternate: null } } })).toEqual({
      first_name: 'Erin',
      last_name: one.last_name,
      phone: '(617) 555-3001',
      position: 'Technician',
      team: 'Main shop',
      agent_id: 'agt_1',
    });
  });
});

describe('a mass text to employees', () => {
  it("names the employees board and the picked employees, in the server's schema", () => {
    const one = employee();
    const body = employeeSelection.massMessageRequest(toggle(NOTHING_SELECTED, one.id, [one]), 'Payroll is early', true);

    expect(massMessageBody.parse(body)).toEqual({ mass_message: { board: 'employees', text: 'Payroll is early', ids: [one.id], skip_opted_out: true } });
    expect(employeeSelection.optedOut({ ...one, opt_in: 'out' })).toBe(true);
  });
});

describe("the board's words", () => {
  it.each(FILE_LOCALES)('%s: deleting for good never reads like closing, keeping, signing out or opting out', (locale) => {
    const group = ['employees:employees.delete_confirm', 'employees:employees.delete_keep', 'employees:employees.close_conversation', 'common.close', 'common.cancel', 'shell.sign_out', 'actions.opt_out'];
    const texts = group.map((key) => localeText(locale, key).toLocaleLowerCase().trim());
    expect(new Set(texts).size).toBe(group.length);
    // The danger button names the employee's deletion; the confirmation names it for good.
    expect(localeText(locale, 'employees:employees.delete')).not.toBe(localeText(locale, 'employees:employees.edit'));
  });
});
