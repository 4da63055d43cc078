/** Account (admins and managers): the location record itself: its name, time zone, language, contact and IP allow-list. */
import { LANGUAGE_NAMES, LOCALES } from '../../../../../shared/locales.js';
import { locationRecord } from '../../../components/settingsForm/settingsSources.js';
import type { SettingsTabDeclaration } from '../../../components/settingsForm/settingsFields.js';

// The browser's own list; a zone it does not know is still shown when the location has it.
const TIME_ZONES: readonly string[] = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
const LANGUAGES = LOCALES.filter((locale) => locale !== 'debug');

export const accountTab: SettingsTabDeclaration = {
  namespace: 'settings',
  name: 'account',
  title: 'settings.tab_account',
  sources: [locationRecord],
  sections: [
    {
      legend: 'settings.account_location',
      fields: [
        { source: 'location', field: 'name', kind: 'text', maxLength: 120, required: true, label: 'settings.account_name' },
        { source: 'location', field: 'timezone', kind: 'select', options: TIME_ZONES, label: 'settings.account_timezone', hint: 'settings.account_timezone_hint' },
        { source: 'location', field: 'locale', kind: 'select', options: LANGUAGES, names: LANGUAGE_NAMES, label: 'settings.account_language', hint: 'settings.account_language_hint' },
        { source: 'location', field: 'address', kind: 'text', maxLength: 200, label: 'settings.account_address' },
        { source: 'location', field: 'phone', kind: 'phone', label: 'settings.account_phone' },
      ],
    },
    {
      legend: 'settings.account_security',
      hint: 'settings.account_allowlist_hint',
      fields: [{ source: 'location', field: 'ip_allowlist', kind: 'tags', maxLength: 64, maxTags: 50, label: 'settings.account_allowlist' }],
    },
  ],
};
