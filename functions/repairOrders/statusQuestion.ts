/**
 * Whether a customer's text asks where their car stands: STATUS (the word a store tells customers
 * to text) or one short question of the kind customers send ("is my car ready?", "any update?",
 * "¿ya está listo?", "ist mein Auto fertig?"), in any of the console's languages whatever the
 * customer's language is on file. The whole text must be the question, greetings and politeness
 * aside: a longer message ("is it ready? I can come at 5", "can you update my address") is for the
 * advisor, and an automatic answer that misread it would be worse than none.
 */

/** Lower case, no accents, letters of any script and digits, words separated by single spaces. */
function wordsOf(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc`\u00b4']/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Greetings, politeness and fillers that may come before or after the question without changing it. */
const AROUND = String.raw`(?:hi|hello|hey|good (?:morning|afternoon)|please|pls|plz|thanks|thank you|thx|ty|just checking|checking in|quick question|hola|buenos dias|buenas tardes|por favor|gracias|bonjour|salut|svp|sil vous plait|merci|hallo|guten tag|moin|bitte|danke|ciao|buongiorno|per favore|grazie|ola|bom dia|boa tarde|obrigad[oa]|hej|tack|γεια(?: σας)?|καλημερα|παρακαλω|ευχαριστω)`;

const CAR_EN = String.raw`(?:my |the )?(?:car|vehicle|truck|suv|van)`;
const CAR_ES = String.raw`(?:mi |el )?(?:carro|coche|auto|vehiculo|camioneta)`;
const CAR_FR = String.raw`(?:(?:ma |la )?voiture|(?:mon |le )?vehicule)`;
const CAR_DE = String.raw`(?:mein |das |der )?(?:auto|wagen|fahrzeug)`;
const CAR_IT = String.raw`(?:(?:la mia |la )?(?:auto|macchina)|(?:il mio |il )?veicolo)`;
const CAR_PT = String.raw`(?:o meu |o )?(?:carro|veiculo)`;
const CAR_SV = String.raw`(?:min |mitt )?(?:bil(?:en)?|fordon(?:et)?)`;
const CAR_EL = String.raw`(?:το )?(?:αυτοκινητο|αμαξι|οχημα)(?: μου)?`;

/** The questions, each the whole text once greetings are set aside. */
const QUESTIONS = [
  // English
  String.raw`status|update|updates|status update|any (?:update|updates|news)(?: on ${CAR_EN})?|(?:whats|what is) the status(?: of ${CAR_EN})?`,
  String.raw`(?:is|will) (?:${CAR_EN}|it) (?:be )?(?:ready|done|finished)(?: yet| today| soon)?|(?:when|what time) (?:will|is) (?:${CAR_EN}|it) (?:be )?(?:ready|done|finished)`,
  String.raw`how is ${CAR_EN} (?:coming(?: along)?|doing)|hows ${CAR_EN} (?:coming(?: along)?|doing)`,
  // Español
  String.raw`estado|actualizacion|(?:ya )?esta list[oa](?: ${CAR_ES})?|${CAR_ES} (?:ya )?esta list[oa]|como va ${CAR_ES}|cuando (?:estara|va a estar) list[oa](?: ${CAR_ES})?`,
  // Français
  String.raw`statut|etat|(?:est ce que )?(?:${CAR_FR}) est (?:elle |il )?pret(?:e)?|ou en est (?:${CAR_FR})|cest pret|quand (?:${CAR_FR}|elle|il) sera (?:t (?:elle|il) )?pret(?:e)?`,
  // Deutsch
  String.raw`status|stand|(?:ist )?${CAR_DE} (?:schon )?fertig|ist (?:es|er) (?:schon )?fertig|wann ist ${CAR_DE} fertig`,
  // Italiano
  String.raw`stato|(?:${CAR_IT}) e pront[ao]|e pront[ao](?: ${CAR_IT})?|quando sara pront[ao](?: ${CAR_IT})?`,
  // Português
  String.raw`estado|ponto de situacao|(?:${CAR_PT}) (?:ja )?esta pront[oa]|(?:ja )?esta pront[oa](?: ${CAR_PT})?|quando (?:fica|estara) pront[oa](?: ${CAR_PT})?`,
  // Svenska
  String.raw`status|ar ${CAR_SV} klar(?:t)?|ar (?:den|det) klar(?:t)?|nar ar ${CAR_SV} klar(?:t)?`,
  // Ελληνικά
  String.raw`κατασταση|ενημερωση|(?:ειναι )?ετοιμο(?: ${CAR_EL})?|${CAR_EL} ειναι ετοιμο|ποτε (?:θα )?ειναι ετοιμο(?: ${CAR_EL})?`,
];

const QUESTION = new RegExp(String.raw`^(?:${AROUND} )*(?:${QUESTIONS.join('|')})(?: ${AROUND})*$`, 'u');

/** Whether the whole text asks for the status of the customer's vehicle. */
export function asksForStatus(text: string): boolean {
  const words = wordsOf(text);
  return words !== '' && words.length <= 80 && QUESTION.test(words);
}
