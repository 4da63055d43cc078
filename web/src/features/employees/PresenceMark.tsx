import { useTranslation } from 'react-i18next';
import type { EmployeePresence } from '../../../../shared/employees/employees.js';

/**
 * Whether the console user an employee is is there: a mark and its word (never colour alone). An
 * absence they chose (away, with auto-reply, routing or both) is what colleagues need to know,
 * whatever their activity; otherwise their activity says online, away or offline.
 */
export function PresenceMark({ presence }: { presence: EmployeePresence }) {
  const { t } = useTranslation('employees');
  const shown = presence.mode === 'online' ? presence.status : presence.mode;
  const look = presence.mode === 'online' ? presence.status : 'away';
  return (
    <span className={`presence presence--${look}`} data-testid="employee-presence" data-presence={shown}>
      <span className="presence__mark" aria-hidden="true" />
      {t(`employees.presence_${shown}`)}
    </span>
  );
}
