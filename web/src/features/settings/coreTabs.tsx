/**
 * The settings tabs of the core's own groups (a board's group's tab lives in its feature and is
 * declared with featureParts `settingsTabs`). Each is a declaration for the one settings form.
 */
import type { ComponentType } from 'react';
import { SettingsGroupForm } from '../../components/settingsForm/SettingsGroupForm.js';
import type { SettingsTabDeclaration } from '../../components/settingsForm/settingsFields.js';
import type { SettingsTab } from './settingsTabs.js';
import { accountTab } from './tabs/accountTab.js';
import { businessTab } from './tabs/businessTab.js';
import { DeveloperTab } from './tabs/DeveloperTab.js';
import { GatekeeperTab } from './GatekeeperTab.js';
import { serviceTab } from './tabs/serviceTab.js';
import { voiceCallsTab } from './tabs/voiceCallsTab.js';

type TabPanel = ComponentType<{ locationId: string }>;

function formTab(tab: SettingsTabDeclaration): TabPanel {
  return function FormTab({ locationId }) {
    return <SettingsGroupForm tab={tab} locationId={locationId} />;
  };
}

export const CORE_TABS: Partial<Record<SettingsTab, TabPanel>> = {
  account: formTab(accountTab),
  business_information: formTab(businessTab),
  service: formTab(serviceTab),
  developer: DeveloperTab,
  voice_calls: formTab(voiceCallsTab),
  gatekeeper_settings: GatekeeperTab,
};
