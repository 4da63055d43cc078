import { useTranslation } from 'react-i18next';
import { Picker } from '../../components/Picker.js';
import { LANGUAGE_NAMES, OFFERED_LOCALES, currentLocale, switchLocale } from '../../lib/i18n.js';
import { useStore } from '../../lib/store.js';

/** The language switch (SPEC §4, §5): every language the console has; the choice is kept in the browser. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const locale = useStore(currentLocale);
  return (
    <Picker
      label={t('shell.language')}
      value={locale}
      options={OFFERED_LOCALES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code], lang: code === 'debug' ? undefined : code }))}
      onChange={(code) => {
        switchLocale(code, { remember: true }).catch((error: unknown) => console.error(error));
      }}
    />
  );
}
