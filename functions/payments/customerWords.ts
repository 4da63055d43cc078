/**
 * What text-to-pay texts to customers, in the customer's language (the visit page's payment part has
 * its own words: web/src/features/payments/visit/locales/):
 * every text names the dealership. `{{dealership}}`, `{{amount}}`, `{{ro}}` and `{{link}}` are filled in.
 */
import { isLocale, type Locale } from '../../shared/locales.js';

type Words = {
  request: string;
  cancelled: string;
  /** After paid: the amount and the date, never the card. */
  receipt: string;
  /** The receipt e-mailed from the visit page ("E-mail me the receipt"): `{{name}}` is the payer's as they typed it. */
  receipt_email_subject: string;
  receipt_email: string;
  /** The link at the top of the visit page to the payment (landing_settings.pay_button), when the store kept the default button text. */
  pay_shortcut: string;
};

const english: Words = {
  request: '{{dealership}}: your invoice for repair order {{ro}} is ready. Pay {{amount}} securely online: {{link}}',
  cancelled: '{{dealership}}: the payment request for repair order {{ro}} was cancelled, so there is nothing to pay online. Your visit: {{link}}',
  receipt: '{{dealership}}: thank you, we received your payment of {{amount}} for repair order {{ro}} on {{date}}. Your receipt: {{link}}',
  receipt_email_subject: 'Your receipt from {{dealership}}, repair order {{ro}}',
  receipt_email: 'Hello {{name}},\n\nThank you for your payment. Here is your receipt.\n\nDealership: {{dealership}}\nRepair order: {{ro}}\nAmount paid: {{amount}}\nPaid on: {{date}}\nPaid by: {{name}}\n\nYour visit: {{link}}\n\n{{dealership}}',
  pay_shortcut: 'Pay {{amount}}',
};

