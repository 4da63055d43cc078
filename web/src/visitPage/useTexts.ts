/**
 * A part's words in the page's language (its own locale files, textsLoader): while another
 * language's words are on their way the part keeps the ones it shows, so a switch does not blank it.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { translator, type PageLocale, type Texts, type TextsLoader, type Translate } from './texts.js';

export interface PartTexts {
  /** null until the first words arrive. */
  t: Translate | null;
  /** The last load failed: `retry` asks again. */
  failed: boolean;
  retry(): void;
}

export function useTexts(load: TextsLoader, locale: PageLocale): PartTexts {
  const [texts, setTexts] = useState<{ locale: PageLocale; texts: Texts } | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    setFailed(false);
    load(locale).then(
      (loaded) => current && setTexts({ locale, texts: loaded }),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [locale, attempt]);
  const t = useMemo(() => (texts ? translator(texts.texts, texts.locale) : null), [texts]);
  return { t, failed, retry: () => setAttempt((n) => n + 1) };
}
