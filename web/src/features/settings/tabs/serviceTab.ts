/**
 * Service (managers and admins): how the service board texts: mode, safe mode, double opt-in,
 * quiet hours, the vehicle-ready and work-declined texts, housekeeping, the status reply, the op
 * code a text needs (dms_settings) and service reminders (reminder_settings).
 */
import { DAYS_LATER, MONTHS, optionsWithin } from '../../../../../shared/settingsOptions.js';
import { settingsGroup } from '../../../components/settingsForm/settingsSources.js';
import type { SettingsTabDeclaration } from '../../../components/settingsForm/settingsFields.js';

const source = 'service_settings';
const MODES = ['manual', 'demo', 'assisted', 'automated', 'rapid_assisted', 'mini_invoice'] as const;

export const serviceTab: SettingsTabDeclaration = {
  namespace: 'settings',
  name: 'service',
  title: 'settings.tab_service',
  sources: [settingsGroup('service_settings'), settingsGroup('dms_settings'), settingsGroup('reminder_settings')],
  sections: [
    {
      legend: 'settings.service_texting',
      fields: [
        { source, field: 'mode', kind: 'select', options: MODES, optionLabels: 'settings.service_mode_', label: 'settings.service_mode' },
        { source, field: 'safe_mode', kind: 'checkbox', label: 'settings.service_safe_mode', hint: 'settings.service_safe_mode_hint' },
        { source, field: 'double_opt_in', kind: 'checkbox', label: 'settings.service_double_opt_in', hint: 'settings.service_double_opt_in_hint' },
        { source: 'dms_settings', field: 'require_opcode_for_text', kind: 'checkbox', label: 'settings.service_require_opcode' },
        { source: 'dms_settings', field: 'opcode_text', kind: 'text', maxLength: 64, label: 'settings.service_opcode_text', hint: 'settings.service_opcode_text_hint' },
      ],
    },
    {
      legend: 'settings.service_quiet_hours',
      hint: 'settings.service_quiet_hours_hint',
      fields: [
        { source, field: 'quiet_hours_start', kind: 'time', label: 'settings.service_quiet_start' },
        { source, field: 'quiet_hours_end', kind: 'time', label: 'settings.service_quiet_end' },
        { source, field: 'delay_randomiser_minutes', kind: 'select', options: [0, 1, 2, 3, 4, 5], unit: 'settings_form.minutes', label: 'settings.service_delay', hint: 'settings.service_delay_hint' },
      ],
    },
    {
      legend: 'settings.service_vehicle_ready',
      fields: [
        { source, field: 'vehicle_ready_automated', kind: 'checkbox', label: 'settings.service_vehicle_ready_automated' },
        { source, field: 'vehicle_ready_message', kind: 'textarea', maxLength: 1600, label: 'settings.service_vehicle_ready_message' },
      ],
    },
    {
      legend: 'settings.service_work_declined',
      fields: [
        { source, field: 'work_declined_opcodes', kind: 'tags', maxLength: 32, maxTags: 50, label: 'settings.service_work_declined_opcodes' },
        { source, field: 'work_declined_notification_after_days', kind: 'select', options: optionsWithin(DAYS_LATER, 1, 10), unit: 'settings_form.days', label: 'settings.service_work_declined_after' },
        { source, field: 'work_declined_notification_message', kind: 'textarea', maxLength: 1600, label: 'settings.service_work_declined_message' },
      ],
    },
    {
      legend: 'settings.service_housekeeping',
      fields: [
        { source, field: 'auto_close_days', kind: 'number', min: 1, max: 365, label: 'settings.service_auto_close_days' },
        { source, field: 'auto_archive_closed_days', kind: 'number', min: 1, max: 365, label: 'settings.service_auto_archive_closed_days' },
        { source, field: 'auto_archive_idle_days', kind: 'number', min: 1, max: 365, label: 'settings.service_auto_archive_idle_days' },
      ],
    },
    {
      legend: 'settings.service_status_reply',
      fields: [{ source, field: 'status_reply_message', kind: 'textarea', maxLength: 1600, label: 'settings.service_status_reply_message', hint: 'settings.service_status_reply_hint' }],
    },
    {
      legend: 'settings.service_reminders',
      fields: [
        { source: 'reminder_settings', field: 'enabled', kind: 'checkbox', label: 'settings.service_reminders_enabled' },
        { source: 'reminder_settings', field: 'remind_months_after', kind: 'select', options: MONTHS, unit: 'settings_form.months', label: 'settings.service_reminders_months' },
        { source: 'reminder_settings', field: 'reminder_template', kind: 'textarea', maxLength: 1600, label: 'settings.service_reminders_text' },
      ],
    },
  ],
};
