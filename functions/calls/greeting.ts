/**
 * What callers hear from the console itself (issue 25), in the store's language (the location's
 * locale): the voicemail greeting a store that wrote none of its own plays, the short apology of a
 * store without voicemail, and what an advisor hears when the customer they called did not pick
 * up. `{{dealership}}` is the store as customers know it (its business name, else the location's).
 *
 * The words are spoken by Amazon Polly through Chime's Speak action, so each language comes with a
 * Polly voice of its own. Polly has no Greek voice: a Greek store's callers hear the English words
 * (a Greek sentence read by an English voice would be noise); a greeting the store wrote is spoken
 * as written, in the store's language's voice.
 */
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../shared/locales.js';

export type SpokenKey = 'voicemailGreeting' | 'noVoicemail' | 'customerDidNotAnswer' | 'customerBusy';

type Spoken = Record<SpokenKey, string>;

const EN: Spoken = {
  voicemailGreeting: 'Thank you for calling {{dealership}}. Nobody can take your call right now. Please leave a message after the tone and we will get back to you.',
  noVoicemail: 'Thank you for calling {{dealership}}. Nobody can take your call right now. Please try again later.',
  customerDidNotAnswer: 'The customer did not answer. Goodbye.',
  customerBusy: "The customer's line is busy. Goodbye.",
};

const WORDS: Record<Exclude<Locale, 'debug' | 'el'>, Spoken> = {
  'en-us': EN,
  'en-ca': EN,
  'en-gb': EN,
  'en-uk': EN,
  de: {
    voicemailGreeting: 'Vielen Dank für Ihren Anruf bei {{dealership}}. Im Moment ist leider niemand erreichbar. Bitte hinterlassen Sie nach dem Signalton eine Nachricht, wir melden uns bei Ihnen.',
    noVoicemail: 'Vielen Dank für Ihren Anruf bei {{dealership}}. Im Moment ist leider niemand erreichbar. Bitte versuchen Sie es später noch einmal.',
    customerDidNotAnswer: 'Der Kunde hat nicht abgenommen. Auf Wiederhören.',
    customerBusy: 'Beim Kunden ist besetzt. Auf Wiederhören.',
  },
  es: {
    voicemailGreeting: 'Gracias por llamar a {{dealership}}. En este momento no podemos atender su llamada. Deje un mensaje después de la señal y le responderemos lo antes posible.',
    noVoicemail: 'Gracias por llamar a {{dealership}}. En este momento no podemos atender su llamada. Por favor, vuelva a intentarlo más tarde.',
    customerDidNotAnswer: 'El cliente no ha contestado. Adiós.',
    customerBusy: 'La línea del cliente está ocupada. Adiós.',
  },
  fr: {
    voicemailGreeting: "Merci d'avoir appelé {{dealership}}. Nous ne pouvons pas prendre votre appel pour le moment. Laissez-nous un message après le bip et nous vous recontacterons rapidement.",
    noVoicemail: "Merci d'avoir appelé {{dealership}}. Nous ne pouvons pas prendre votre appel pour le moment. Merci de rappeler plus tard.",
    customerDidNotAnswer: "Le client n'a pas répondu. Au revoir.",
    customerBusy: 'La ligne du client est occupée. Au revoir.',
  },
  it: {
    voicemailGreeting: 'Grazie per aver chiamato {{dealership}}. Al momento non possiamo rispondere. Lasci un messaggio dopo il segnale acustico e la ricontatteremo al più presto.',
    noVoicemail: 'Grazie per aver chiamato {{dealership}}. Al momento non possiamo rispondere. La preghiamo di richiamare più tardi.',
    customerDidNotAnswer: 'Il cliente non ha risposto. Arrivederci.',
    customerBusy: 'La linea del cliente è occupata. Arrivederci.',
  },
  pt: {
    voicemailGreeting: 'Obrigado por ligar para {{dealership}}. De momento não podemos atender a sua chamada. Deixe uma mensagem após o sinal e entraremos em contacto consigo brevemente.',
    noVoicemail: 'Obrigado por ligar para {{dealership}}. De momento não podemos atender a sua chamada. Por favor, tente novamente mais tarde.',
    customerDidNotAnswer: 'O cliente não atendeu. Adeus.',
    customerBusy: 'A linha do cliente está ocupada. Adeus.',
  },
  sv: {
    voicemailGreeting: 'Tack för att du ringer {{dealership}}. Just nu kan ingen ta ditt samtal. Lämna ett meddelande efter tonen så återkommer vi till dig.',
    noVoicemail: 'Tack för att du ringer {{dealership}}. Just nu kan ingen ta ditt samtal. Försök gärna igen senare.',
    customerDidNotAnswer: 'Kunden svarade inte. Hej då.',
    customerBusy: 'Det är upptaget hos kunden. Hej då.',
  },
};

/** Greek words, kept for the day Polly speaks Greek (and for the dev page, which shows what a caller heard). */
export const GREEK: Spoken = {
  voicemailGreeting: 'Εδώ {{dealership}}. Σας ευχαριστούμε για την κλήση σας. Αυτή τη στιγμή δεν μπορούμε να απαντήσουμε. Αφήστε μας μήνυμα μετά τον ήχο και θα επικοινωνήσουμε σύντομα μαζί σας.',
  noVoicemail: 'Εδώ {{dealership}}. Σας ευχαριστούμε για την κλήση σας. Αυτή τη στιγμή δεν μπορούμε να απαντήσουμε. Παρακαλούμε δοκιμάστε ξανά αργότερα.',
  customerDidNotAnswer: 'Ο πελάτης δεν απάντησε. Αντίο.',
  customerBusy: 'Η γραμμή του πελάτη είναι κατειλημμένη. Αντίο.',
};

/** The Polly voice (standard engine) and language code each locale is spoken in. */
export interface Voice {
  LanguageCode: string;
  VoiceId: string;
}

const VOICES: Record<Exclude<Locale, 'debug' | 'el'>, Voice> = {
  'en-us': { LanguageCode: 'en-US', VoiceId: 'Joanna' },
  // Polly has no Canadian English voice.
  'en-ca': { LanguageCode: 'en-US', VoiceId: 'Joanna' },
  'en-gb': { LanguageCode: 'en-GB', VoiceId: 'Amy' },
  'en-uk': { LanguageCode: 'en-GB', VoiceId: 'Amy' },
  de: { LanguageCode: 'de-DE', VoiceId: 'Vicki' },
  es: { LanguageCode: 'es-ES', VoiceId: 'Lucia' },
  fr: { LanguageCode: 'fr-FR', VoiceId: 'Lea' },
  it: { LanguageCode: 'it-IT', VoiceId: 'Bianca' },
  pt: { LanguageCode: 'pt-PT', VoiceId: 'Ines' },
  sv: { LanguageCode: 'sv-SE', VoiceId: 'Astrid' },
};

/** The locale whose voice speaks to a store of `locale` (Greek and unknown ones: en-us). */
function spokenLocale(locale: string | null | undefined): Exclude<Locale, 'debug' | 'el'> {
  const known = locale && isLocale(locale) ? locale : DEFAULT_LOCALE;
  return known === 'debug' || known === 'el' ? 'en-us' : known;
}

export function voiceOf(locale: string | null | undefined): Voice {
  return VOICES[spokenLocale(locale)];
}

/** The console's words for `key` in the store's language, the dealership named. */
export function spoken(key: SpokenKey, locale: string | null | undefined, dealership: string): string {
  return WORDS[spokenLocale(locale)][key].replaceAll('{{dealership}}', dealership);
}
