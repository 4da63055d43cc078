import { useTranslation } from 'react-i18next';
import { pickerLocales } from '../../../../shared/locales.js';
import { Picker } from '../../components/Picker.js';
import { LANGUAGE_NAMES, currentLocale, switchLocale } from '../../lib/i18n.js';
import { useStore } from '../../lib/store.js';

/** `debug` (keys instead of texts) is for developers: development builds, or a build asked for it. */
const WITH_DEBUG = import.meta.env.DEV || import.meta.env.VITE_DEBUG_LANGUAGE === 'true';
const OFFERED = pickerLocales(WITH_DEBUG);

/** The language switch (SPEC §4, §5): every language the console has; the choice is kept in the browser. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const locale = useStore(currentLocale);
  return (
    <Picker
      label={t('shell.language')}
      value={locale}
      options={OFFERED.map((code) => ({ value: code, label: LANGUAGE_NAMES[code], lang: code === 'debug' ? undefined : code }))}
      onChange={(code) => {
        switchLocale(code, { remember: true }).catch((error: unknown) => console.error(error));
      }}
    />
  );
}
