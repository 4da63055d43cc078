/**
 * Texts of the e-mails the server sends, per console locale (SPEC §5). `{{link}}` is replaced by
 * the link, which always stands on a line of its own. `debug` and unknown locales get en-us.
 */
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../shared/locales.js';

export type MailKind = 'password_reset' | 'magic_link';

export interface MailText {
  subject: string;
  text: string;
}

type MailCatalogue = Record<MailKind, MailText>;

const enUs: MailCatalogue = {
  password_reset: {
    subject: 'Reset your password',
    text:
      'Someone asked to reset the password of your dealership console account.\n\n' +
      'Choose a new password here (the link works for one hour, once):\n{{link}}\n\n' +
      'If it was not you, ignore this e-mail; your password stays as it is.',
  },
  magic_link: {
    subject: 'Your sign-in link',
    text: 'Sign in to the dealership console with this link (it works once, for 15 minutes):\n{{link}}',
  },
};

/** British English: none of these words is spelt differently, so it is the US text. */
const enGb: MailCatalogue = enUs;

const catalogue: Record<Locale, MailCatalogue> = {
  de: {
    password_reset: {
      subject: 'Passwort zurücksetzen',
      text:
        'Jemand hat angefordert, das Passwort Ihres Kontos für die Dealer Console zurückzusetzen.\n\n' +
        'Legen Sie hier ein neues Passwort fest (der Link ist eine Stunde lang gültig und kann nur einmal verwendet werden):\n{{link}}\n\n' +
        'Falls Sie das nicht waren, ignorieren Sie diese E-Mail; Ihr Passwort bleibt unverändert.',
    },
    magic_link: {
      subject: 'Ihr Anmeldelink',
      text: 'Melden Sie sich mit diesem Link bei der Dealer Console an (er kann einmal verwendet werden und ist 15 Minuten lang gültig):\n{{link}}',
    },
  },
  el: {
    password_reset: {
      subject: 'Επαναφορά κωδικού πρόσβασης',
      text:
        'Ζητήθηκε επαναφορά του κωδικού πρόσβασης του λογαριασμού σας στο Dealer Console.\n\n' +
        'Ορίστε νέο κωδικό πρόσβασης εδώ (ο σύνδεσμος ισχύει για μία ώρα και μπορεί να χρησιμοποιηθεί μόνο μία φορά):\n{{link}}\n\n' +
        'Αν δεν το ζητήσατε εσείς, αγνοήστε αυτό το e-mail. Ο κωδικός πρόσβασής σας παραμένει ως έχει.',
    },
    magic_link: {
      subject: 'Ο σύνδεσμος εισόδου σας',
      text: 'Συνδεθείτε στο Dealer Console με αυτόν τον σύνδεσμο (μπορεί να χρησιμοποιηθεί μία φορά, για 15 λεπτά):\n{{link}}',
    },
  },
  'en-us': enUs,
  'en-ca': { ...enUs },
  'en-gb': enGb,
  'en-uk': { ...enGb },
  es: {
    password_reset: {
      subject: 'Restablezca su contraseña',
      text:
        'Alguien ha solicitado restablecer la contraseña de su cuenta de Dealer Console.\n\n' +
        'Elija una nueva contraseña aquí (el enlace es válido durante una hora y solo puede usarse una vez):\n{{link}}\n\n' +
        'Si no ha sido usted, ignore este correo electrónico; su contraseña seguirá siendo la misma.',
    },
    magic_link: {
      subject: 'Su enlace de inicio de sesión',
      text: 'Inicie sesión en Dealer Console con este enlace (solo puede usarse una vez, durante 15 minutos):\n{{link}}',
    },
  },
  fr: {
    password_reset: {
      subject: 'Réinitialisation de votre mot de passe',
      text:
        "Quelqu'un a demandé la réinitialisation du mot de passe de votre compte Dealer Console.\n\n" +
        "Choisissez un nouveau mot de passe ici (le lien est valable une heure et ne peut être utilisé qu'une seule fois) :\n{{link}}\n\n" +
        "Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail ; votre mot de passe reste inchangé.",
    },
    magic_link: {
      subject: 'Votre lien de connexion',
      text: "Connectez-vous à Dealer Console avec ce lien (il n'est utilisable qu'une seule fois, pendant 15 minutes) :\n{{link}}",
    },
  },
  it: {
    password_reset: {
      subject: 'Reimpostazione della password',
      text:
        "È stata richiesta la reimpostazione della password dell'account Dealer Console associato a questo indirizzo.\n\n" +
        "Scelga una nuova password qui (il link è valido per un'ora e può essere usato una sola volta):\n{{link}}\n\n" +
        'Se la richiesta non è stata effettuata da Lei, ignori questa e-mail: la password resterà invariata.',
    },
    magic_link: {
      subject: 'Il Suo link di accesso',
      text: 'Acceda alla Dealer Console con questo link (può essere usato una sola volta, entro 15 minuti):\n{{link}}',
    },
  },
  pt: {
    password_reset: {
      subject: 'Redefinir a sua palavra-passe',
      text:
        'Alguém pediu para redefinir a palavra-passe da sua conta na Dealer Console.\n\n' +
        'Escolha uma nova palavra-passe aqui (a ligação é válida durante uma hora e só pode ser utilizada uma vez):\n{{link}}\n\n' +
        'Se não fez este pedido, ignore este e-mail; a sua palavra-passe mantém-se inalterada.',
    },
    magic_link: {
      subject: 'A sua ligação para iniciar sessão',
      text: 'Inicie sessão na Dealer Console com esta ligação (só pode ser utilizada uma vez, durante 15 minutos):\n{{link}}',
    },
  },
  sv: {
    password_reset: {
      subject: 'Återställ ditt lösenord',
      text:
        'Någon har begärt att lösenordet för ditt konto i Dealer Console ska återställas.\n\n' +
        'Välj ett nytt lösenord här (länken gäller i en timme och kan bara användas en gång):\n{{link}}\n\n' +
        'Om det inte var du kan du bortse från det här e-postmeddelandet; ditt lösenord förblir oförändrat.',
    },
    magic_link: {
      subject: 'Din inloggningslänk',
      text: 'Logga in i Dealer Console med den här länken (den kan användas en gång och gäller i 15 minuter):\n{{link}}',
    },
  },
  debug: { ...enUs },
};

function interpolate(template: string, vars: { link: string }): string {
  // A replacer function, so `$` in a link is never read as a replacement pattern.
  return template.replace(/\{\{link\}\}/g, () => vars.link);
}

/** The subject and body of an e-mail in the agent's locale; `debug` and unknown locales get en-us. */
export function mailText(kind: MailKind, locale: string, vars: { link: string }): MailText {
  const chosen: Locale = isLocale(locale) && locale !== 'debug' ? locale : DEFAULT_LOCALE;
  const entry = catalogue[chosen][kind];
  return { subject: interpolate(entry.subject, vars), text: interpolate(entry.text, vars) };
}
