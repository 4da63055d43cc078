import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import type { Colleague } from '../../../../shared/api.js';
import type { Employee } from '../../../../shared/employees/employees.js';
import { Dialog } from '../../components/Dialog.js';
import { reportFailure } from '../../lib/failures.js';
import { fullName } from '../../lib/names.js';
import { ApiError } from '../../lib/request.js';
import { locationPath } from '../../../../shared/routes.js';
import { employeeName } from './employeeList.js';
import { BLANK_DRAFT, checkDraft, draftOf, errorsAt, type EmployeeDraft, type EmployeeField, type FormErrors } from './employeeForm.js';
import { addEmployee, changeEmployee, deleteEmployee } from './requests.js';

/** What the dialog works on: a new employee, or one of the list. */
export type EmployeeEditing = { kind: 'add' } | { kind: 'edit'; employee: Employee };

/**
 * Adding an employee, or changing one (SPEC §5's name and phone texts at the fields), and deleting
 * one for good. An employee whose conversation is open cannot be deleted (SPEC §5: a contact must be
 * deselected before deletion): the dialog says so and offers to close the conversation first.
 */
export function EmployeeDialog({
  editing,
  locationId,
  openId,
  onCloseConversation,
  onSaved,
  onDeleted,
  onClose,
}: {
  editing: EmployeeEditing | null;
  locationId: string;
  /** The employee whose conversation is open on the board, if any. */
  openId: string | null;
  onCloseConversation: () => void;
  onSaved: (employee: Employee, added: boolean) => void;
  onDeleted: (id: string) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  return (
    <Dialog open={editing !== null} onClose={onClose} labelledBy={titleId}>
      {editing ? (
        <EmployeeForm
          key={editing.kind === 'edit' ? editing.employee.id : 'new'}
          titleId={titleId}
          editing={editing}
          locationId={locationId}
          conversationOpen={editing.kind === 'edit' && editing.employee.id === openId}
          onCloseConversation={onCloseConversation}
          onSaved={onSaved}
          onDeleted={onDeleted}
          onClose={onClose}
        />
      ) : null}
    </Dialog>
  );
}

function EmployeeForm({
  titleId,
  editing,
  locationId,
  conversationOpen,
  onCloseConversation,
  onSaved,
  onDeleted,
  onClose,
}: {
  titleId: string;
  editing: EmployeeEditing;
  locationId: string;
  conversationOpen: boolean;
  onCloseConversation: () => void;
  onSaved: (employee: Employee, added: boolean) => void;
  onDeleted: (id: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('employees');
  const current = editing.kind === 'edit' ? editing.employee : null;
  const [draft, setDraft] = useState<EmployeeDraft>(() => (current ? draftOf(current) : BLANK_DRAFT));
  const [errors, setErrors] = useState<FormErrors>({});
  const [saving, setSaving] = useState(false);
  // One key per attempt to add: a lost answer asked again adds one employee, not two.
  const attempt = useRef(crypto.randomUUID());
  const form = useRef<HTMLFormElement>(null);
  const agents = useSWR<{ agents: Colleague[] }>(`${locationPath(locationId)}/agents`, { revalidateOnFocus: false });
  const users = (agents.data?.agents ?? []).filter((a) => a.active || a.id === draft.agent_id);
  const ids = { first_name: useId(), last_name: useId(), phone: useId(), position: useId(), team: useId(), agent_id: useId() };

  const change = (field: EmployeeField, value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    attempt.current = crypto.randomUUID();
  };

  function show(found: FormErrors) {
    setErrors(found);
    // The keyboard goes to the first field that needs the agent.
    requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const { body, errors: found } = checkDraft(draft);
    if (!body) return show(found);
    setErrors({});
    setSaving(true);
    const request = current ? changeEmployee(locationId, current.id, body) : addEmployee(locationId, body, attempt.current);
    request
      .then((employee) => onSaved(employee, current === null))
      .catch((error: unknown) => {
        if (!(error instanceof ApiError && error.status === 422)) return reportFailure(error);
        const listed = (error.body as { errors?: { message?: string; path?: string }[] } | null)?.errors ?? [];
        show(listed.length ? errorsAt(listed) : { form: error.message });
      })
      .finally(() => setSaving(false));
  }

  const described = (field: EmployeeField) =>
    errors[field] ? { 'aria-invalid': true as const, 'aria-describedby': `${ids[field]}-error` } : {};
  const errorOf = (field: EmployeeField | 'form'): ReactNode => {
    const text = errors[field];
    if (!text) return null;
    return (
      <p className="employee-form__error" id={field === 'form' ? undefined : `${ids[field]}-error`} data-testid={`employee-${field.replace('_', '-')}-error`} role={field === 'form' ? 'alert' : undefined}>
        {t(text, { defaultValue: text })}
      </p>
    );
  };
  const input = (field: Exclude<EmployeeField, 'agent_id'>, label: string, inputMode?: 'tel') => (
    <div className="field">
      <label htmlFor={ids[field]}>{label}</label>
      <input
        id={ids[field]}
        type="text"
        inputMode={inputMode}
        value={draft[field]}
        autoComplete="off"
        maxLength={field === 'phone' ? 32 : 80}
        data-testid={`employee-${field.replace('_', '-')}`}
        onChange={(event) => change(field, event.target.value)}
        {...described(field)}
      />
      {errorOf(field)}
    </div>
  );

  return (
    <div className="employee-form">
      <form ref={form} className="form" noValidate onSubmit={submit} data-testid="employee-form">
        <h2 className="dialog__title" id={titleId}>
          {current ? t('employees.edit_title', { name: employeeName(current) }) : t('employees.add_title')}
        </h2>
        <div className="employee-form__grid">
          {input('first_name', t('employees.first_name'))}
          {input('last_name', t('employees.last_name'))}
          {input('phone', t('employees.phone'), 'tel')}
          {input('position', t('employees.position'))}
          {input('team', t('employees.team'))}
          <div className="field">
            <label htmlFor={ids.agent_id}>{t('employees.console_user')}</label>
            <select id={ids.agent_id} value={draft.agent_id} data-testid="employee-agent" onChange={(event) => change('agent_id', event.target.value)} {...described('agent_id')}>
              <option value="">{t('employees.console_user_none')}</option>
              {users.map((agent) => (
                <option key={agent.id} value={agent.id}>
                  {fullName(agent)} ({agent.email})
                </option>
              ))}
            </select>
            {errorOf('agent_id')}
          </div>
        </div>
        {errorOf('form')}
        <div className="dialog__actions">
          <button type="button" className="button" onClick={onClose}>
            {t('common.close')}
          </button>
          <button type="submit" className="button button--primary" disabled={saving} data-testid="employee-save">
            {saving ? t('employees.saving') : current ? t('employees.save') : t('employees.add')}
          </button>
        </div>
      </form>
      {current ? <DeleteEmployee employee={current} locationId={locationId} conversationOpen={conversationOpen} onCloseConversation={onCloseConversation} onDeleted={onDeleted} /> : null}
    </div>
  );
}

/**
 * Deleting cannot be undone and reads so: its own section, a danger button, and a second step that
 * names the employee and says what goes. Refused while their conversation is open.
 */
function DeleteEmployee({
  employee,
  locationId,
  conversationOpen,
  onCloseConversation,
  onDeleted,
}: {
  employee: Employee;
  locationId: string;
  conversationOpen: boolean;
  onCloseConversation: () => void;
  onDeleted: (id: string) => void;
}) {
  const { t } = useTranslation('employees');
  const [asking, setAsking] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const headingId = useId();
  const name = employeeName(employee);

  function remove() {
    setDeleting(true);
    deleteEmployee(locationId, employee.id)
      .then(() => onDeleted(employee.id))
      // send() has shown the server's reason; the dialog stays.
      .catch(() => setDeleting(false));
  }

  return (
    <section className="employee-form__delete" aria-labelledby={headingId} data-testid="employee-delete-section">
      <h3 id={headingId}>{t('employees.delete_section')}</h3>
      {conversationOpen ? (
        <>
          <p className="notice notice--info" data-testid="employee-delete-refused">
            {t('employees.delete_deselect_first', { name })}
          </p>
          <button type="button" className="button button--small" data-testid="employee-close-conversation" onClick={onCloseConversation}>
            {t('employees.close_conversation')}
          </button>
        </>
      ) : asking ? (
        <div role="group" aria-labelledby={`${headingId}-ask`} aria-describedby={`${headingId}-what`} className="employee-form__ask">
          <p id={`${headingId}-ask`} className="employee-form__ask-title">
            {t('employees.delete_title', { name })}
          </p>
          <p id={`${headingId}-what`}>{t('employees.delete_text', { name })}</p>
          <div className="dialog__actions">
            {/* The safe answer takes the keyboard: the question replaced the button that had it. */}
            <button type="button" className="button" autoFocus data-testid="employee-delete-keep" onClick={() => setAsking(false)}>
              {t('employees.delete_keep')}
            </button>
            <button type="button" className="button button--danger-solid" disabled={deleting} data-testid="employee-delete-confirm" onClick={remove}>
              {t('employees.delete_confirm')}
            </button>
          </div>
        </div>
      ) : (
        <button type="button" className="button button--small button--danger" data-testid="employee-delete" onClick={() => setAsking(true)}>
          {t('employees.delete')}
        </button>
      )}
    </section>
  );
}
