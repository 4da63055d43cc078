/**
 * Texts the console writes to customers itself (the opt-out notice on a first text, the answers to
 * HELP, STOP and START, the request to opt in) and the system notes it stores in a conversation
 * (SPEC §8), in the console's locales. `{{dealership}}`, `{{phone}}` and `{{link}}` are filled in.
 * Also the default wording of the automated texts whose words are settings (vehicle ready, the
 * inspection link): while a store keeps the default, the customer reads it in their language.
 *
 * Carrier rules expect every text to identify the business: `namingDealership` is the one rule
 * (a text that does not name the dealership gets "<Dealership>: " before it), used by every path
 * that writes to a customer on its own (automated texts, the opt-out notice of a first text).
 *
 * The keywords stay STOP, START and YES in every language: they are what the carrier and
 * functions/messages/keywords.ts recognise, so a customer who replies with the word the text
 * names is understood. `debug`, unknown locales and null get en-us; en-ca, en-gb and en-uk read as
 * en-us (none of these words is spelt differently, and none is an MPI/VHC word).
 */
import { formatDate } from '../../shared/dates.js';
import { DEFAULT_LOCALE, intlTag, isLocale, type Locale } from '../../shared/locales.js';

export const CUSTOMER_TEXT_KEYS = [
  'optOutNotice',
  'helpReply',
  'optOutConfirmation',
  'optInConfirmation',
  'optInRequest',
  'orderClosedNote',
  'notificationNotDeliveredNote',
  'reminderSoonNote',
  'dealershipPrefix',
  'vehicleReady',
  'inspectionLink',
  'appointmentReminder',
  'serviceReminder',
  'serviceWelcome',
  'prewelcome',
  'statusCheckedIn',
  'statusInService',
  'statusAwaitingApproval',
  'statusFinishing',
  'statusReady',
  'statusPromised',
] as const;
export type CustomerTextKey = (typeof CUSTOMER_TEXT_KEYS)[number];

/** The placeholders each text needs. */
export interface CustomerTextVars {
  optOutNotice: Record<string, never>;
  helpReply: { dealership: string; phone: string };
  optOutConfirmation: { dealership: string };
  optInConfirmation: { dealership: string };
  optInRequest: { dealership: string };
  orderClosedNote: Record<string, never>;
  notificationNotDeliveredNote: Record<string, never>;
  reminderSoonNote: Record<string, never>;
  dealershipPrefix: { dealership: string };
  vehicleReady: { dealership: string };
  inspectionLink: { dealership: string; link: string };
  appointmentReminder: { dealership: string; date: string; time: string };
  serviceReminder: { dealership: string };
  serviceWelcome: { dealership: string };
  prewelcome: { dealership: string; date: string; time: string };
  statusCheckedIn: Record<string, never>;
  statusInService: Record<string, never>;
  statusAwaitingApproval: Record<string, never>;
  statusFinishing: Record<string, never>;
  statusReady: Record<string, never>;
  statusPromised: { date: string; time: string };
}

type Catalogue = Record<CustomerTextKey, string>;

const enUs: Catalogue = {
  optOutNotice: 'Reply STOP to opt out',
  helpReply: '{{dealership}}: for help call {{phone}}. Msg&data rates may apply. Reply STOP to opt out.',
  optOutConfirmation: 'You have been unsubscribed from {{dealership}} texts and will receive no further messages. Reply START to resubscribe.',
  optInConfirmation: 'You are subscribed to {{dealership}} texts again. Reply STOP to opt out.',
  optInRequest: '{{dealership}} would like to text you about your vehicle. Reply YES to receive texts or STOP to opt out.',
  orderClosedNote: 'Order has been closed.',
  notificationNotDeliveredNote: "Notification won't be delivered.",
  reminderSoonNote: 'Reminder will be sent shortly.',
  dealershipPrefix: '{{dealership}}: ',
  vehicleReady: '{{dealership}}: Your vehicle is ready for pick-up.',
  appointmentReminder: '{{dealership}}: Reminder: your service appointment is on {{date}} at {{time}}. Reply C to confirm.',
  serviceReminder: '{{dealership}}: It is time for your next service. Reply to book an appointment.',
  serviceWelcome:
    '{{dealership}}: Welcome! Thank you for choosing us for your service visit. Your advisor will text you here with updates; reply any time with a question.',
  prewelcome: '{{dealership}}: We look forward to seeing you on {{date}} at {{time}}. Reply here if you need to change your visit.',
  statusCheckedIn: 'Your vehicle is checked in and waiting for a technician.',
  statusInService: 'Your vehicle is being worked on.',
  statusAwaitingApproval: 'Your inspection results are waiting for you to approve or decline the recommended work.',
  statusFinishing: 'The work on your vehicle is done; we are finishing up the paperwork.',
  statusReady: 'Your vehicle is ready for pick-up.',
  statusPromised: 'We expect it to be ready on {{date}} at {{time}}.',
  inspectionLink:
    '{{dealership}}: Your vehicle inspection is ready. Review the recommended work and approve what you would like us to do: {{link}}',
};

