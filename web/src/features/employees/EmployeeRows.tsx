import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Employee } from '../../../../shared/employees/employees.js';
import { ListNotices } from '../../components/board/BoardParts.js';
import { formatPhone } from '../../lib/phone.js';
import { employeeName } from './employeeList.js';
import { PresenceMark } from './PresenceMark.js';
import type { EmployeeListState } from './useEmployeeList.js';

/**
 * The store's employees, the agent's unread ones first. Each row is a box to pick the employee for
 * a text, a button that opens their conversation and one that edits them, so the keyboard reaches
 * each with Tab. Unread ones are bold with a dot and say so to a screen reader; opt status and
 * presence are words beside their marks, never colour alone.
 */
export function EmployeeRows({
  list,
  openId,
  picked,
  onOpen,
  onPick,
  onEdit,
  focusId,
  onFocused,
}: {
  /** The board's list: its rows and how far it has loaded. */
  list: Pick<EmployeeListState, 'rows' | 'loading' | 'loadingRest' | 'failed'>;
  openId: string | null;
  picked: (id: string) => boolean;
  onOpen: (id: string) => void;
  onPick: (id: string) => void;
  onEdit: (employee: Employee) => void;
  /** The row the keyboard goes back to (the one just left on a phone); `onFocused` once it has it. */
  focusId: string | null;
  onFocused: () => void;
}) {
  const { t } = useTranslation('employees');
  const { rows, loadingRest } = list;
  return (
    <div className="board__list staff-list" aria-busy={list.loading || loadingRest}>
      <div className="staff-list__columns" aria-hidden="true">
        <span>{t('employees.column_name')}</span>
        <span>{t('employees.column_position')}</span>
        <span>{t('employees.column_team')}</span>
        <span>{t('employees.column_phone')}</span>
        <span>{t('employees.column_opt')}</span>
        <span>{t('employees.column_presence')}</span>
      </div>
      <ul className="staff-list__rows" aria-label={t('employees.list_label')}>
        {rows.map((employee) => {
          const here = { open: employee.id === openId, picked: picked(employee.id), focus: employee.id === focusId };
          return <StaffRow key={employee.id} employee={employee} {...here} onOpen={onOpen} onPick={onPick} onEdit={onEdit} onFocused={onFocused} />;
        })}
      </ul>
      <ListNotices
        {...list}
        rowCount={rows.length}
        testId="employees-notice"
        failedText={t('employees.fetch_failed')}
        emptyText={t('employees.empty')}
        moreText={t('employees.loading_more')}
      />
    </div>
  );
}

function StaffRow({
  employee,
  open,
  picked,
  onOpen,
  onPick,
  onEdit,
  focus,
  onFocused,
}: {
  employee: Employee;
  open: boolean;
  picked: boolean;
  onOpen: (id: string) => void;
  onPick: (id: string) => void;
  onEdit: (employee: Employee) => void;
  focus: boolean;
  onFocused: () => void;
}) {
  const { t } = useTranslation('employees');
  const opener = useRef<HTMLButtonElement>(null);
  // The row the agent came back from takes the keyboard, once.
  useEffect(() => {
    if (focus && opener.current) {
      opener.current.focus();
      onFocused();
    }
  }, [focus, onFocused]);
  const name = employeeName(employee) || t('employees.no_name');
  const state = [open ? 'staff-row--open' : '', employee.is_unread ? 'staff-row--unread' : ''].filter(Boolean).join(' ');
  return (
    <li className={`staff-row ${state}`} data-testid="employee-row" data-employee-id={employee.id} data-unread={employee.is_unread}>
      <input type="checkbox" className="staff-row__pick" checked={picked} aria-label={t('mass_text.pick_row', { name })} data-testid="employee-pick" onChange={() => onPick(employee.id)} />
      <button ref={opener} type="button" className="staff-row__open" aria-current={open ? 'true' : undefined} data-testid="employee-open" onClick={() => onOpen(employee.id)}>
        <span className="staff-row__name" title={name}>
          {employee.is_unread ? <span className="staff-row__dot" aria-hidden="true" /> : null}
          {employee.is_unread ? <span className="visually-hidden">{t('employees.row_unread')} </span> : null}
          <span className="staff-row__name-text">{name}</span>
          {employee.contact.blocked_at ? <span className="staff-tag">{t('markers.blocked')}</span> : null}
        </span>
        <span className="staff-row__position" title={employee.position}>
          {employee.position}
        </span>
        <span className="staff-row__team" title={employee.team}>
          {employee.team}
        </span>
        <span className="staff-row__phone">{formatPhone(employee.contact.phones.cell)}</span>
        <span className={`staff-row__opt opt--${employee.opt_in}`} data-testid="employee-opt" data-opt={employee.opt_in}>
          {t(`opt.${employee.opt_in}`)}
        </span>
        <span className="staff-row__presence">{employee.presence ? <PresenceMark presence={employee.presence} /> : null}</span>
      </button>
      <button type="button" className="button button--small button--quiet staff-row__edit" aria-label={t('employees.edit_row', { name })} data-testid="employee-edit" onClick={() => onEdit(employee)}>
        {t('employees.edit')}
      </button>
    </li>
  );
}
