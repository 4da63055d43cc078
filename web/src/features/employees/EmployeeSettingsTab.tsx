/**
 * The employee settings tab (SPEC §3 employee_settings and chatrooms_settings; managers and
 * admins): the auto-reply employees get, routing, and what the internal chat offers.
 */
import { SettingsGroupForm } from '../../components/settingsForm/SettingsGroupForm.js';
import { settingsGroup } from '../../components/settingsForm/settingsSources.js';
import type { SettingsTabDeclaration } from '../../components/settingsForm/settingsFields.js';

const employeeSettingsTab: SettingsTabDeclaration = {
  namespace: 'employees',
  name: 'employee',
  title: 'employees.settings_title',
  sources: [settingsGroup('employee_settings'), settingsGroup('chatrooms_settings')],
  sections: [
    {
      legend: 'employees.settings_texting',
      fields: [
        { source: 'employee_settings', field: 'routing_enabled', kind: 'checkbox', label: 'employees.settings_routing_enabled' },
        { source: 'employee_settings', field: 'autoresponder_text', kind: 'textarea', maxLength: 1600, label: 'employees.settings_autoresponder', hint: 'employees.settings_autoresponder_hint' },
      ],
    },
    {
      legend: 'employees.settings_chat',
      fields: [
        { source: 'chatrooms_settings', field: 'reactions_enabled', kind: 'checkbox', label: 'employees.settings_reactions_enabled' },
        { source: 'chatrooms_settings', field: 'groups_enabled', kind: 'checkbox', label: 'employees.settings_groups_enabled' },
      ],
    },
  ],
};

export function EmployeeSettingsTab({ locationId }: { locationId: string }) {
  return <SettingsGroupForm tab={employeeSettingsTab} locationId={locationId} />;
}