const catalogue: Record<Exclude<Locale, 'debug'>, Catalogue> = {
  'en-us': enUs,
  'en-ca': enUs,
  'en-gb': enUs,
  'en-uk': enUs,
  de: {
    optOutNotice: 'Antworten Sie mit STOP, um sich abzumelden',
    helpReply: '{{dealership}}: Hilfe erhalten Sie unter {{phone}}. Es können Kosten für Nachrichten und Daten anfallen. Antworten Sie mit STOP, um sich abzumelden.',
    optOutConfirmation:
      'Sie wurden von den Textnachrichten von {{dealership}} abgemeldet und erhalten keine weiteren Nachrichten. Antworten Sie mit START, um sich wieder anzumelden.',
    optInConfirmation: 'Sie erhalten wieder Textnachrichten von {{dealership}}. Antworten Sie mit STOP, um sich abzumelden.',
    optInRequest:
      '{{dealership}} möchte Ihnen Textnachrichten zu Ihrem Fahrzeug senden. Antworten Sie mit YES, um Nachrichten zu erhalten, oder mit STOP, um sich abzumelden.',
    orderClosedNote: 'Der Auftrag wurde abgeschlossen.',
    notificationNotDeliveredNote: 'Die Benachrichtigung wird nicht zugestellt.',
    reminderSoonNote: 'Die Erinnerung wird in Kürze gesendet.',
    dealershipPrefix: '{{dealership}}: ',
    vehicleReady: '{{dealership}}: Ihr Fahrzeug ist abholbereit.',
    appointmentReminder: '{{dealership}}: Erinnerung: Ihr Servicetermin ist am {{date}} um {{time}}. Antworten Sie mit C, um ihn zu bestätigen.',
    serviceReminder: '{{dealership}}: Es ist Zeit für Ihren nächsten Service. Antworten Sie, um einen Termin zu vereinbaren.',
    serviceWelcome:
      '{{dealership}}: Willkommen! Danke, dass Sie sich für unseren Service entschieden haben. Ihr Serviceberater informiert Sie hier per SMS; antworten Sie jederzeit, wenn Sie Fragen haben.',
    prewelcome: '{{dealership}}: Wir freuen uns auf Ihren Besuch am {{date}} um {{time}}. Antworten Sie hier, falls Sie den Termin ändern möchten.',
    statusCheckedIn: 'Ihr Fahrzeug ist angenommen und wartet auf einen Mechaniker.',
    statusInService: 'An Ihrem Fahrzeug wird gerade gearbeitet.',
    statusAwaitingApproval: 'Die Ergebnisse der Inspektion warten auf Ihre Freigabe oder Ablehnung der empfohlenen Arbeiten.',
    statusFinishing: 'Die Arbeiten an Ihrem Fahrzeug sind erledigt; wir bereiten gerade die Rechnung vor.',
    statusReady: 'Ihr Fahrzeug ist abholbereit.',
    statusPromised: 'Voraussichtlich ist es am {{date}} um {{time}} fertig.',
    inspectionLink:
      '{{dealership}}: Die Inspektion Ihres Fahrzeugs ist fertig. Sehen Sie sich die empfohlenen Arbeiten an und geben Sie frei, was wir erledigen sollen: {{link}}',
  },
  el: {
    optOutNotice: 'Απαντήστε STOP για να μη λαμβάνετε άλλα μηνύματα',
    helpReply: '{{dealership}}: για βοήθεια καλέστε στο {{phone}}. Ενδέχεται να ισχύουν χρεώσεις μηνυμάτων και δεδομένων. Απαντήστε STOP για να μη λαμβάνετε άλλα μηνύματα.',
    optOutConfirmation:
      'Δεν θα λαμβάνετε πλέον μηνύματα από την αντιπροσωπεία {{dealership}}. Απαντήστε START για να τα λαμβάνετε ξανά.',
    optInConfirmation: 'Θα λαμβάνετε ξανά μηνύματα από την αντιπροσωπεία {{dealership}}. Απαντήστε STOP για να μη λαμβάνετε άλλα μηνύματα.',
    optInRequest:
      'Η αντιπροσωπεία {{dealership}} θα ήθελε να σας στέλνει μηνύματα για το όχημά σας. Απαντήστε YES για να λαμβάνετε μηνύματα ή STOP για να μη λαμβάνετε.',
    orderClosedNote: 'Η εντολή έχει κλείσει.',
    notificationNotDeliveredNote: 'Η ειδοποίηση δεν θα παραδοθεί.',
    reminderSoonNote: 'Η υπενθύμιση θα σταλεί σύντομα.',
    dealershipPrefix: '{{dealership}}: ',
    vehicleReady: '{{dealership}}: Το όχημά σας είναι έτοιμο για παραλαβή.',
    appointmentReminder: '{{dealership}}: Υπενθύμιση: το ραντεβού σέρβις σας είναι στις {{date}} και ώρα {{time}}. Απαντήστε C για επιβεβαίωση.',
    serviceReminder: '{{dealership}}: Ήρθε η ώρα για το επόμενο σέρβις σας. Απαντήστε για να κλείσετε ραντεβού.',
    serviceWelcome:
      '{{dealership}}: Καλώς ήρθατε! Σας ευχαριστούμε που μας εμπιστευτήκατε για το σέρβις σας. Ο σύμβουλός σας θα σας ενημερώνει εδώ με μηνύματα· απαντήστε οποιαδήποτε στιγμή για ό,τι χρειαστείτε.',
    prewelcome: '{{dealership}}: Σας περιμένουμε στις {{date}} και ώρα {{time}}. Απαντήστε εδώ αν χρειάζεται να αλλάξετε το ραντεβού σας.',
    statusCheckedIn: 'Το όχημά σας έχει παραληφθεί και περιμένει τεχνικό.',
    statusInService: 'Το όχημά σας βρίσκεται υπό επισκευή.',
    statusAwaitingApproval: 'Τα αποτελέσματα του ελέγχου περιμένουν να εγκρίνετε ή να απορρίψετε τις προτεινόμενες εργασίες.',
    statusFinishing: 'Οι εργασίες στο όχημά σας ολοκληρώθηκαν· ετοιμάζουμε τα χαρτιά.',
    statusReady: 'Το όχημά σας είναι έτοιμο για παραλαβή.',
    statusPromised: 'Αναμένουμε να είναι έτοιμο στις {{date}} και ώρα {{time}}.',
    inspectionLink:
      '{{dealership}}: Ο έλεγχος του οχήματός σας είναι έτοιμος. Δείτε τις προτεινόμενες εργασίες και εγκρίνετε όσες θέλετε να κάνουμε: {{link}}',
  },
  es: {
    optOutNotice: 'Responda STOP para darse de baja',
    helpReply: '{{dealership}}: para obtener ayuda, llame al {{phone}}. Pueden aplicarse tarifas de mensajes y datos. Responda STOP para darse de baja.',
    optOutConfirmation:
      'Se ha cancelado su suscripción a los mensajes de {{dealership}} y no recibirá más mensajes. Responda START para volver a suscribirse.',
    optInConfirmation: 'Su suscripción a los mensajes de {{dealership}} se ha reactivado. Responda STOP para darse de baja.',
    optInRequest:
      '{{dealership}} quiere enviarle mensajes sobre su vehículo. Responda YES para recibir mensajes o STOP para darse de baja.',
    orderClosedNote: 'La orden se ha cerrado.',
    notificationNotDeliveredNote: 'La notificación no se entregará.',
    reminderSoonNote: 'El recordatorio se enviará en breve.',
    dealershipPrefix: '{{dealership}}: ',
    vehicleReady: '{{dealership}}: Su vehículo está listo para recoger.',
    appointmentReminder: '{{dealership}}: Recordatorio: su cita de servicio es el {{date}} a las {{time}}. Responda C para confirmarla.',
    serviceReminder: '{{dealership}}: Es hora de su próximo servicio. Responda para reservar una cita.',
    serviceWelcome:
      '{{dealership}}: ¡Bienvenido! Gracias por confiarnos el servicio de su vehículo. Su asesor le mantendrá informado por aquí; responda cuando quiera si tiene alguna pregunta.',
    prewelcome: '{{dealership}}: Le esperamos el {{date}} a las {{time}}. Responda aquí si necesita cambiar su cita.',
    statusCheckedIn: 'Su vehículo está registrado y esperando a un técnico.',
    statusInService: 'Estamos trabajando en su vehículo.',
    statusAwaitingApproval: 'Los resultados de la inspección esperan que apruebe o rechace los trabajos recomendados.',
    statusFinishing: 'El trabajo en su vehículo está terminado; estamos preparando la factura.',
    statusReady: 'Su vehículo está listo para recoger.',
    statusPromised: 'Prevemos tenerlo listo el {{date}} a las {{time}}.',
    inspectionLink:
      '{{dealership}}: La inspección de su vehículo está lista. Revise los trabajos recomendados y apruebe los que quiera que hagamos: {{link}}',
  },
  fr: {
    optOutNotice: 'Répondez STOP pour vous désabonner',
    helpReply: "{{dealership}} : pour obtenir de l'aide, appelez le {{phone}}. Des frais de messagerie et de données peuvent s'appliquer. Répondez STOP pour vous désabonner.",
    optOutConfirmation:
      'Votre abonnement aux SMS de {{dealership}} a été résilié et vous ne recevrez plus aucun message. Répondez START pour vous réabonner.',
    optInConfirmation: 'Votre abonnement aux SMS de {{dealership}} est de nouveau actif. Répondez STOP pour vous désabonner.',
    optInRequest:
      '{{dealership}} souhaite vous envoyer des SMS au sujet de votre véhicule. Répondez YES pour recevoir des SMS ou STOP pour vous désabonner.',
    orderClosedNote: "L'ordre de réparation a été clôturé.",
    notificationNotDeliveredNote: 'La notification ne sera pas envoyée.',
    reminderSoonNote: 'Le rappel sera envoyé sous peu.',
    dealershipPrefix: '{{dealership}} : ',
    vehicleReady: '{{dealership}} : Votre véhicule est prêt, vous pouvez venir le récupérer.',
    appointmentReminder: '{{dealership}} : Rappel : votre rendez-vous d’entretien est le {{date}} à {{time}}. Répondez C pour le confirmer.',
    serviceReminder: '{{dealership}} : C’est le moment de votre prochain entretien. Répondez pour prendre rendez-vous.',
    serviceWelcome:
      '{{dealership}} : Bienvenue ! Merci de nous avoir confié l’entretien de votre véhicule. Votre conseiller vous tiendra informé ici par SMS ; répondez à tout moment si vous avez une question.',
    prewelcome: '{{dealership}} : Nous vous attendons le {{date}} à {{time}}. Répondez ici si vous devez modifier votre rendez-vous.',
    statusCheckedIn: 'Votre véhicule est enregistré et attend un technicien.',
    statusInService: 'Nous travaillons actuellement sur votre véhicule.',
    statusAwaitingApproval: "Les résultats de l'inspection attendent que vous acceptiez ou refusiez les travaux recommandés.",
    statusFinishing: 'Les travaux sur votre véhicule sont terminés ; nous préparons la facture.',
    statusReady: 'Votre véhicule est prêt, vous pouvez venir le récupérer.',
    statusPromised: "Nous prévoyons qu'il soit prêt le {{date}} à {{time}}.",
    inspectionLink:
      "{{dealership}} : L'inspection de votre véhicule est prête. Consultez les travaux recommandés et acceptez ceux que vous souhaitez nous confier : {{link}}",
  },
  it: {
    optOutNotice: "Risponda STOP per annullare l'iscrizione",
    helpReply:
      "{{dealership}}: per assistenza chiami il numero {{phone}}. Potrebbero essere applicati costi per messaggi e dati. Risponda STOP per annullare l'iscrizione.",
    optOutConfirmation:
      'La Sua iscrizione ai messaggi di {{dealership}} è stata annullata e non riceverà altri messaggi. Risponda START per iscriversi di nuovo.',
    optInConfirmation: "La Sua iscrizione ai messaggi di {{dealership}} è di nuovo attiva. Risponda STOP per annullare l'iscrizione.",
    optInRequest:
      "{{dealership}} desidera inviarLe messaggi sul Suo veicolo. Risponda YES per ricevere i messaggi o STOP per annullare l'iscrizione.",
    orderClosedNote: "L'ordine è stato chiuso.",
    notificationNotDeliveredNote: 'La notifica non verrà recapitata.',
    reminderSoonNote: 'Il promemoria verrà inviato a breve.',
    dealershipPrefix: '{{dealership}}: ',
    vehicleReady: '{{dealership}}: Il Suo veicolo è pronto per il ritiro.',
    appointmentReminder: '{{dealership}}: Promemoria: il Suo appuntamento in officina è il {{date}} alle {{time}}. Risponda C per confermarlo.',
    serviceReminder: '{{dealership}}: È il momento del prossimo tagliando. Risponda per prenotare un appuntamento.',
    serviceWelcome:
      '{{dealership}}: Benvenuto! Grazie per averci scelto per l’assistenza del Suo veicolo. Il Suo consulente La aggiornerà qui via SMS; risponda quando vuole per qualsiasi domanda.',
    prewelcome: '{{dealership}}: La aspettiamo il {{date}} alle {{time}}. Risponda qui se deve spostare l’appuntamento.',
    statusCheckedIn: 'Il Suo veicolo è stato accettato ed è in attesa di un tecnico.',
    statusInService: 'Stiamo lavorando sul Suo veicolo.',
    statusAwaitingApproval: "I risultati dell'ispezione attendono che Lei approvi o rifiuti i lavori consigliati.",
    statusFinishing: 'I lavori sul Suo veicolo sono terminati; stiamo preparando la fattura.',
    statusReady: 'Il Suo veicolo è pronto per il ritiro.',
    statusPromised: 'Prevediamo che sia pronto il {{date}} alle {{time}}.',
    inspectionLink:
      "{{dealership}}: L'ispezione del Suo veicolo è pronta. Consulti i lavori consigliati e approvi quelli che desidera farci eseguire: {{link}}",
  },
  pt: {
    optOutNotice: 'Responda STOP para cancelar a subscrição',
    helpReply:
      '{{dealership}}: para obter ajuda, ligue para {{phone}}. Podem aplicar-se tarifas de mensagens e dados. Responda STOP para cancelar a subscrição.',
    optOutConfirmation:
      'A sua subscrição das mensagens de {{dealership}} foi cancelada e não receberá mais mensagens. Responda START para voltar a subscrever.',
    optInConfirmation: 'Voltou a subscrever as mensagens de {{dealership}}. Responda STOP para cancelar a subscrição.',
    optInRequest:
      '{{dealership}} gostaria de lhe enviar mensagens sobre o seu veículo. Responda YES para receber mensagens ou STOP para cancelar a subscrição.',
    orderClosedNote: 'A ordem de reparação foi fechada.',
    notificationNotDeliveredNote: 'A notificação não será entregue.',
    reminderSoonNote: 'O lembrete será enviado em breve.',
    dealershipPrefix: '{{dealership}}: ',
    vehicleReady: '{{dealership}}: O seu veículo está pronto para ser levantado.',
    appointmentReminder: '{{dealership}}: Lembrete: a sua marcação na oficina é no dia {{date}} às {{time}}. Responda C para confirmar.',
    serviceReminder: '{{dealership}}: Está na hora da próxima revisão. Responda para marcar uma visita.',
    serviceWelcome:
      '{{dealership}}: Bem-vindo! Obrigado por nos confiar a manutenção do seu veículo. O seu consultor irá mantê-lo informado por aqui; responda quando quiser se tiver alguma dúvida.',
    prewelcome: '{{dealership}}: Esperamos por si no dia {{date}} às {{time}}. Responda aqui se precisar de alterar a marcação.',
    statusCheckedIn: 'O seu veículo deu entrada e aguarda um técnico.',
    statusInService: 'Estamos a trabalhar no seu veículo.',
    statusAwaitingApproval: 'Os resultados da inspeção aguardam que aprove ou recuse os trabalhos recomendados.',
    statusFinishing: 'Os trabalhos no seu veículo estão concluídos; estamos a preparar a fatura.',
    statusReady: 'O seu veículo está pronto para ser levantado.',
    statusPromised: 'Prevemos que esteja pronto no dia {{date}} às {{time}}.',
    inspectionLink:
      '{{dealership}}: A inspeção do seu veículo está pronta. Consulte os trabalhos recomendados e aprove os que pretende que façamos: {{link}}',
  },
  sv: {
    optOutNotice: 'Svara STOP för att avregistrera dig',
    helpReply: '{{dealership}}: ring {{phone}} för hjälp. Avgifter för meddelanden och data kan tillkomma. Svara STOP för att avregistrera dig.',
    optOutConfirmation:
      'Du har avregistrerats från sms från {{dealership}} och får inga fler meddelanden. Svara START för att registrera dig igen.',
    optInConfirmation: 'Du får sms från {{dealership}} igen. Svara STOP för att avregistrera dig.',
    optInRequest: '{{dealership}} vill skicka sms till dig om ditt fordon. Svara YES för att få sms eller STOP för att avregistrera dig.',
    orderClosedNote: 'Ordern har stängts.',
    notificationNotDeliveredNote: 'Aviseringen kommer inte att levereras.',
    reminderSoonNote: 'Påminnelsen skickas inom kort.',
    dealershipPrefix: '{{dealership}}: ',
    vehicleReady: '{{dealership}}: Ditt fordon är klart att hämtas.',
    appointmentReminder: '{{dealership}}: Påminnelse: din servicetid är {{date}} kl. {{time}}. Svara C för att bekräfta.',
    serviceReminder: '{{dealership}}: Det är dags för din nästa service. Svara för att boka en tid.',
    serviceWelcome:
      '{{dealership}}: Välkommen! Tack för att du har valt oss för din service. Din servicerådgivare håller dig uppdaterad här via sms; svara när som helst om du har frågor.',
    prewelcome: '{{dealership}}: Vi ser fram emot ditt besök {{date}} kl. {{time}}. Svara här om du behöver ändra din tid.',
    statusCheckedIn: 'Ditt fordon är incheckat och väntar på en tekniker.',
    statusInService: 'Vi arbetar med ditt fordon just nu.',
    statusAwaitingApproval: 'Inspektionsresultatet väntar på att du godkänner eller avböjer de rekommenderade arbetena.',
    statusFinishing: 'Arbetet med ditt fordon är klart; vi gör i ordning fakturan.',
    statusReady: 'Ditt fordon är klart att hämtas.',
    statusPromised: 'Vi räknar med att det är klart {{date}} kl. {{time}}.',
    inspectionLink:
      '{{dealership}}: Inspektionen av ditt fordon är klar. Se de rekommenderade arbetena och godkänn det du vill att vi gör: {{link}}',
  },
};

