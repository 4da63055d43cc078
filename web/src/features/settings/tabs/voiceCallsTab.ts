/**
 * Voice calls (managers and admins): per board (service, appointments, inventory) whether calls
 * ring through, to which numbers, the voicemail, whether a call brings an archived conversation
 * back, and the text a caller nobody answered gets from the number they called (issue 25).
 */
import { settingsGroup } from '../../../components/settingsForm/settingsSources.js';
import type { SettingsSection, SettingsTabDeclaration } from '../../../components/settingsForm/settingsFields.js';

const BOARDS = ['service', 'appointments', 'inventory'] as const;

function board(name: (typeof BOARDS)[number]): SettingsSection {
  const source = `${name}_calls_settings`;
  return {
    legend: `settings.calls_${name}`,
    fields: [
      { source, field: 'enabled', kind: 'checkbox', label: 'settings.calls_enabled' },
      { source, field: 'ring_to_numbers', kind: 'tags', phone: true, maxLength: 32, maxTags: 10, label: 'settings.calls_ring_to' },
      { source, field: 'voicemail_enabled', kind: 'checkbox', label: 'settings.calls_voicemail_enabled' },
      { source, field: 'voicemail_greeting', kind: 'textarea', maxLength: 1600, label: 'settings.calls_voicemail_greeting' },
      { source, field: 'unarchive_on_incoming_call', kind: 'checkbox', label: 'settings.calls_unarchive' },
      { source, field: 'unarchive_on_incoming_call_days', kind: 'number', min: 1, max: 90, label: 'settings.calls_unarchive_days', hint: 'settings.calls_unarchive_days_hint' },
      { source, field: 'text_back_enabled', kind: 'checkbox', label: 'settings.calls_text_back_enabled' },
      { source, field: 'text_back_text', kind: 'textarea', maxLength: 1600, label: 'settings.calls_text_back_text', hint: 'settings.calls_text_back_text_hint' },
      { source, field: 'text_back_in_quiet_hours', kind: 'checkbox', label: 'settings.calls_text_back_in_quiet_hours', hint: 'settings.calls_text_back_in_quiet_hours_hint' },
    ],
  };
}

export const voiceCallsTab: SettingsTabDeclaration = {
  namespace: 'settings',
  name: 'voice_calls',
  title: 'settings.tab_voice_calls',
  sources: [settingsGroup('service_calls_settings'), settingsGroup('appointments_calls_settings'), settingsGroup('inventory_calls_settings')],
  sections: BOARDS.map(board),
};
