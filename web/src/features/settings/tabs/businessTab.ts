/**
 * Business information (managers and admins): who the dealership is, its registration, and the
 * texting number of each module. A number another location uses is refused on save (the server
 * claims numbers: functions/lib/textingNumbers.ts).
 */
import { settingsGroup } from '../../../components/settingsForm/settingsSources.js';
import type { SettingsField, SettingsTabDeclaration } from '../../../components/settingsForm/settingsFields.js';

const source = 'business_information';
const text = (field: string, maxLength: number, inputMode?: 'url' | 'email'): SettingsField => ({ source, field, kind: 'text', maxLength, inputMode, label: `settings.business_${field}` });
const MODULES = ['service', 'appointment', 'employees', 'hotel', 'internet_sales', 'showroom_sales', 'inventory'] as const;

export const businessTab: SettingsTabDeclaration = {
  namespace: 'settings',
  name: 'business_information',
  title: 'settings.tab_business_information',
  sources: [settingsGroup('business_information')],
  sections: [
    {
      legend: 'settings.business_dealership',
      fields: [
        text('dealership_name', 120),
        text('group_name', 120),
        text('brand', 60),
        text('url', 300, 'url'),
        text('contact_name', 120),
        text('email', 200, 'email'),
        { source, field: 'phone', kind: 'phone', label: 'settings.business_phone' },
        text('address', 200),
        text('city', 120),
        text('state', 60),
        text('zipcode', 20),
      ],
    },
    { legend: 'settings.business_registration', fields: [text('dms_id', 64), text('registration_type', 60), text('registration_number', 60)] },
    {
      legend: 'settings.business_texting_numbers',
      hint: 'settings.business_texting_numbers_hint',
      fields: MODULES.map((module) => ({ source, field: 'texting_numbers', sub: module, kind: 'phone', label: `settings.business_number_${module}` })),
    },
  ],
};
