/**
 * The fixed words of a report file and of the e-mail that carries a scheduled one, in the store's
 * language (SPEC §5): the About sheet, the records export's headers, the total row. A figure's
 * header is its id made readable (`median_first_response` → "Median first response"); the figures'
 * names in every language are the console's (README "Reports").
 */
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../shared/locales.js';
import type { WorkbookWords } from './workbook.js';

interface Words {
  about: string;
  report: string;
  stores: string;
  from: string;
  to: string;
  generated: string;
  total: string;
  records: string;
  columns: Record<'at' | 'location' | 'record' | 'record_id' | 'customer' | 'phone' | 'agent' | 'value' | 'link', string>;
  /** `{{name}}`: the report's name. */
  mailSubject: string;
  /** `{{name}}`, `{{from}}`, `{{to}}`. */
  mailText: string;
  /** When the file is too large to attach: `{{link}}` (the report in the console) on a line of its own. */
  mailLink: string;
}

const enUs: Words = {
  about: 'About',
  report: 'Report',
  stores: 'Store',
  from: 'From',
  to: 'To',
  generated: 'Generated',
  total: 'Total',
  records: 'Records',
  columns: { at: 'Date', location: 'Store', record: 'Record', record_id: 'Record ID', customer: 'Customer', phone: 'Phone', agent: 'Advisor', value: 'Value', link: 'Link' },
  mailSubject: 'Your report: {{name}}',
  mailText: 'Attached is your scheduled report "{{name}}" for {{from}} to {{to}}.',
  mailLink: 'The file is too large to attach. Sign in to the console to download it from Reports:\n{{link}}',
};

