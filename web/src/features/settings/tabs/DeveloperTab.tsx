/**
 * Developer (managers and admins): the DMS connection (dms_settings) and what the dealership's
 * integrator needs to post to the DMS feed (README "DMS feed"): the location id, the feed's
 * addresses and the key header, and the location's feed keys (DmsKeys.tsx).
 */
import { useTranslation } from 'react-i18next';
import { SettingsGroupForm } from '../../../components/settingsForm/SettingsGroupForm.js';
import { settingsGroup } from '../../../components/settingsForm/settingsSources.js';
import type { SettingsTabDeclaration } from '../../../components/settingsForm/settingsFields.js';
import { DmsKeys } from './DmsKeys.js';

const source = 'dms_settings';
const FEEDS = ['customers', 'repair_orders', 'appointments', 'calls'] as const;

export const developerTab: SettingsTabDeclaration = {
  namespace: 'settings',
  name: 'developer',
  title: 'settings.tab_developer',
  sources: [settingsGroup('dms_settings')],
  sections: [
    {
      legend: 'settings.developer_dms',
      fields: [
        { source, field: 'provider', kind: 'text', maxLength: 64, label: 'settings.developer_provider', hint: 'settings.developer_provider_hint' },
        { source, field: 'dms_id', kind: 'text', maxLength: 64, label: 'settings.developer_dms_id', hint: 'settings.developer_dms_id_hint' },
        { source, field: 'opcode_text', kind: 'text', maxLength: 64, label: 'settings.service_opcode_text', hint: 'settings.service_opcode_text_hint' },
        { source, field: 'require_opcode_for_text', kind: 'checkbox', label: 'settings.service_require_opcode' },
        { source, field: 'dms_opt_in_enabled', kind: 'checkbox', label: 'settings.developer_dms_opt_in', hint: 'settings.developer_dms_opt_in_hint' },
      ],
    },
  ],
};

export function DeveloperTab({ locationId }: { locationId: string }) {
  const { t } = useTranslation('settings');
  const base = `${window.location.origin}/dms/v1/locations/${encodeURIComponent(locationId)}`;
  return (
    <SettingsGroupForm tab={developerTab} locationId={locationId}>
      <section className="settings__card settings-developer" aria-labelledby="settings-developer-feed">
        <h3 id="settings-developer-feed" className="settings-developer__title">
          {t('settings.developer_feed')}
        </h3>
        <p className="settings__muted">{t('settings.developer_feed_hint')}</p>
        <dl className="settings-developer__facts">
          <div className="settings-developer__fact">
            <dt>{t('settings.developer_location_id')}</dt>
            <dd>
              <code data-testid="developer-location-id">{locationId}</code>
            </dd>
          </div>
          <div className="settings-developer__fact">
            <dt>{t('settings.developer_key_header')}</dt>
            <dd>
              <code>x-api-key</code>
            </dd>
          </div>
          {FEEDS.map((feed) => (
            <div key={feed} className="settings-developer__fact">
              <dt>{t(`settings.developer_feed_${feed}`)}</dt>
              <dd>
                <code className="settings-developer__address">POST {`${base}/${feed}`}</code>
              </dd>
            </div>
          ))}
        </dl>
        <p className="settings__muted">{t('settings.developer_body_hint')}</p>
      </section>
      <DmsKeys locationId={locationId} />
    </SettingsGroupForm>
  );
}
