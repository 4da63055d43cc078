/**
 * The summary PDF's words, in the language of the page that asked for it (the wizard's reader).
 * English for the English variants and anything unknown.
 */
import { isLocale, type Locale } from '../../shared/locales.js';

export interface WizardPdfWords {
  title: string;
  dealership: string;
  saved_on: string;
  empty: string;
  button: string;
  label: string;
  placeholder: string;
  autoreply: string;
  sms_template: string;
  email_template: string;
  css_class: string;
  outro: string;
  email_recipients: string;
  sms_recipients: string;
  vehicle_ready: string;
  work_declined: string;
  opcodes: string;
  after_days: string;
  message: string;
  appointments: string;
  days_prior: string;
  reminders: string;
  months_after: string;
}

const english: WizardPdfWords = {
  title: 'Setup summary',
  dealership: 'Dealership',
  saved_on: 'Saved on',
  empty: '(none)',
  button: 'Appraisal request button',
  label: 'Button label',
  placeholder: 'Placeholder in the form',
  autoreply: 'Auto-reply to the customer',
  sms_template: 'Text message to the recipients',
  email_template: 'E-mail to the recipients',
  css_class: 'Button style',
  outro: 'Thank-you text after sending',
  email_recipients: 'E-mail recipients',
  sms_recipients: 'Text message recipients',
  vehicle_ready: 'Vehicle ready text',
  work_declined: 'Declined work',
  opcodes: 'Op codes',
  after_days: 'Notify after (days)',
  message: 'Message',
  appointments: 'Appointment reminders',
  days_prior: 'Days before the appointment',
  reminders: 'Service reminders',
  months_after: 'Months after the last visit',
};

