/**
 * Whether a customer's text answers the survey with a rating (README "Customer satisfaction (CSI)"):
 * only asked while the order's survey is open, and only a text that STARTS with a whole number from
 * 0 to 10 standing as a word of its own. After the number may come:
 * - nothing, punctuation or an emoji ("9", "10!", "8.", "7 :)"),
 * - "/10", "out of 10" or "of 10" ("9/10", "8 out of 10 thanks"),
 * - a comment, after punctuation ("9, great service", "3 - waited two hours") or a space
 *   ("9 great service"), unless the first word makes the number a quantity or a time:
 *   "2 more questions", "5 minutes away", "3 pm", "10 o'clock", "4 cars", "5:30", "3.5", "10am".
 * Everything else is an ordinary text: "I'll be there at 5", "Is it ready? 10 mins", "11", "-1".
 */
import { COMMENT_MAX, RATING_MAX } from '../../shared/csi/surveys.js';

/**
 * First words that turn a number into a count, a unit or a time, in the languages customers
 * write in (a comment that starts with one of them is not a rating).
 */
const COUNTING_WORDS = new Set(
  [
    // English
    'more', 'less', 'fewer', 'other', 'others', 'another', 'of', 'or', 'and', 'to', 'more?', 'min', 'mins', 'minute', 'minutes', 'hr', 'hrs', 'hour', 'hours', 'h', 'sec',
    'secs', 'second', 'seconds', 'day', 'days', 'week', 'weeks', 'month', 'months', 'year', 'years', 'am', 'pm', 'a.m.', 'p.m.', "o'clock", 'oclock', 'o’clock', 'questions',
    'question', 'things', 'thing', 'items', 'cars', 'car', 'tires', 'tyres', 'people', 'kids', 'dollars', 'bucks', 'usd', 'eur', 'times', 'x', 'miles', 'mi', 'km', 'percent',
    'am?', 'pm?', 'today', 'tomorrow', 'tonight', 'ish', 'th', 'st', 'nd', 'rd', 'is', 'are', 'was', 'were', 'will', 'would', 'can', 'should', 'more.',
    // Spanish, French, Italian, Portuguese
    'más', 'mas', 'minutos', 'horas', 'hora', 'días', 'dias', 'preguntas', 'coches', 'veces', 'de', 'y', 'o', 'plus', 'heures', 'heure', 'jours', 'questions', 'fois',
    'et', 'ou', 'ore', 'giorni', 'domande', 'volte', 'e', 'più', 'perguntas', 'vezes', 'carros',
    // German, Swedish, Greek
    'mehr', 'minuten', 'stunden', 'stunde', 'tage', 'fragen', 'uhr', 'mal', 'und', 'oder', 'till', 'fler', 'minuter', 'timmar', 'dagar', 'frågor', 'gånger', 'och', 'eller',
    'λεπτά', 'ώρες', 'μέρες', 'ερωτήσεις', 'φορές', 'και', 'ή',
  ].map((word) => word.toLowerCase()),
);

export interface RatingReply {
  rating: number;
  comment: string;
}

// A whole number 0–10 as the first word (not a part of 3.5, 5:30, 10am, 100 or -1), what follows it.
const LEADING_RATING = /^(10|[0-9])(?![0-9.,:]\d)(?![\p{L}\d])(.*)$/su;
const OUT_OF_TEN = /^\s*(?:\/\s*10|out of 10|of 10|sur 10|de 10|von 10|su 10|av 10|στα 10)(?![\d])/iu;

/** The rating and comment a text gives, or null when it is an ordinary text. */
export function ratingOfReply(text: string): RatingReply | null {
  const trimmed = text.normalize('NFC').trim();
  const match = LEADING_RATING.exec(trimmed);
  if (!match) return null;
  const rating = Number(match[1]);
  if (rating > RATING_MAX) return null;
  let rest = match[2] ?? '';
  const outOf = OUT_OF_TEN.exec(rest);
  if (outOf) rest = rest.slice(outOf[0].length);
  if (rest.trim() === '') return { rating, comment: '' };

  // After punctuation (or an out-of-ten), what follows is a comment.
  const separated = /^\s*[!.,;:)\-–—~*]+/u.exec(rest);
  if (separated || outOf) return { rating, comment: cleanComment(rest) };

  // Only a space: the next word decides whether the number counts something.
  if (!/^\s/u.test(rest)) {
    // An emoji or symbol right after the number ("10👍") is a rating with a comment.
    return /^\p{Extended_Pictographic}/u.test(rest) ? { rating, comment: cleanComment(rest) } : null;
  }
  const firstWord = rest.trim().split(/\s+/u)[0]!.toLowerCase().replace(/[!?.,;:]+$/u, '');
  if (COUNTING_WORDS.has(firstWord) || /^\d/u.test(firstWord)) return null;
  return { rating, comment: cleanComment(rest) };
}

function cleanComment(rest: string): string {
  const words = rest.replace(/^[\s!.,;:)\-–—~*]+/u, '').trim();
  // Punctuation alone is a face (":(", ":-)"), kept as written.
  if (words === '') return '';
  return (/[\p{L}\p{N}\p{Extended_Pictographic}]/u.test(words) ? words : rest.trim()).slice(0, COMMENT_MAX);
}
