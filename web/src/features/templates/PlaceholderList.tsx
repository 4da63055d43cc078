import { useTranslation } from 'react-i18next';
import { PLACEHOLDERS } from '../../../../shared/templates/templates.js';

/** The placeholders a template may use, written as they are typed (they are not words to translate). */
export function PlaceholderList({ id }: { id?: string }) {
  const { t } = useTranslation('templates');
  return (
    <div className="templates-placeholders" id={id}>
      <p className="field__hint">{t('templates.placeholders_hint')}</p>
      <ul className="templates-placeholders__list">
        {PLACEHOLDERS.map((name) => (
          <li key={name}>
            <code>{`{{${name}}}`}</code> {t(`templates.placeholder_${name}`)}
          </li>
        ))}
      </ul>
    </div>
  );
}
