/**
 * The templates settings tab (SPEC §2 "templates"): the company's, this location's and the agent's
 * own templates, one list at a time (TemplateList.tsx).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TEMPLATE_LEVELS, type TemplateLevel } from '../../../../shared/templates/templates.js';
import { TemplateList } from './TemplateList.js';

export function TemplatesSettingsTab({ locationId }: { locationId: string }) {
  const { t } = useTranslation('templates');
  const [level, setLevel] = useState<TemplateLevel>('location');
  return (
    <div className="templates-settings" data-testid="settings-templates">
      <h2 className="settings__heading">{t('templates.title')}</h2>
      <p className="settings__muted">{t('templates.intro')}</p>
      <div className="templates-settings__levels" role="group" aria-label={t('templates.levels_label')}>
        {TEMPLATE_LEVELS.map((each) => (
          <button key={each} type="button" className="templates-settings__level" aria-pressed={each === level} data-testid={`templates-level-${each}`} onClick={() => setLevel(each)}>
            {t(`templates.level_${each}`)}
          </button>
        ))}
      </div>
      <section className="settings__card" aria-label={t(`templates.level_${level}`)}>
        <TemplateList level={level} locationId={locationId} />
      </section>
    </div>
  );
}

