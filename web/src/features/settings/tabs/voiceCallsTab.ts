/**
 * Voice calls (managers and admins): per board (service, appointments, inventory) whether calls
 * ring through, to which numbers, the voicemail, and whether a call brings an archived
 * conversation back. Calls arrive in a later release; the settings save now.
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
    ],
  };
}

export const voiceCallsTab: SettingsTabDeclaration = {
  namespace: 'settings',
  name: 'voice_calls',
  title: 'settings.tab_voice_calls',
  sources: [settingsGroup('service_calls_settings'), settingsGroup('appointments_calls_settings'), settingsGroup('inventory_calls_settings')],
  hint: 'settings.calls_later',
  sections: BOARDS.map(board),
};
