/**
 * The survey's words for customers (texts) and managers (the low-rating e-mail), one catalogue per
 * surface in every language of the console. A customer reads the survey in their own language,
 * naming the dealership; `{{…}}` are filled in. en-ca, en-gb and en-uk read as en-us.
 */
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../shared/locales.js';

export interface CsiWords {
  survey: string;
  reminder: string;
  thanks: string;
  review: string;
  alertSubject: string;
  alertBody: string;
  alertComment: string;
}

type Language = 'en' | 'de' | 'el' | 'es' | 'fr' | 'it' | 'pt' | 'sv';

const WORDS: Record<Language, CsiWords> = {
  en: {
    survey: '{{dealership}}: thank you for your visit. How did we do? Reply with a number from 0 (poor) to 10 (excellent), and a comment if you like.',
    reminder: '{{dealership}}: we would still love to hear how your visit went. Reply with a number from 0 to 10.',
    thanks: '{{dealership}}: thank you for your rating.',
    review: 'If you have a moment, you can also review us here: {{link}}',
    alertSubject: 'Low rating ({{rating}}/10) from {{customer}}, RO {{ro}}',
    alertBody: '{{customer}} rated their visit {{rating}} out of 10 (repair order {{ro}}, {{store}}). Please call the customer.\n\nOpen the repair order: {{link}}',
    alertComment: 'Their comment: "{{comment}}"',
  },
  de: {
    survey: '{{dealership}}: Vielen Dank für Ihren Besuch. Wie zufrieden waren Sie? Antworten Sie mit einer Zahl von 0 (schlecht) bis 10 (ausgezeichnet), gern mit einem Kommentar.',
    reminder: '{{dealership}}: Wir würden uns weiterhin über Ihre Meinung zu Ihrem Besuch freuen. Antworten Sie mit einer Zahl von 0 bis 10.',
    thanks: '{{dealership}}: Vielen Dank für Ihre Bewertung.',
    review: 'Wenn Sie einen Moment Zeit haben, können Sie uns auch hier bewerten: {{link}}',
    alertSubject: 'Niedrige Bewertung ({{rating}}/10) von {{customer}}, Auftrag {{ro}}',
    alertBody: '{{customer}} hat den Besuch mit {{rating}} von 10 bewertet (Werkstattauftrag {{ro}}, {{store}}). Bitte rufen Sie den Kunden an.\n\nWerkstattauftrag öffnen: {{link}}',
    alertComment: 'Kommentar des Kunden: „{{comment}}“',
  },
  el: {
    survey: '{{dealership}}: Σας ευχαριστούμε για την επίσκεψή σας. Πώς τα πήγαμε; Απαντήστε με έναν αριθμό από 0 (κακή) έως 10 (άριστη) και, αν θέλετε, ένα σχόλιο.',
    reminder: '{{dealership}}: Θα θέλαμε ακόμη να μάθουμε πώς ήταν η επίσκεψή σας. Απαντήστε με έναν αριθμό από 0 έως 10.',
    thanks: '{{dealership}}: Σας ευχαριστούμε για τη βαθμολογία σας.',
    review: 'Αν έχετε λίγο χρόνο, μπορείτε επίσης να μας αξιολογήσετε εδώ: {{link}}',
    alertSubject: 'Χαμηλή βαθμολογία ({{rating}}/10) από {{customer}}, εντολή {{ro}}',
    alertBody: 'Ο/Η {{customer}} βαθμολόγησε την επίσκεψη με {{rating}} στα 10 (εντολή επισκευής {{ro}}, {{store}}). Παρακαλούμε καλέστε τον πελάτη.\n\nΆνοιγμα της εντολής επισκευής: {{link}}',
    alertComment: 'Το σχόλιο του πελάτη: «{{comment}}»',
  },
  es: {
    survey: '{{dealership}}: gracias por su visita. ¿Qué tal lo hicimos? Responda con un número del 0 (mal) al 10 (excelente) y, si quiere, un comentario.',
    reminder: '{{dealership}}: nos encantaría saber qué tal fue su visita. Responda con un número del 0 al 10.',
    thanks: '{{dealership}}: gracias por su valoración.',
    review: 'Si tiene un momento, también puede dejarnos una reseña aquí: {{link}}',
    alertSubject: 'Valoración baja ({{rating}}/10) de {{customer}}, OR {{ro}}',
    alertBody: '{{customer}} valoró su visita con {{rating}} de 10 (orden de reparación {{ro}}, {{store}}). Por favor, llame al cliente.\n\nAbrir la orden de reparación: {{link}}',
    alertComment: 'Su comentario: «{{comment}}»',
  },
  fr: {
    survey: '{{dealership}} : merci de votre visite. Comment s’est-elle passée ? Répondez par un chiffre de 0 (mauvais) à 10 (excellent), avec un commentaire si vous le souhaitez.',
    reminder: '{{dealership}} : nous aimerions toujours savoir comment s’est passée votre visite. Répondez par un chiffre de 0 à 10.',
    thanks: '{{dealership}} : merci pour votre note.',
    review: 'Si vous avez un instant, vous pouvez aussi nous laisser un avis ici : {{link}}',
    alertSubject: 'Note basse ({{rating}}/10) de {{customer}}, OR {{ro}}',
    alertBody: '{{customer}} a noté sa visite {{rating}} sur 10 (ordre de réparation {{ro}}, {{store}}). Merci d’appeler le client.\n\nOuvrir l’ordre de réparation : {{link}}',
    alertComment: 'Son commentaire : « {{comment}} »',
  },
  it: {
    survey: '{{dealership}}: grazie per la visita. Come ci siamo comportati? Risponda con un numero da 0 (male) a 10 (ottimo) e, se vuole, un commento.',
    reminder: '{{dealership}}: ci farebbe ancora piacere sapere com’è andata la sua visita. Risponda con un numero da 0 a 10.',
    thanks: '{{dealership}}: grazie per la sua valutazione.',
    review: 'Se ha un momento, può anche lasciarci una recensione qui: {{link}}',
    alertSubject: 'Valutazione bassa ({{rating}}/10) da {{customer}}, OdR {{ro}}',
    alertBody: '{{customer}} ha valutato la visita {{rating}} su 10 (ordine di riparazione {{ro}}, {{store}}). Si prega di chiamare il cliente.\n\nApri l’ordine di riparazione: {{link}}',
    alertComment: 'Il suo commento: «{{comment}}»',
  },
  pt: {
    survey: '{{dealership}}: obrigado pela sua visita. Como correu? Responda com um número de 0 (mau) a 10 (excelente) e, se quiser, um comentário.',
    reminder: '{{dealership}}: gostaríamos ainda de saber como correu a sua visita. Responda com um número de 0 a 10.',
    thanks: '{{dealership}}: obrigado pela sua avaliação.',
    review: 'Se tiver um momento, também pode deixar-nos uma avaliação aqui: {{link}}',
    alertSubject: 'Avaliação baixa ({{rating}}/10) de {{customer}}, OR {{ro}}',
    alertBody: '{{customer}} avaliou a visita com {{rating}} de 10 (ordem de reparação {{ro}}, {{store}}). Por favor, ligue ao cliente.\n\nAbrir a ordem de reparação: {{link}}',
    alertComment: 'O comentário do cliente: «{{comment}}»',
  },
  sv: {
    survey: '{{dealership}}: tack för ditt besök. Hur nöjd är du? Svara med en siffra från 0 (dåligt) till 10 (utmärkt), gärna med en kommentar.',
    reminder: '{{dealership}}: vi vill fortfarande gärna höra hur ditt besök var. Svara med en siffra från 0 till 10.',
    thanks: '{{dealership}}: tack för ditt betyg.',
    review: 'Om du har en stund kan du också recensera oss här: {{link}}',
    alertSubject: 'Lågt betyg ({{rating}}/10) från {{customer}}, order {{ro}}',
    alertBody: '{{customer}} gav sitt besök {{rating}} av 10 (verkstadsorder {{ro}}, {{store}}). Ring gärna kunden.\n\nÖppna verkstadsordern: {{link}}',
    alertComment: 'Kundens kommentar: ”{{comment}}”',
  },
};

function languageOf(locale: string | null | undefined): Language {
  const known: Locale = locale && isLocale(locale) && locale !== 'debug' ? locale : DEFAULT_LOCALE;
  const language = known.slice(0, 2);
  return (Object.hasOwn(WORDS, language) ? language : 'en') as Language;
}

/** The words of `key` in the language, its placeholders filled in. */
export function csiText(key: keyof CsiWords, locale: string | null | undefined, vars: Record<string, string | number> = {}): string {
  return WORDS[languageOf(locale)][key].replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (Object.hasOwn(vars, name) ? String(vars[name]) : whole));
}

/** Every language's words, for the tests that hold the catalogue complete. */
export const CSI_LANGUAGES = Object.keys(WORDS) as Language[];
