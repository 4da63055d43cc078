/**
 * The invoice PDF's words, in the customer's language (the PDF is theirs: the visit page links it).
 * English for the English variants and anything unknown.
 */
import { isLocale, type Locale } from '../../shared/locales.js';

export interface InvoiceWords {
  title: string;
  order: string;
  date: string;
  customer: string;
  vehicle: string;
  invoice_total: string;
  insurance: string;
  prepaid: string;
  customer_pay: string;
  paid: string;
  due: string;
  note: string;
}

const english: InvoiceWords = {
  title: 'Invoice',
  order: 'Repair order',
  date: 'Date',
  customer: 'Customer',
  vehicle: 'Vehicle',
  invoice_total: 'Invoice total',
  insurance: 'Covered by insurance',
  prepaid: 'Covered by prepaid maintenance or extended warranty',
  customer_pay: 'Customer pay',
  paid: 'Paid on {{date}}',
  due: 'Amount due',
  note: 'The amounts are those of the dealership’s system for this repair order. Please keep this invoice for your records.',
};

const WORDS: Record<'de' | 'el' | 'es' | 'fr' | 'it' | 'pt' | 'sv', InvoiceWords> = {
  de: {
    title: 'Rechnung',
    order: 'Werkstattauftrag',
    date: 'Datum',
    customer: 'Kunde',
    vehicle: 'Fahrzeug',
    invoice_total: 'Rechnungsbetrag',
    insurance: 'Übernimmt die Versicherung',
    prepaid: 'Abgedeckt durch Wartungsvertrag oder Garantieverlängerung',
    customer_pay: 'Ihr Anteil',
    paid: 'Bezahlt am {{date}}',
    due: 'Zu zahlender Betrag',
    note: 'Die Beträge stammen aus dem System des Autohauses zu diesem Werkstattauftrag. Bitte bewahren Sie diese Rechnung für Ihre Unterlagen auf.',
  },
  el: {
    title: 'Τιμολόγιο',
    order: 'Εντολή επισκευής',
    date: 'Ημερομηνία',
    customer: 'Πελάτης',
    vehicle: 'Όχημα',
    invoice_total: 'Σύνολο τιμολογίου',
    insurance: 'Καλύπτεται από την ασφάλεια',
    prepaid: 'Καλύπτεται από προπληρωμένο πρόγραμμα συντήρησης ή επέκταση εγγύησης',
    customer_pay: 'Πληρώνετε',
    paid: 'Πληρώθηκε στις {{date}}',
    due: 'Ποσό προς πληρωμή',
    note: 'Τα ποσά προέρχονται από το σύστημα της αντιπροσωπείας για αυτή την εντολή επισκευής. Παρακαλούμε φυλάξτε αυτό το τιμολόγιο.',
  },
  es: {
    title: 'Factura',
    order: 'Orden de reparación',
    date: 'Fecha',
    customer: 'Cliente',
    vehicle: 'Vehículo',
    invoice_total: 'Total de la factura',
    insurance: 'Cubierto por el seguro',
    prepaid: 'Cubierto por mantenimiento prepagado o garantía extendida',
    customer_pay: 'Usted paga',
    paid: 'Pagado el {{date}}',
    due: 'Importe a pagar',
    note: 'Los importes son los del sistema del concesionario para esta orden de reparación. Conserve esta factura para sus registros.',
  },
  fr: {
    title: 'Facture',
    order: 'Ordre de réparation',
    date: 'Date',
    customer: 'Client',
    vehicle: 'Véhicule',
    invoice_total: 'Total de la facture',
    insurance: 'Pris en charge par l’assurance',
    prepaid: 'Pris en charge par un contrat d’entretien prépayé ou une extension de garantie',
    customer_pay: 'Reste à votre charge',
    paid: 'Réglé le {{date}}',
    due: 'Montant à régler',
    note: 'Les montants sont ceux du système de la concession pour cet ordre de réparation. Merci de conserver cette facture.',
  },
  it: {
    title: 'Fattura',
    order: 'Ordine di riparazione',
    date: 'Data',
    customer: 'Cliente',
    vehicle: 'Veicolo',
    invoice_total: 'Totale fattura',
    insurance: 'Coperto dall’assicurazione',
    prepaid: 'Coperto da manutenzione prepagata o estensione di garanzia',
    customer_pay: 'A suo carico',
    paid: 'Pagato il {{date}}',
    due: 'Importo da pagare',
    note: 'Gli importi sono quelli del sistema della concessionaria per questo ordine di riparazione. Conservi questa fattura.',
  },
  pt: {
    title: 'Fatura',
    order: 'Ordem de reparação',
    date: 'Data',
    customer: 'Cliente',
    vehicle: 'Veículo',
    invoice_total: 'Total da fatura',
    insurance: 'Coberto pelo seguro',
    prepaid: 'Coberto por manutenção pré-paga ou extensão de garantia',
    customer_pay: 'A pagar por si',
    paid: 'Pago em {{date}}',
    due: 'Montante a pagar',
    note: 'Os montantes são os do sistema do concessionário para esta ordem de reparação. Guarde esta fatura.',
  },
  sv: {
    title: 'Faktura',
    order: 'Arbetsorder',
    date: 'Datum',
    customer: 'Kund',
    vehicle: 'Fordon',
    invoice_total: 'Fakturabelopp',
    insurance: 'Betalas av försäkringen',
    prepaid: 'Täcks av förbetald service eller förlängd garanti',
    customer_pay: 'Du betalar',
    paid: 'Betald {{date}}',
    due: 'Att betala',
    note: 'Beloppen kommer från återförsäljarens system för den här arbetsordern. Spara fakturan.',
  },
};

export function invoiceWords(locale: Locale | string): InvoiceWords {
  const known = isLocale(locale) ? locale : 'en-us';
  return known in WORDS ? WORDS[known as keyof typeof WORDS] : english;
}