const catalogue: Record<Locale, Words> = {
  'en-us': enUs,
  'en-ca': enUs,
  'en-gb': enUs,
  'en-uk': enUs,
  debug: enUs,
  de: {
    about: 'Info',
    report: 'Bericht',
    stores: 'Betrieb',
    from: 'Von',
    to: 'Bis',
    generated: 'Erstellt',
    total: 'Gesamt',
    records: 'Datensätze',
    columns: { at: 'Datum', location: 'Betrieb', record: 'Vorgang', record_id: 'Vorgangs-ID', customer: 'Kunde', phone: 'Telefon', agent: 'Serviceberater', value: 'Wert', link: 'Link' },
    mailSubject: 'Ihr Bericht: {{name}}',
    mailText: 'Anbei Ihr geplanter Bericht „{{name}}“ für den Zeitraum {{from}} bis {{to}}.',
    mailLink: 'Die Datei ist zu groß für einen Anhang. Melden Sie sich in der Konsole an und laden Sie sie unter „Berichte“ herunter:\n{{link}}',
  },
  el: {
    about: 'Πληροφορίες',
    report: 'Αναφορά',
    stores: 'Κατάστημα',
    from: 'Από',
    to: 'Έως',
    generated: 'Δημιουργήθηκε',
    total: 'Σύνολο',
    records: 'Εγγραφές',
    columns: { at: 'Ημερομηνία', location: 'Κατάστημα', record: 'Εγγραφή', record_id: 'Κωδικός εγγραφής', customer: 'Πελάτης', phone: 'Τηλέφωνο', agent: 'Σύμβουλος', value: 'Τιμή', link: 'Σύνδεσμος' },
    mailSubject: 'Η αναφορά σας: {{name}}',
    mailText: 'Σας επισυνάπτουμε την προγραμματισμένη αναφορά «{{name}}» για το διάστημα {{from}} έως {{to}}.',
    mailLink: 'Το αρχείο είναι πολύ μεγάλο για συνημμένο. Συνδεθείτε στην κονσόλα για να το κατεβάσετε από τις Αναφορές:\n{{link}}',
  },
  es: {
    about: 'Información',
    report: 'Informe',
    stores: 'Concesionario',
    from: 'Desde',
    to: 'Hasta',
    generated: 'Generado',
    total: 'Total',
    records: 'Registros',
    columns: { at: 'Fecha', location: 'Concesionario', record: 'Registro', record_id: 'ID del registro', customer: 'Cliente', phone: 'Teléfono', agent: 'Asesor', value: 'Valor', link: 'Enlace' },
    mailSubject: 'Su informe: {{name}}',
    mailText: 'Le adjuntamos el informe programado «{{name}}» del {{from}} al {{to}}.',
    mailLink: 'El archivo es demasiado grande para adjuntarlo. Inicie sesión en la consola para descargarlo en Informes:\n{{link}}',
  },
  fr: {
    about: 'À propos',
    report: 'Rapport',
    stores: 'Concession',
    from: 'Du',
    to: 'Au',
    generated: 'Généré le',
    total: 'Total',
    records: 'Enregistrements',
    columns: { at: 'Date', location: 'Concession', record: 'Dossier', record_id: 'ID du dossier', customer: 'Client', phone: 'Téléphone', agent: 'Conseiller', value: 'Valeur', link: 'Lien' },
    mailSubject: 'Votre rapport : {{name}}',
    mailText: 'Veuillez trouver ci-joint votre rapport programmé « {{name}} » du {{from}} au {{to}}.',
    mailLink: 'Le fichier est trop volumineux pour être joint. Connectez-vous à la console pour le télécharger dans Rapports :\n{{link}}',
  },
  it: {
    about: 'Informazioni',
    report: 'Report',
    stores: 'Concessionaria',
    from: 'Dal',
    to: 'Al',
    generated: 'Generato il',
    total: 'Totale',
    records: 'Record',
    columns: { at: 'Data', location: 'Concessionaria', record: 'Pratica', record_id: 'ID pratica', customer: 'Cliente', phone: 'Telefono', agent: 'Consulente', value: 'Valore', link: 'Link' },
    mailSubject: 'Il tuo report: {{name}}',
    mailText: 'In allegato il report programmato "{{name}}" dal {{from}} al {{to}}.',
    mailLink: 'Il file è troppo grande per essere allegato. Accedi alla console per scaricarlo da Report:\n{{link}}',
  },
  pt: {
    about: 'Sobre',
    report: 'Relatório',
    stores: 'Concessionário',
    from: 'De',
    to: 'Até',
    generated: 'Gerado em',
    total: 'Total',
    records: 'Registos',
    columns: { at: 'Data', location: 'Concessionário', record: 'Registo', record_id: 'ID do registo', customer: 'Cliente', phone: 'Telefone', agent: 'Consultor', value: 'Valor', link: 'Ligação' },
    mailSubject: 'O seu relatório: {{name}}',
    mailText: 'Segue em anexo o relatório agendado "{{name}}" de {{from}} a {{to}}.',
    mailLink: 'O ficheiro é demasiado grande para anexar. Inicie sessão na consola para o transferir em Relatórios:\n{{link}}',
  },
  sv: {
    about: 'Om',
    report: 'Rapport',
    stores: 'Anläggning',
    from: 'Från',
    to: 'Till',
    generated: 'Skapad',
    total: 'Totalt',
    records: 'Poster',
    columns: { at: 'Datum', location: 'Anläggning', record: 'Ärende', record_id: 'Ärende-ID', customer: 'Kund', phone: 'Telefon', agent: 'Servicerådgivare', value: 'Värde', link: 'Länk' },
    mailSubject: 'Din rapport: {{name}}',
    mailText: 'Här kommer din schemalagda rapport "{{name}}" för {{from}} till {{to}}.',
    mailLink: 'Filen är för stor för att bifogas. Logga in i konsolen och ladda ner den under Rapporter:\n{{link}}',
  },
};

function wordsOf(locale: string): Words {
  return catalogue[isLocale(locale) ? locale : DEFAULT_LOCALE];
}

/** `median_first_response` → "Median first response". */
const readable = (id: string) => (id.charAt(0).toUpperCase() + id.slice(1)).replace(/_/g, ' ');

export function workbookWords(locale: string): WorkbookWords {
  const w = wordsOf(locale);
  return {
    about: w.about,
    report: w.report,
    stores: w.stores,
    from: w.from,
    to: w.to,
    generated: w.generated,
    total: w.total,
    column: (id) => (id === 'label' ? '' : ((w.columns as Record<string, string>)[id] ?? readable(id))),
    sheet: (id) => (id === 'records' ? w.records : readable(id)),
  };
}

const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');

/** The e-mail of a scheduled report; `link` (the report in the console) when the file is too large to attach. */
export function reportMail(locale: string, values: { name: string; from: string; to: string; link?: string }): { subject: string; text: string } {
  const w = wordsOf(locale);
  const text = fill(w.mailText, values) + (values.link ? `\n\n${fill(w.mailLink, { link: values.link })}` : '');
  return { subject: fill(w.mailSubject, values), text };
}
