/** The inventory settings tab (SPEC §3 inventory_settings; managers and admins): the inbox, and when orders close by themselves. */
import { SettingsGroupForm } from '../../components/settingsForm/SettingsGroupForm.js';
import { settingsGroup } from '../../components/settingsForm/settingsSources.js';
import type { SettingsTabDeclaration } from '../../components/settingsForm/settingsFields.js';

const source = 'inventory_settings';

const inventorySettingsTab: SettingsTabDeclaration = {
  namespace: 'inventory',
  name: 'inventory',
  title: 'inventory.settings_title',
  sources: [settingsGroup(source)],
  sections: [
    {
      legend: 'inventory.settings_orders',
      fields: [
        { source, field: 'inbox_enabled', kind: 'checkbox', label: 'inventory.settings_inbox_enabled', hint: 'inventory.settings_inbox_hint' },
        { source, field: 'close_after_days', kind: 'number', min: 1, max: 365, label: 'inventory.settings_close_after_days' },
      ],
    },
  ],
};

export function InventorySettingsTab({ locationId }: { locationId: string }) {
  return <SettingsGroupForm tab={inventorySettingsTab} locationId={locationId} />;
}
