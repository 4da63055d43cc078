import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Customer } from '../../../../shared/customers.js';
import type { Employee } from '../../../../shared/employees/employees.js';
import type { ConversationContext } from '../../components/conversation/conversationContext.js';
import { ConsentHistory } from '../../components/conversation/ConsentHistory.js';
import { CustomerActions } from '../../components/conversation/CustomerActions.js';
import { CustomerCard } from '../../components/conversation/CustomerCard.js';
import { DetailItem } from '../../components/conversation/DetailItem.js';
import { DetailSection } from '../../components/conversation/DetailSection.js';
import { fullName } from '../../lib/names.js';
import { employeeName } from './employeeList.js';
import { PresenceMark } from './PresenceMark.js';

/**
 * The open employee: what HR keeps of them (position, team, the console user they are and whether
 * that user is there), the way to change them, and their contact card: the number, its consent and
 * line type, opt-out (final, asked first) and block; managers also see the consent history.
 */
export function EmployeeDetail({
  id,
  employee,
  context,
  onEdit,
  onContact,
}: {
  id?: string;
  employee: Employee;
  context: ConversationContext;
  onEdit: () => void;
  onContact: (contact: Customer) => void;
}): ReactNode {
  const { t } = useTranslation('employees');
  const name = employeeName(employee);
  return (
    <aside id={id} className="board__details" aria-label={t('employees.detail_label')} data-testid="employee-detail">
      <DetailSection title={t('employees.detail_employee')}>
        <dl className="detail__list">
          <DetailItem label={t('employees.position')}>{employee.position || t('employees.not_given')}</DetailItem>
          <DetailItem label={t('employees.team')}>{employee.team || t('employees.not_given')}</DetailItem>
          <DetailItem label={t('employees.console_user')}>{employee.agent ? fullName(employee.agent) : t('employees.console_user_none')}</DetailItem>
          {employee.presence ? (
            <DetailItem label={t('employees.column_presence')}>
              <PresenceMark presence={employee.presence} />
            </DetailItem>
          ) : null}
        </dl>
        <div className="detail__actions">
          <button type="button" className="button button--small" data-testid="employee-detail-edit" onClick={onEdit}>
            {t('employees.edit_employee')}
          </button>
        </div>
      </DetailSection>
      <CustomerCard customer={employee.contact} name={name} title={t('employees.contact_title')} context={context} />
      <div className="detail__actions">
        <CustomerActions customer={employee.contact} name={name} contact="employee" disabled={false} onCustomer={onContact} />
      </div>
      {context.manager ? <ConsentHistory customerId={employee.contact.id} context={context} /> : null}
    </aside>
  );
}
