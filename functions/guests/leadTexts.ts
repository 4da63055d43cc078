/**
 * What the store's own people are told when a lead arrives through a marketing button (its SMS and
 * e-mail recipients), in the store's language: the button's own template when the store wrote one
 * (its placeholders filled in), else these words. Every text names the dealership (carrier rules
 * for texts; staff with several stores in their inbox for e-mails). en-ca, en-gb and en-uk read as
 * en-us: none of these words is spelt differently.
 */
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../shared/locales.js';

/** The lead's facts a template may name, as `{{first_name}}` and so on. */
export interface LeadFacts {
  first_name: string;
  last_name: string;
  phone: string;
  email: string;
  text: string;
  button: string;
}

interface NoticeWords {
  sms: string;
  mailSubject: string;
  mailBody: string;
}

const english: NoticeWords = {
  sms: '{{dealership}}: new lead, {{button}}, from {{first_name}} {{last_name}} ({{phone}}): {{text}}',
  mailSubject: '{{dealership}}: new lead, {{button}}, from {{first_name}} {{last_name}}',
  mailBody:
    'A lead came in through the "{{button}}" button of the {{dealership}} website.\n\nName: {{first_name}} {{last_name}}\nPhone: {{phone}}\nE-mail: {{email}}\n\n{{text}}\n\nAnswer them in the console: {{link}}',
};

const WORDS: Record<Exclude<Locale, 'debug'>, NoticeWords> = {
  'en-us': english,
  'en-ca': english,
  'en-gb': english,
  'en-uk': english,
  de: {
    sms: '{{dealership}}: neue Anfrage, {{button}}, von {{first_name}} {{last_name}} ({{phone}}): {{text}}',
    mailSubject: '{{dealership}}: neue Anfrage, {{button}}, von {{first_name}} {{last_name}}',
    mailBody:
      'Über die Schaltfläche „{{button}}“ der Website von {{dealership}} ist eine Anfrage eingegangen.\n\nName: {{first_name}} {{last_name}}\nTelefon: {{phone}}\nE-Mail: {{email}}\n\n{{text}}\n\nIn der Konsole beantworten: {{link}}',
  },
  el: {
    sms: '{{dealership}}: νέο αίτημα, {{button}}, από {{first_name}} {{last_name}} ({{phone}}): {{text}}',
    mailSubject: '{{dealership}}: νέο αίτημα, {{button}}, από {{first_name}} {{last_name}}',
    mailBody:
      'Ένα νέο αίτημα ήρθε από το κουμπί «{{button}}» του ιστότοπου της {{dealership}}.\n\nΌνομα: {{first_name}} {{last_name}}\nΤηλέφωνο: {{phone}}\nE-mail: {{email}}\n\n{{text}}\n\nΑπαντήστε από την κονσόλα: {{link}}',
  },
  es: {
    sms: '{{dealership}}: nueva solicitud, {{button}}, de {{first_name}} {{last_name}} ({{phone}}): {{text}}',
    mailSubject: '{{dealership}}: nueva solicitud, {{button}}, de {{first_name}} {{last_name}}',
    mailBody:
      'Ha llegado una solicitud desde el botón «{{button}}» de la web de {{dealership}}.\n\nNombre: {{first_name}} {{last_name}}\nTeléfono: {{phone}}\nCorreo: {{email}}\n\n{{text}}\n\nRespóndale desde la consola: {{link}}',
  },
  fr: {
    sms: '{{dealership}} : nouvelle demande, {{button}}, de {{first_name}} {{last_name}} ({{phone}}) : {{text}}',
    mailSubject: '{{dealership}} : nouvelle demande, {{button}}, de {{first_name}} {{last_name}}',
    mailBody:
      'Une demande est arrivée par le bouton « {{button}} » du site de {{dealership}}.\n\nNom : {{first_name}} {{last_name}}\nTéléphone : {{phone}}\nE-mail : {{email}}\n\n{{text}}\n\nRépondez-lui depuis la console : {{link}}',
  },
  it: {
    sms: '{{dealership}}: nuova richiesta, {{button}}, da {{first_name}} {{last_name}} ({{phone}}): {{text}}',
    mailSubject: '{{dealership}}: nuova richiesta, {{button}}, da {{first_name}} {{last_name}}',
    mailBody:
      'È arrivata una richiesta dal pulsante «{{button}}» del sito di {{dealership}}.\n\nNome: {{first_name}} {{last_name}}\nTelefono: {{phone}}\nE-mail: {{email}}\n\n{{text}}\n\nRispondete dalla console: {{link}}',
  },
  pt: {
    sms: '{{dealership}}: novo pedido, {{button}}, de {{first_name}} {{last_name}} ({{phone}}): {{text}}',
    mailSubject: '{{dealership}}: novo pedido, {{button}}, de {{first_name}} {{last_name}}',
    mailBody:
      'Chegou um pedido através do botão «{{button}}» do site de {{dealership}}.\n\nNome: {{first_name}} {{last_name}}\nTelefone: {{phone}}\nE-mail: {{email}}\n\n{{text}}\n\nResponda na consola: {{link}}',
  },
  sv: {
    sms: '{{dealership}}: ny förfrågan, {{button}}, från {{first_name}} {{last_name}} ({{phone}}): {{text}}',
    mailSubject: '{{dealership}}: ny förfrågan, {{button}}, från {{first_name}} {{last_name}}',
    mailBody:
      'En förfrågan har kommit in via knappen ”{{button}}” på {{dealership}}s webbplats.\n\nNamn: {{first_name}} {{last_name}}\nTelefon: {{phone}}\nE-post: {{email}}\n\n{{text}}\n\nSvara i konsolen: {{link}}',
  },
};

function wordsFor(locale: string | null): NoticeWords {
  const lower = locale?.toLowerCase() ?? '';
  return WORDS[(isLocale(lower) && lower !== 'debug' ? lower : DEFAULT_LOCALE) as Exclude<Locale, 'debug'>];
}

/** A template with its `{{placeholders}}` filled in; one it does not know stays as written. */
export function fillTemplate(template: string, values: Record<string, string>): string {
  // A replacer function, so `$` in a lead's words is never read as a replacement pattern.
  return template.replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) => (Object.hasOwn(values, name) ? values[name]! : placeholder));
}

export type NoticeKind = keyof NoticeWords;

/** A notice in the store's language with the lead's facts, the dealership and the console's link. */
export function noticeText(kind: NoticeKind, locale: string | null, values: LeadFacts & { dealership: string; link: string }): string {
  return fillTemplate(wordsFor(locale)[kind], { ...values });
}
