import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, OFFERED_LOCALES, currentLocale, switchLocale } from '../../lib/i18n.js';
import { useStore } from '../../lib/store.js';

/** The language switch (SPEC §4, §5): every language the console has; the choice is kept in the browser. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const id = useId();
  const locale = useStore(currentLocale);
  return (
    <div className="picker">
      <label className="picker__label" htmlFor={id}>
        {t('shell.language')}
      </label>
      <select
        id={id}
        className="picker__select"
        value={locale}
        onChange={(event) => {
          switchLocale(event.target.value, { remember: true }).catch((error: unknown) => console.error(error));
        }}
      >
        {OFFERED_LOCALES.map((code) => (
          <option key={code} value={code} lang={code === 'debug' ? undefined : code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </div>
  );
}