const WORDS: Record<Exclude<Locale, 'debug' | 'en-ca' | 'en-gb' | 'en-uk'>, Words> = {
  'en-us': english,
  de: {
    request: '{{dealership}}: Ihre Rechnung zum Werkstattauftrag {{ro}} ist fertig. Bezahlen Sie {{amount}} sicher online: {{link}}',
    cancelled: '{{dealership}}: Die Zahlungsanforderung zum Werkstattauftrag {{ro}} wurde storniert; online ist nichts zu bezahlen. Ihr Besuch: {{link}}',
    receipt: '{{dealership}}: Vielen Dank, wir haben Ihre Zahlung von {{amount}} zum Werkstattauftrag {{ro}} am {{date}} erhalten. Ihr Zahlungsbeleg: {{link}}',
    receipt_email_subject: 'Ihr Zahlungsbeleg von {{dealership}}, Werkstattauftrag {{ro}}',
    receipt_email: 'Guten Tag {{name}},\n\nvielen Dank für Ihre Zahlung. Hier ist Ihr Zahlungsbeleg.\n\nAutohaus: {{dealership}}\nWerkstattauftrag: {{ro}}\nGezahlter Betrag: {{amount}}\nBezahlt am: {{date}}\nBezahlt von: {{name}}\n\nIhr Besuch: {{link}}\n\n{{dealership}}',
    pay_shortcut: '{{amount}} bezahlen',
  },
  el: {
    request: '{{dealership}}: Το τιμολόγιο για την εντολή επισκευής {{ro}} είναι έτοιμο. Πληρώστε {{amount}} με ασφάλεια online: {{link}}',
    cancelled: '{{dealership}}: Το αίτημα πληρωμής για την εντολή επισκευής {{ro}} ακυρώθηκε, οπότε δεν χρειάζεται πληρωμή online. Η επίσκεψή σας: {{link}}',
    receipt: '{{dealership}}: Σας ευχαριστούμε, λάβαμε την πληρωμή σας ύψους {{amount}} για την εντολή επισκευής {{ro}} στις {{date}}. Η απόδειξή σας: {{link}}',
    receipt_email_subject: 'Η απόδειξή σας από {{dealership}}, εντολή επισκευής {{ro}}',
    receipt_email: 'Γεια σας {{name}},\n\nΣας ευχαριστούμε για την πληρωμή σας. Ακολουθεί η απόδειξή σας.\n\nΑντιπροσωπεία: {{dealership}}\nΕντολή επισκευής: {{ro}}\nΠοσό πληρωμής: {{amount}}\nΗμερομηνία πληρωμής: {{date}}\nΠληρώθηκε από: {{name}}\n\nΗ επίσκεψή σας: {{link}}\n\n{{dealership}}',
    pay_shortcut: 'Πληρωμή {{amount}}',
  },
  es: {
    request: '{{dealership}}: su factura de la orden de reparación {{ro}} está lista. Pague {{amount}} de forma segura en línea: {{link}}',
    cancelled: '{{dealership}}: se canceló la solicitud de pago de la orden de reparación {{ro}}, así que no hay nada que pagar en línea. Su visita: {{link}}',
    receipt: '{{dealership}}: gracias, hemos recibido su pago de {{amount}} de la orden de reparación {{ro}} el {{date}}. Su recibo: {{link}}',
    receipt_email_subject: 'Su recibo de {{dealership}}, orden de reparación {{ro}}',
    receipt_email: 'Hola, {{name}}:\n\nGracias por su pago. Aquí tiene su recibo.\n\nConcesionario: {{dealership}}\nOrden de reparación: {{ro}}\nImporte pagado: {{amount}}\nFecha de pago: {{date}}\nPagado por: {{name}}\n\nSu visita: {{link}}\n\n{{dealership}}',
    pay_shortcut: 'Pagar {{amount}}',
  },
  fr: {
    request: '{{dealership}} : votre facture pour l’ordre de réparation {{ro}} est prête. Réglez {{amount}} en ligne en toute sécurité : {{link}}',
    cancelled: '{{dealership}} : la demande de paiement pour l’ordre de réparation {{ro}} a été annulée ; vous n’avez rien à régler en ligne. Votre visite : {{link}}',
    receipt: '{{dealership}} : merci, nous avons bien reçu votre paiement de {{amount}} pour l’ordre de réparation {{ro}} le {{date}}. Votre reçu : {{link}}',
    receipt_email_subject: 'Votre reçu de {{dealership}}, ordre de réparation {{ro}}',
    receipt_email: 'Bonjour {{name}},\n\nMerci pour votre paiement. Voici votre reçu.\n\nConcession : {{dealership}}\nOrdre de réparation : {{ro}}\nMontant payé : {{amount}}\nPayé le : {{date}}\nPayé par : {{name}}\n\nVotre visite : {{link}}\n\n{{dealership}}',
    pay_shortcut: 'Payer {{amount}}',
  },
  it: {
    request: '{{dealership}}: la fattura dell’ordine di riparazione {{ro}} è pronta. Paghi {{amount}} online in modo sicuro: {{link}}',
    cancelled: '{{dealership}}: la richiesta di pagamento per l’ordine di riparazione {{ro}} è stata annullata, quindi non c’è nulla da pagare online. La sua visita: {{link}}',
    receipt: '{{dealership}}: grazie, abbiamo ricevuto il suo pagamento di {{amount}} per l’ordine di riparazione {{ro}} il {{date}}. La sua ricevuta: {{link}}',
    receipt_email_subject: 'La sua ricevuta da {{dealership}}, ordine di riparazione {{ro}}',
    receipt_email: 'Gentile {{name}},\n\ngrazie per il pagamento. Ecco la sua ricevuta.\n\nConcessionaria: {{dealership}}\nOrdine di riparazione: {{ro}}\nImporto pagato: {{amount}}\nPagato il: {{date}}\nPagato da: {{name}}\n\nLa sua visita: {{link}}\n\n{{dealership}}',
    pay_shortcut: 'Paga {{amount}}',
  },
  pt: {
    request: '{{dealership}}: a fatura da ordem de reparação {{ro}} está pronta. Pague {{amount}} online com segurança: {{link}}',
    cancelled: '{{dealership}}: o pedido de pagamento da ordem de reparação {{ro}} foi cancelado, por isso não há nada a pagar online. A sua visita: {{link}}',
    receipt: '{{dealership}}: obrigado, recebemos o seu pagamento de {{amount}} da ordem de reparação {{ro}} em {{date}}. O seu recibo: {{link}}',
    receipt_email_subject: 'O seu recibo de {{dealership}}, ordem de reparação {{ro}}',
    receipt_email: 'Olá {{name}},\n\nObrigado pelo seu pagamento. Aqui está o seu recibo.\n\nConcessionário: {{dealership}}\nOrdem de reparação: {{ro}}\nValor pago: {{amount}}\nPago em: {{date}}\nPago por: {{name}}\n\nA sua visita: {{link}}\n\n{{dealership}}',
    pay_shortcut: 'Pagar {{amount}}',
  },
  sv: {
    request: '{{dealership}}: din faktura för arbetsorder {{ro}} är klar. Betala {{amount}} säkert online: {{link}}',
    cancelled: '{{dealership}}: betalningsbegäran för arbetsorder {{ro}} har avbrutits, så det finns inget att betala online. Ditt besök: {{link}}',
    receipt: '{{dealership}}: tack, vi har tagit emot din betalning på {{amount}} för arbetsorder {{ro}} den {{date}}. Ditt kvitto: {{link}}',
    receipt_email_subject: 'Ditt kvitto från {{dealership}}, arbetsorder {{ro}}',
    receipt_email: 'Hej {{name}},\n\nTack för din betalning. Här är ditt kvitto.\n\nBilhandlare: {{dealership}}\nArbetsorder: {{ro}}\nBetalt belopp: {{amount}}\nBetalt den: {{date}}\nBetalt av: {{name}}\n\nDitt besök: {{link}}\n\n{{dealership}}',
    pay_shortcut: 'Betala {{amount}}',
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
