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
};

const english: Words = {
  request: '{{dealership}}: your invoice for repair order {{ro}} is ready. Pay {{amount}} securely online: {{link}}',
  cancelled: '{{dealership}}: the payment request for repair order {{ro}} was cancelled, so there is nothing to pay online. Your visit: {{link}}',
  receipt: '{{dealership}}: thank you, we received your payment of {{amount}} for repair order {{ro}} on {{date}}. Your receipt: {{link}}',
};

const WORDS: Record<Exclude<Locale, 'debug' | 'en-ca' | 'en-gb' | 'en-uk'>, Words> = {
  'en-us': english,
  de: {
    request: '{{dealership}}: Ihre Rechnung zum Werkstattauftrag {{ro}} ist fertig. Bezahlen Sie {{amount}} sicher online: {{link}}',
    cancelled: '{{dealership}}: Die Zahlungsanforderung zum Werkstattauftrag {{ro}} wurde storniert; online ist nichts zu bezahlen. Ihr Besuch: {{link}}',
    receipt: '{{dealership}}: Vielen Dank, wir haben Ihre Zahlung von {{amount}} zum Werkstattauftrag {{ro}} am {{date}} erhalten. Ihr Zahlungsbeleg: {{link}}',
  },
  el: {
    request: '{{dealership}}: Το τιμολόγιο για την εντολή επισκευής {{ro}} είναι έτοιμο. Πληρώστε {{amount}} με ασφάλεια online: {{link}}',
    cancelled: '{{dealership}}: Το αίτημα πληρωμής για την εντολή επισκευής {{ro}} ακυρώθηκε, οπότε δεν χρειάζεται πληρωμή online. Η επίσκεψή σας: {{link}}',
    receipt: '{{dealership}}: Σας ευχαριστούμε, λάβαμε την πληρωμή σας ύψους {{amount}} για την εντολή επισκευής {{ro}} στις {{date}}. Η απόδειξή σας: {{link}}',
  },
  es: {
    request: '{{dealership}}: su factura de la orden de reparación {{ro}} está lista. Pague {{amount}} de forma segura en línea: {{link}}',
    cancelled: '{{dealership}}: se canceló la solicitud de pago de la orden de reparación {{ro}}, así que no hay nada que pagar en línea. Su visita: {{link}}',
    receipt: '{{dealership}}: gracias, hemos recibido su pago de {{amount}} de la orden de reparación {{ro}} el {{date}}. Su recibo: {{link}}',
  },
  fr: {
    request: '{{dealership}} : votre facture pour l’ordre de réparation {{ro}} est prête. Réglez {{amount}} en ligne en toute sécurité : {{link}}',
    cancelled: '{{dealership}} : la demande de paiement pour l’ordre de réparation {{ro}} a été annulée ; vous n’avez rien à régler en ligne. Votre visite : {{link}}',
    receipt: '{{dealership}} : merci, nous avons bien reçu votre paiement de {{amount}} pour l’ordre de réparation {{ro}} le {{date}}. Votre reçu : {{link}}',
  },
  it: {
    request: '{{dealership}}: la fattura dell’ordine di riparazione {{ro}} è pronta. Paghi {{amount}} online in modo sicuro: {{link}}',
    cancelled: '{{dealership}}: la richiesta di pagamento per l’ordine di riparazione {{ro}} è stata annullata, quindi non c’è nulla da pagare online. La sua visita: {{link}}',
    receipt: '{{dealership}}: grazie, abbiamo ricevuto il suo pagamento di {{amount}} per l’ordine di riparazione {{ro}} il {{date}}. La sua ricevuta: {{link}}',
  },
  pt: {
    request: '{{dealership}}: a fatura da ordem de reparação {{ro}} está pronta. Pague {{amount}} online com segurança: {{link}}',
    cancelled: '{{dealership}}: o pedido de pagamento da ordem de reparação {{ro}} foi cancelado, por isso não há nada a pagar online. A sua visita: {{link}}',
    receipt: '{{dealership}}: obrigado, recebemos o seu pagamento de {{amount}} da ordem de reparação {{ro}} em {{date}}. O seu recibo: {{link}}',
  },
  sv: {
    request: '{{dealership}}: din faktura för arbetsorder {{ro}} är klar. Betala {{amount}} säkert online: {{link}}',
    cancelled: '{{dealership}}: betalningsbegäran för arbetsorder {{ro}} har avbrutits, så det finns inget att betala online. Ditt besök: {{link}}',
    receipt: '{{dealership}}: tack, vi har tagit emot din betalning på {{amount}} för arbetsorder {{ro}} den {{date}}. Ditt kvitto: {{link}}',
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