function catalogueFor(locale: string | null): Catalogue {
  const lower = locale?.toLowerCase() ?? '';
  const chosen = isLocale(lower) && lower !== 'debug' ? lower : DEFAULT_LOCALE;
  return catalogue[chosen as Exclude<Locale, 'debug'>];
}

/** A text for a customer in their language (null or unknown: en-us), placeholders filled in. */
export function customerText<K extends CustomerTextKey>(key: K, locale: string | null, ...[vars]: CustomerTextVars[K] extends Record<string, never> ? [vars?: CustomerTextVars[K]] : [vars: CustomerTextVars[K]]): string {
  const values: Record<string, string> = { ...(vars ?? {}) };
  // A replacer function, so `$` in a dealership's name is never read as a replacement pattern.
  return catalogueFor(locale)[key].replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) => values[name] ?? placeholder);
}

/** Whether a text names the dealership already (letter case and spacing aside); a store with no name has nothing to add. */
export function namesDealership(text: string, dealership: string): boolean {
  const squash = (value: string) => value.toLocaleLowerCase().replace(/\s+/g, ' ').trim();
  const name = squash(dealership);
  return name === '' || squash(text).includes(name);
}

/**
 * The rule every text the console writes on its own follows: the text as written when it names
 * the dealership, else with "<Dealership>: " before it (the locale's punctuation: French puts a
 * space before the colon).
 */
export function namingDealership(text: string, dealership: string, locale: string | null): string {
  return namesDealership(text, dealership) ? text : `${customerText('dealershipPrefix', locale, { dealership: dealership.trim() })}${text}`;
}

/**
 * The first text to a number: the text, then the opt-out notice on a line of its own. A first
 * text must identify the business too, so when the text does not name the dealership the notice
 * does ("Demo Motors North: Reply STOP to opt out").
 */
export function withOptOutLine(text: string, locale: string | null, dealership: string): string {
  const notice = customerText('optOutNotice', locale);
  const line = namesDealership(text, dealership) ? notice : namingDealership(notice, dealership, locale);
  return text.trim() === '' ? line : `${text}\n${line}`;
}

/** A moment (an appointment, an order's promised time) as the customer reads it, where the store is: its day in the locale's date format and its time. */
export function customerMoment(at: string, locale: string, timeZone: string): { date: string; time: string } {
  const lang: Locale = isLocale(locale) ? locale : DEFAULT_LOCALE;
  const time = new Intl.DateTimeFormat(intlTag(lang), { hour: 'numeric', minute: '2-digit', timeZone }).format(new Date(at));
  return { date: formatDate(at, lang, timeZone), time };
}
