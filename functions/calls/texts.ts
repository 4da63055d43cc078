/**
 * The calls' words (issue 25). The missed-call text-back's while a store keeps its calls settings'
 * `text_back_text` empty: the customer reads them in their own language, naming the dealership
 * (en-ca, en-gb and en-uk read as en-us). And the call's note in English, as stored beside its key.
 */
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../shared/locales.js';
import type { NoteParams } from '../../shared/systemNotes.js';

type Language = 'en' | 'de' | 'el' | 'es' | 'fr' | 'it' | 'pt' | 'sv';

const TEXT_BACK: Record<Language, string> = {
  en: '{{dealership}}: sorry we missed your call. Reply here and an advisor will text you back.',
  de: '{{dealership}}: Leider haben wir Ihren Anruf verpasst. Antworten Sie einfach hier, ein Serviceberater meldet sich per SMS bei Ihnen.',
  el: '{{dealership}}: Λυπούμαστε που χάσαμε την κλήση σας. Απαντήστε εδώ και ένας σύμβουλος θα σας στείλει μήνυμα.',
  es: '{{dealership}}: sentimos no haber atendido su llamada. Responda aquí y un asesor le escribirá.',
  fr: '{{dealership}} : désolés d’avoir manqué votre appel. Répondez ici et un conseiller vous écrira.',
  it: '{{dealership}}: ci dispiace di aver perso la sua chiamata. Risponda qui e un consulente le scriverà.',
  pt: '{{dealership}}: lamentamos não ter atendido a sua chamada. Responda aqui e um consultor irá enviar-lhe uma mensagem.',
  sv: '{{dealership}}: tyvärr missade vi ditt samtal. Svara här så skriver en servicerådgivare till dig.',
};

function languageOf(locale: string | null | undefined): Language {
  const known: Locale = locale && isLocale(locale) && locale !== 'debug' ? locale : DEFAULT_LOCALE;
  const language = known.slice(0, 2);
  return (Object.hasOwn(TEXT_BACK, language) ? language : 'en') as Language;
}

/** The console's text-back in the customer's language, naming the dealership. */
export function textBackText(locale: string | null | undefined, dealership: string): string {
  return TEXT_BACK[languageOf(locale)].replace('{{dealership}}', dealership);
}

/** Every language's words, for the test that holds the catalogue complete. */
export const TEXT_BACK_LANGUAGES = Object.keys(TEXT_BACK) as Language[];

const minutes = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** The note in English, as stored in `text` (the console words the key in its agent's language). */
export function callNoteText({ direction, outcome, agent_name, duration_seconds }: NoteParams['call']): string {
  if (direction === 'inbound') {
    if (outcome === 'answered') return `Call from the customer, answered (${minutes(duration_seconds)}).`;
    if (outcome === 'voicemail') return 'Missed call from the customer: they left a voicemail.';
    return 'Missed call from the customer.';
  }
  const who = agent_name || 'An advisor';
  if (outcome === 'answered') return `${who} called the customer (${minutes(duration_seconds)}).`;
  if (outcome === 'busy') return `${who} called the customer: the line was busy.`;
  if (outcome === 'failed') return `${who} called the customer: the call failed.`;
  return `${who} called the customer: no answer.`;
}
