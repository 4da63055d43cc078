/**
 * What text-to-pay says to customers (the texts and the pay page), in the customer's language:
 * every text names the dealership. `{{dealership}}`, `{{amount}}`, `{{ro}}` and `{{link}}` are filled in.
 */
import { isLocale, type Locale } from '../../shared/locales.js';

type Words = {
  request: string;
  cancelled: string;
  page_title: string;
  order: string;
  invoice_total: string;
  insurance: string;
  prepaid: string;
  customer_pay: string;
  pay: string;
  closed: string;
  paid: string;
  pdf_missing: string;
  cards_note: string;
};

const english: Words = {
  request: '{{dealership}}: your invoice for repair order {{ro}} is ready. Pay {{amount}} securely online: {{link}}',
  cancelled: '{{dealership}}: the payment request for repair order {{ro}} was cancelled. Please disregard the earlier link.',
  page_title: 'Your invoice',
  order: 'Repair order',
  invoice_total: 'Invoice total',
  insurance: 'Covered by insurance',
  prepaid: 'Covered by prepaid maintenance or extended warranty',
  customer_pay: 'You pay',
  pay: 'Pay {{amount}}',
  closed: 'This invoice has been closed, please check with your cashier',
  paid: 'Thank you, your payment was received.',
  pdf_missing: 'PDF Invoice is not generated',
  cards_note: 'You pay on the secure page of our card processor; we never see your card number.',
};

