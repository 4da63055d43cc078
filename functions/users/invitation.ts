/**
 * The invitation e-mail: the dealership that invites, in the location's language, and the sign-in
 * link on a line of its own (functions/sessions/links.ts sends it). `debug` and unknown locales get en-us.
 */
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../shared/locales.js';
import type { MailText } from '../lib/mailTexts.js';

/** A week: long enough for a new hire to find it; a manager sends another link when it runs out. */
export const INVITATION_SECONDS = 7 * 24 * 3600;

type Words = (dealership: string, link: string) => MailText;

const enUs: Words = (d, link) => ({
  subject: `${d} invited you to the dealership console`,
  text: `${d} has set up an account for you in the dealership console.\n\nSign in with this link (it works once, for 7 days), then choose your password under My profile:\n${link}`,
});

const WORDS: Record<Exclude<Locale, 'debug'>, Words> = {
  'en-us': enUs,
  'en-ca': enUs,
  'en-gb': enUs,
  'en-uk': enUs,
  de: (d, link) => ({
    subject: `${d} hat Sie zur Dealer Console eingeladen`,
    text: `${d} hat für Sie ein Konto in der Dealer Console angelegt.\n\nMelden Sie sich mit diesem Link an (einmal verwendbar, 7 Tage gültig) und legen Sie dann unter „Mein Profil“ Ihr Passwort fest:\n${link}`,
  }),
  el: (d, link) => ({
    subject: `Η ${d} σας προσκάλεσε στην κονσόλα της αντιπροσωπείας`,
    text: `Η ${d} δημιούργησε για εσάς λογαριασμό στην κονσόλα της αντιπροσωπείας.\n\nΣυνδεθείτε με αυτόν τον σύνδεσμο (ισχύει μία φορά, για 7 ημέρες) και μετά ορίστε τον κωδικό σας στο «Το προφίλ μου»:\n${link}`,
  }),
  es: (d, link) => ({
    subject: `${d} le ha invitado a la consola del concesionario`,
    text: `${d} le ha creado una cuenta en la consola del concesionario.\n\nInicie sesión con este enlace (se puede usar una vez, durante 7 días) y después elija su contraseña en «Mi perfil»:\n${link}`,
  }),
  fr: (d, link) => ({
    subject: `${d} vous invite sur la console de la concession`,
    text: `${d} vous a créé un compte sur la console de la concession.\n\nConnectez-vous avec ce lien (utilisable une fois, pendant 7 jours), puis choisissez votre mot de passe dans « Mon profil » :\n${link}`,
  }),
  it: (d, link) => ({
    subject: `${d} ti ha invitato nella console della concessionaria`,
    text: `${d} ha creato per te un account nella console della concessionaria.\n\nAccedi con questo link (valido una sola volta, per 7 giorni), poi scegli la tua password in «Il mio profilo»:\n${link}`,
  }),
  pt: (d, link) => ({
    subject: `${d} convidou-o para a consola do concessionário`,
    text: `${d} criou uma conta para si na consola do concessionário.\n\nInicie sessão com esta ligação (utilizável uma vez, durante 7 dias) e depois escolha a sua palavra-passe em «O meu perfil»:\n${link}`,
  }),
  sv: (d, link) => ({
    subject: `${d} har bjudit in dig till återförsäljarkonsolen`,
    text: `${d} har skapat ett konto åt dig i återförsäljarkonsolen.\n\nLogga in med den här länken (den kan användas en gång och gäller i 7 dagar) och välj sedan ditt lösenord under ”Min profil”:\n${link}`,
  }),
};

export function invitationMail(locale: string, dealership: string, link: string): MailText {
  const chosen = isLocale(locale) && locale !== 'debug' ? locale : DEFAULT_LOCALE;
  return WORDS[chosen as Exclude<Locale, 'debug'>](dealership, link);
}
