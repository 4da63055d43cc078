/**
 * The appointments settings tab (SPEC §3 appointments_settings; managers and admins): whether
 * reminders go, how many days before the visit (SPEC §9 reminder days the schema allows), their
 * text, and whether the console offers confirmation.
 */
import { REMINDER_DAYS, optionsWithin } from '../../../../shared/settingsOptions.js';
import { SettingsGroupForm } from '../../components/settingsForm/SettingsGroupForm.js';
import { settingsGroup } from '../../components/settingsForm/settingsSources.js';
import type { SettingsTabDeclaration } from '../../components/settingsForm/settingsFields.js';

const source = 'appointments_settings';

const appointmentsSettingsTab: SettingsTabDeclaration = {
  namespace: 'appointments',
  name: 'appointments',
  title: 'appointments.settings_title',
  sources: [settingsGroup(source)],
  sections: [
    {
      legend: 'appointments.settings_reminders',
      fields: [
        { source, field: 'reminders_enabled', kind: 'checkbox', label: 'appointments.settings_reminders_enabled' },
        { source, field: 'remind_days_prior', kind: 'select', options: optionsWithin(REMINDER_DAYS, 1, 7), unit: 'settings_form.days', label: 'appointments.settings_remind_days_prior' },
        { source, field: 'reminder_template', kind: 'textarea', maxLength: 1600, label: 'appointments.settings_reminder_template', hint: 'appointments.settings_reminder_template_hint' },
      ],
    },
    {
      legend: 'appointments.settings_confirmation',
      fields: [{ source, field: 'confirmation_enabled', kind: 'checkbox', label: 'appointments.settings_confirmation_enabled' }],
    },
  ],
};

export function AppointmentsSettingsTab({ locationId }: { locationId: string }) {
  return <SettingsGroupForm tab={appointmentsSettingsTab} locationId={locationId} />;
}
