import { useTranslation } from 'react-i18next';
import type { PresenceStatus } from '../../../../shared/employees/employees.js';

/** Whether the console user an employee is is there: a mark and its word (never colour alone). */
export function PresenceMark({ status }: { status: PresenceStatus }) {
  const { t } = useTranslation('employees');
  return (
    <span className={`presence presence--${status}`} data-testid="employee-presence" data-presence={status}>
      <span className="presence__mark" aria-hidden="true" />
      {t(`employees.presence_${status}`)}
    </span>
  );
}