const WORDS: Record<Exclude<Locale, 'debug' | 'en-ca' | 'en-gb' | 'en-uk'>, Words> = {
  'en-us': english,
  de: {
    request: '{{dealership}}: Ihre Rechnung zum Werkstattauftrag {{ro}} ist fertig. Bezahlen Sie {{amount}} sicher online: {{link}}',
    cancelled: '{{dealership}}: Die Zahlungsanforderung zum Werkstattauftrag {{ro}} wurde storniert. Bitte nutzen Sie den früheren Link nicht mehr.',
    page_title: 'Ihre Rechnung',
    order: 'Werkstattauftrag',
    invoice_total: 'Rechnungsbetrag',
    insurance: 'Übernimmt die Versicherung',
    prepaid: 'Abgedeckt durch Wartungsvertrag oder Garantieverlängerung',
    customer_pay: 'Ihr Anteil',
    pay: '{{amount}} bezahlen',
    closed: 'Diese Rechnung ist abgeschlossen. Bitte wenden Sie sich an unsere Kasse.',
    paid: 'Vielen Dank, Ihre Zahlung ist eingegangen.',
    pdf_missing: 'Die PDF-Rechnung ist noch nicht erstellt.',
    cards_note: 'Sie bezahlen auf der sicheren Seite unseres Zahlungsdienstleisters; Ihre Kartennummer sehen wir nie.',
  },
  el: {
    request: '{{dealership}}: Το τιμολόγιο για την εντολή επισκευής {{ro}} είναι έτοιμο. Πληρώστε {{amount}} με ασφάλεια online: {{link}}',
    cancelled: '{{dealership}}: Το αίτημα πληρωμής για την εντολή επισκευής {{ro}} ακυρώθηκε. Παρακαλούμε αγνοήστε τον προηγούμενο σύνδεσμο.',
    page_title: 'Το τιμολόγιό σας',
    order: 'Εντολή επισκευής',
    invoice_total: 'Σύνολο τιμολογίου',
    insurance: 'Καλύπτεται από την ασφάλεια',
    prepaid: 'Καλύπτεται από προπληρωμένο πρόγραμμα συντήρησης ή επέκταση εγγύησης',
    customer_pay: 'Πληρώνετε',
    pay: 'Πληρωμή {{amount}}',
    closed: 'Αυτό το τιμολόγιο έχει κλείσει. Παρακαλούμε απευθυνθείτε στο ταμείο μας.',
    paid: 'Σας ευχαριστούμε, η πληρωμή σας ελήφθη.',
    pdf_missing: 'Το τιμολόγιο PDF δεν έχει δημιουργηθεί ακόμη.',
    cards_note: 'Πληρώνετε στην ασφαλή σελίδα του παρόχου πληρωμών μας· δεν βλέπουμε ποτέ τον αριθμό της κάρτας σας.',
  },
  es: {
    request: '{{dealership}}: su factura de la orden de reparación {{ro}} está lista. Pague {{amount}} de forma segura en línea: {{link}}',
    cancelled: '{{dealership}}: se canceló la solicitud de pago de la orden de reparación {{ro}}. No utilice el enlace anterior.',
    page_title: 'Su factura',
    order: 'Orden de reparación',
    invoice_total: 'Total de la factura',
    insurance: 'Cubierto por el seguro',
    prepaid: 'Cubierto por mantenimiento prepagado o garantía extendida',
    customer_pay: 'Usted paga',
    pay: 'Pagar {{amount}}',
    closed: 'Esta factura está cerrada, consulte con nuestra caja.',
    paid: 'Gracias, hemos recibido su pago.',
    pdf_missing: 'La factura en PDF aún no se ha generado.',
    cards_note: 'Paga en la página segura de nuestro procesador de tarjetas; nunca vemos el número de su tarjeta.',
  },
  fr: {
    request: '{{dealership}} : votre facture pour l’ordre de réparation {{ro}} est prête. Réglez {{amount}} en ligne en toute sécurité : {{link}}',
    cancelled: '{{dealership}} : la demande de paiement pour l’ordre de réparation {{ro}} a été annulée. Merci de ne plus utiliser le lien précédent.',
    page_title: 'Votre facture',
    order: 'Ordre de réparation',
    invoice_total: 'Total de la facture',
    insurance: 'Pris en charge par l’assurance',
    prepaid: 'Pris en charge par un contrat d’entretien prépayé ou une extension de garantie',
    customer_pay: 'Reste à votre charge',
    pay: 'Payer {{amount}}',
    closed: 'Cette facture est clôturée, merci de vous adresser à notre caisse.',
    paid: 'Merci, votre paiement a bien été reçu.',
    pdf_missing: 'La facture PDF n’est pas encore générée.',
    cards_note: 'Vous payez sur la page sécurisée de notre prestataire de paiement ; nous ne voyons jamais votre numéro de carte.',
  },
  it: {
    request: '{{dealership}}: la fattura dell’ordine di riparazione {{ro}} è pronta. Paghi {{amount}} online in modo sicuro: {{link}}',
    cancelled: '{{dealership}}: la richiesta di pagamento per l’ordine di riparazione {{ro}} è stata annullata. Non utilizzi il link precedente.',
    page_title: 'La sua fattura',
    order: 'Ordine di riparazione',
    invoice_total: 'Totale fattura',
    insurance: 'Coperto dall’assicurazione',
    prepaid: 'Coperto da manutenzione prepagata o estensione di garanzia',
    customer_pay: 'A suo carico',
    pay: 'Paga {{amount}}',
    closed: 'Questa fattura è stata chiusa, si rivolga alla nostra cassa.',
    paid: 'Grazie, abbiamo ricevuto il suo pagamento.',
    pdf_missing: 'La fattura in PDF non è ancora stata generata.',
    cards_note: 'Paga sulla pagina sicura del nostro gestore dei pagamenti; non vediamo mai il numero della sua carta.',
  },
  pt: {
    request: '{{dealership}}: a fatura da ordem de reparação {{ro}} está pronta. Pague {{amount}} online com segurança: {{link}}',
    cancelled: '{{dealership}}: o pedido de pagamento da ordem de reparação {{ro}} foi cancelado. Não utilize a ligação anterior.',
    page_title: 'A sua fatura',
    order: 'Ordem de reparação',
    invoice_total: 'Total da fatura',
    insurance: 'Coberto pelo seguro',
    prepaid: 'Coberto por manutenção pré-paga ou extensão de garantia',
    customer_pay: 'A pagar por si',
    pay: 'Pagar {{amount}}',
    closed: 'Esta fatura foi encerrada, por favor fale com a nossa caixa.',
    paid: 'Obrigado, recebemos o seu pagamento.',
    pdf_missing: 'A fatura em PDF ainda não foi gerada.',
    cards_note: 'Paga na página segura do nosso processador de cartões; nunca vemos o número do seu cartão.',
  },
  sv: {
    request: '{{dealership}}: din faktura för arbetsorder {{ro}} är klar. Betala {{amount}} säkert online: {{link}}',
    cancelled: '{{dealership}}: betalningsbegäran för arbetsorder {{ro}} har avbrutits. Använd inte den tidigare länken.',
    page_title: 'Din faktura',
    order: 'Arbetsorder',
    invoice_total: 'Fakturabelopp',
    insurance: 'Betalas av försäkringen',
    prepaid: 'Täcks av förbetald service eller förlängd garanti',
    customer_pay: 'Du betalar',
    pay: 'Betala {{amount}}',
    closed: 'Den här fakturan är stängd, vänd dig till vår kassa.',
    paid: 'Tack, vi har tagit emot din betalning.',
    pdf_missing: 'PDF-fakturan har inte skapats ännu.',
    cards_note: 'Du betalar på vår kortinlösares säkra sida; vi ser aldrig ditt kortnummer.',
  },
};

export type PaymentWordKey = keyof Words;

export function paymentWordsOf(locale: string | null | undefined): Words {
  const known = locale && isLocale(locale) ? locale : 'en-us';
  return known === 'de' || known === 'el' || known === 'es' || known === 'fr' || known === 'it' || known === 'pt' || known === 'sv' ? WORDS[known] : WORDS['en-us'];
}

export function paymentWords(locale: string | null | undefined, key: PaymentWordKey, vars: Record<string, string> = {}): string {
  return fill(paymentWordsOf(locale)[key], vars);
}

const fill = (text: string, vars: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => vars[name] ?? '');