const WORDS: Record<'de' | 'el' | 'es' | 'fr' | 'it' | 'pt' | 'sv', WizardPdfWords> = {
  de: {
    title: 'Zusammenfassung der Einrichtung',
    dealership: 'Autohaus',
    saved_on: 'Gespeichert am',
    empty: '(keine)',
    button: 'Schaltfläche „Ankaufsbewertung anfragen“',
    label: 'Beschriftung',
    placeholder: 'Platzhalter im Formular',
    autoreply: 'Automatische Antwort an den Kunden',
    sms_template: 'SMS an die Empfänger',
    email_template: 'E-Mail an die Empfänger',
    css_class: 'Stil der Schaltfläche',
    outro: 'Danketext nach dem Senden',
    email_recipients: 'E-Mail-Empfänger',
    sms_recipients: 'SMS-Empfänger',
    vehicle_ready: 'Text „Fahrzeug abholbereit“',
    work_declined: 'Abgelehnte Arbeiten',
    opcodes: 'Arbeitspositionen (Op-Codes)',
    after_days: 'Benachrichtigen nach (Tagen)',
    message: 'Nachricht',
    appointments: 'Terminerinnerungen',
    days_prior: 'Tage vor dem Termin',
    reminders: 'Serviceerinnerungen',
    months_after: 'Monate nach dem letzten Besuch',
  },
  el: {
    title: 'Σύνοψη ρυθμίσεων',
    dealership: 'Αντιπροσωπεία',
    saved_on: 'Αποθηκεύτηκε στις',
    empty: '(κανένα)',
    button: 'Κουμπί αίτησης εκτίμησης',
    label: 'Ετικέτα κουμπιού',
    placeholder: 'Υπόδειξη στη φόρμα',
    autoreply: 'Αυτόματη απάντηση στον πελάτη',
    sms_template: 'SMS προς τους παραλήπτες',
    email_template: 'E-mail προς τους παραλήπτες',
    css_class: 'Στυλ κουμπιού',
    outro: 'Κείμενο ευχαριστίας μετά την αποστολή',
    email_recipients: 'Παραλήπτες e-mail',
    sms_recipients: 'Παραλήπτες SMS',
    vehicle_ready: 'Κείμενο «το όχημα είναι έτοιμο»',
    work_declined: 'Εργασίες που απορρίφθηκαν',
    opcodes: 'Κωδικοί εργασιών',
    after_days: 'Ειδοποίηση μετά από (ημέρες)',
    message: 'Μήνυμα',
    appointments: 'Υπενθυμίσεις ραντεβού',
    days_prior: 'Ημέρες πριν από το ραντεβού',
    reminders: 'Υπενθυμίσεις σέρβις',
    months_after: 'Μήνες μετά την τελευταία επίσκεψη',
  },
  es: {
    title: 'Resumen de la configuración',
    dealership: 'Concesionario',
    saved_on: 'Guardado el',
    empty: '(ninguno)',
    button: 'Botón de solicitud de tasación',
    label: 'Texto del botón',
    placeholder: 'Texto de ejemplo del formulario',
    autoreply: 'Respuesta automática al cliente',
    sms_template: 'SMS a los destinatarios',
    email_template: 'Correo a los destinatarios',
    css_class: 'Estilo del botón',
    outro: 'Texto de agradecimiento tras el envío',
    email_recipients: 'Destinatarios de correo',
    sms_recipients: 'Destinatarios de SMS',
    vehicle_ready: 'Texto de vehículo listo',
    work_declined: 'Trabajos rechazados',
    opcodes: 'Códigos de operación',
    after_days: 'Avisar después de (días)',
    message: 'Mensaje',
    appointments: 'Recordatorios de cita',
    days_prior: 'Días antes de la cita',
    reminders: 'Recordatorios de mantenimiento',
    months_after: 'Meses después de la última visita',
  },
  fr: {
    title: 'Récapitulatif de la configuration',
    dealership: 'Concession',
    saved_on: 'Enregistré le',
    empty: '(aucun)',
    button: 'Bouton de demande d’estimation',
    label: 'Libellé du bouton',
    placeholder: 'Texte indicatif du formulaire',
    autoreply: 'Réponse automatique au client',
    sms_template: 'SMS aux destinataires',
    email_template: 'E-mail aux destinataires',
    css_class: 'Style du bouton',
    outro: 'Texte de remerciement après l’envoi',
    email_recipients: 'Destinataires des e-mails',
    sms_recipients: 'Destinataires des SMS',
    vehicle_ready: 'Texte « véhicule prêt »',
    work_declined: 'Travaux refusés',
    opcodes: 'Codes opération',
    after_days: 'Prévenir après (jours)',
    message: 'Message',
    appointments: 'Rappels de rendez-vous',
    days_prior: 'Jours avant le rendez-vous',
    reminders: 'Rappels d’entretien',
    months_after: 'Mois après la dernière visite',
  },
  it: {
    title: 'Riepilogo della configurazione',
    dealership: 'Concessionaria',
    saved_on: 'Salvato il',
    empty: '(nessuno)',
    button: 'Pulsante di richiesta di valutazione',
    label: 'Testo del pulsante',
    placeholder: 'Testo di esempio nel modulo',
    autoreply: 'Risposta automatica al cliente',
    sms_template: 'SMS ai destinatari',
    email_template: 'E-mail ai destinatari',
    css_class: 'Stile del pulsante',
    outro: 'Testo di ringraziamento dopo l’invio',
    email_recipients: 'Destinatari e-mail',
    sms_recipients: 'Destinatari SMS',
    vehicle_ready: 'Testo «veicolo pronto»',
    work_declined: 'Lavori rifiutati',
    opcodes: 'Codici operazione',
    after_days: 'Avvisa dopo (giorni)',
    message: 'Messaggio',
    appointments: 'Promemoria appuntamenti',
    days_prior: 'Giorni prima dell’appuntamento',
    reminders: 'Promemoria tagliando',
    months_after: 'Mesi dopo l’ultima visita',
  },
  pt: {
    title: 'Resumo da configuração',
    dealership: 'Concessionário',
    saved_on: 'Guardado em',
    empty: '(nenhum)',
    button: 'Botão de pedido de avaliação',
    label: 'Texto do botão',
    placeholder: 'Texto de exemplo no formulário',
    autoreply: 'Resposta automática ao cliente',
    sms_template: 'SMS para os destinatários',
    email_template: 'E-mail para os destinatários',
    css_class: 'Estilo do botão',
    outro: 'Texto de agradecimento após o envio',
    email_recipients: 'Destinatários de e-mail',
    sms_recipients: 'Destinatários de SMS',
    vehicle_ready: 'Texto de viatura pronta',
    work_declined: 'Trabalhos recusados',
    opcodes: 'Códigos de operação',
    after_days: 'Avisar após (dias)',
    message: 'Mensagem',
    appointments: 'Lembretes de marcação',
    days_prior: 'Dias antes da marcação',
    reminders: 'Lembretes de revisão',
    months_after: 'Meses após a última visita',
  },
  sv: {
    title: 'Sammanfattning av inställningarna',
    dealership: 'Bilhandlare',
    saved_on: 'Sparad',
    empty: '(inga)',
    button: 'Knapp för värderingsförfrågan',
    label: 'Knappens text',
    placeholder: 'Exempeltext i formuläret',
    autoreply: 'Automatiskt svar till kunden',
    sms_template: 'Sms till mottagarna',
    email_template: 'E-post till mottagarna',
    css_class: 'Knappens stil',
    outro: 'Tacktext efter skickat formulär',
    email_recipients: 'E-postmottagare',
    sms_recipients: 'Sms-mottagare',
    vehicle_ready: 'Text om att bilen är klar',
    work_declined: 'Nekade arbeten',
    opcodes: 'Op-koder',
    after_days: 'Påminn efter (dagar)',
    message: 'Meddelande',
    appointments: 'Påminnelser om bokningar',
    days_prior: 'Dagar före besöket',
    reminders: 'Servicepåminnelser',
    months_after: 'Månader efter senaste besöket',
  },
};

export function wizardPdfWords(locale: string): WizardPdfWords {
  const known: Locale | null = isLocale(locale) ? locale : null;
  return known && known in WORDS ? WORDS[known as keyof typeof WORDS] : english;
}
