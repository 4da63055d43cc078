/** The survey page's words, in every language of the console (en-ca, en-gb, en-uk read as en). */
export interface PageWords {
  title: string;
  order: string;
  question: string;
  low: string;
  high: string;
  comment: string;
  send: string;
  pick: string;
  thanks: string;
  rated: string;
  review: string;
  review_link: string;
  ended: string;
  invalid: string;
  failed: string;
}

const WORDS: Record<string, PageWords> = {
  en: {
    title: 'How was your visit?', order: 'Repair order {{ro}}', question: 'How likely are you to recommend us, from 0 to 10?', low: '0 = not at all', high: '10 = extremely likely',
    comment: 'Anything you would like to tell us? (optional)', send: 'Send my rating', pick: 'Please choose a number from 0 to 10.', thanks: 'Thank you for your rating!',
    rated: 'You rated your visit {{rating}} out of 10.', review: 'If you have a moment, you can also share your experience in a public review.', review_link: 'Write a review',
    ended: 'This survey has ended.', invalid: 'This survey link is not valid.', failed: 'Something went wrong. Please try again.',
  },
  de: {
    title: 'Wie war Ihr Besuch?', order: 'Werkstattauftrag {{ro}}', question: 'Wie wahrscheinlich ist es, dass Sie uns weiterempfehlen, von 0 bis 10?', low: '0 = gar nicht', high: '10 = äußerst wahrscheinlich',
    comment: 'Möchten Sie uns noch etwas sagen? (optional)', send: 'Bewertung senden', pick: 'Bitte wählen Sie eine Zahl von 0 bis 10.', thanks: 'Vielen Dank für Ihre Bewertung!',
    rated: 'Sie haben Ihren Besuch mit {{rating}} von 10 bewertet.', review: 'Wenn Sie einen Moment Zeit haben, können Sie Ihre Erfahrung auch in einer öffentlichen Bewertung teilen.', review_link: 'Bewertung schreiben',
    ended: 'Diese Umfrage ist beendet.', invalid: 'Dieser Umfragelink ist ungültig.', failed: 'Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.',
  },
  el: {
    title: 'Πώς ήταν η επίσκεψή σας;', order: 'Εντολή επισκευής {{ro}}', question: 'Πόσο πιθανό είναι να μας προτείνετε, από 0 έως 10;', low: '0 = καθόλου', high: '10 = εξαιρετικά πιθανό',
    comment: 'Θέλετε να μας πείτε κάτι; (προαιρετικό)', send: 'Αποστολή βαθμολογίας', pick: 'Επιλέξτε έναν αριθμό από 0 έως 10.', thanks: 'Σας ευχαριστούμε για τη βαθμολογία σας!',
    rated: 'Βαθμολογήσατε την επίσκεψή σας με {{rating}} στα 10.', review: 'Αν έχετε λίγο χρόνο, μπορείτε επίσης να μοιραστείτε την εμπειρία σας σε μια δημόσια αξιολόγηση.', review_link: 'Γράψτε μια αξιολόγηση',
    ended: 'Αυτή η έρευνα έχει λήξει.', invalid: 'Αυτός ο σύνδεσμος έρευνας δεν είναι έγκυρος.', failed: 'Κάτι πήγε στραβά. Δοκιμάστε ξανά.',
  },
  es: {
    title: '¿Qué tal fue su visita?', order: 'Orden de reparación {{ro}}', question: '¿Qué probabilidad hay de que nos recomiende, del 0 al 10?', low: '0 = ninguna', high: '10 = muy probable',
    comment: '¿Quiere contarnos algo? (opcional)', send: 'Enviar mi valoración', pick: 'Elija un número del 0 al 10.', thanks: '¡Gracias por su valoración!',
    rated: 'Valoró su visita con {{rating}} de 10.', review: 'Si tiene un momento, también puede compartir su experiencia en una reseña pública.', review_link: 'Escribir una reseña',
    ended: 'Esta encuesta ha terminado.', invalid: 'Este enlace de encuesta no es válido.', failed: 'Algo salió mal. Inténtelo de nuevo.',
  },
  fr: {
    title: 'Comment s’est passée votre visite ?', order: 'Ordre de réparation {{ro}}', question: 'Quelle est la probabilité que vous nous recommandiez, de 0 à 10 ?', low: '0 = pas du tout', high: '10 = très probable',
    comment: 'Souhaitez-vous nous dire quelque chose ? (facultatif)', send: 'Envoyer ma note', pick: 'Veuillez choisir un chiffre de 0 à 10.', thanks: 'Merci pour votre note !',
    rated: 'Vous avez noté votre visite {{rating}} sur 10.', review: 'Si vous avez un instant, vous pouvez aussi partager votre expérience dans un avis public.', review_link: 'Laisser un avis',
    ended: 'Cette enquête est terminée.', invalid: 'Ce lien d’enquête n’est pas valide.', failed: 'Une erreur est survenue. Veuillez réessayer.',
  },
  it: {
    title: 'Com’è andata la sua visita?', order: 'Ordine di riparazione {{ro}}', question: 'Quanto è probabile che ci consigli, da 0 a 10?', low: '0 = per niente', high: '10 = molto probabile',
    comment: 'Vuole dirci qualcosa? (facoltativo)', send: 'Invia la valutazione', pick: 'Scelga un numero da 0 a 10.', thanks: 'Grazie per la sua valutazione!',
    rated: 'Ha valutato la visita {{rating}} su 10.', review: 'Se ha un momento, può anche condividere la sua esperienza in una recensione pubblica.', review_link: 'Scrivi una recensione',
    ended: 'Questo sondaggio è terminato.', invalid: 'Questo link al sondaggio non è valido.', failed: 'Qualcosa è andato storto. Riprovi.',
  },
  pt: {
    title: 'Como correu a sua visita?', order: 'Ordem de reparação {{ro}}', question: 'Qual a probabilidade de nos recomendar, de 0 a 10?', low: '0 = nada provável', high: '10 = muito provável',
    comment: 'Quer dizer-nos alguma coisa? (opcional)', send: 'Enviar a avaliação', pick: 'Escolha um número de 0 a 10.', thanks: 'Obrigado pela sua avaliação!',
    rated: 'Avaliou a sua visita com {{rating}} de 10.', review: 'Se tiver um momento, também pode partilhar a sua experiência numa avaliação pública.', review_link: 'Escrever uma avaliação',
    ended: 'Este inquérito terminou.', invalid: 'Este link de inquérito não é válido.', failed: 'Algo correu mal. Tente novamente.',
  },
  sv: {
    title: 'Hur var ditt besök?', order: 'Verkstadsorder {{ro}}', question: 'Hur troligt är det att du rekommenderar oss, från 0 till 10?', low: '0 = inte alls', high: '10 = mycket troligt',
    comment: 'Vill du berätta något för oss? (valfritt)', send: 'Skicka mitt betyg', pick: 'Välj en siffra från 0 till 10.', thanks: 'Tack för ditt betyg!',
    rated: 'Du gav ditt besök {{rating}} av 10.', review: 'Om du har en stund kan du också dela din upplevelse i en offentlig recension.', review_link: 'Skriv en recension',
    ended: 'Den här enkäten har avslutats.', invalid: 'Den här enkätlänken är inte giltig.', failed: 'Något gick fel. Försök igen.',
  },
};

export function wordsFor(locale: string | null | undefined): { lang: string; words: PageWords } {
  const language = (locale ?? '').slice(0, 2).toLowerCase();
  return Object.hasOwn(WORDS, language) ? { lang: locale ?? language, words: WORDS[language]! } : { lang: 'en-US', words: WORDS.en! };
}

export const fill = (text: string, vars: Record<string, string | number>): string => text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
