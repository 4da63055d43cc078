/**
 * What a customer's text says about consent. Carriers and the law expect an opt-out to be honoured
 * in any reasonable wording, not only a bare STOP; a text that merely contains a keyword ("don't
 * stop the work", "cancel my appointment") must not unsubscribe anyone.
 *
 * The rules, in order:
 * 1. The whole text is keywords, with politeness around them (please, thanks, thank you, now, ok):
 *    opt-out (STOP, UNSUBSCRIBE, CANCEL, END, QUIT, REVOKE, OPTOUT, REMOVE, ARRET…), opt-in (START,
 *    UNSTOP, YES) or help (HELP, INFO). An opt-out among them wins.
 * 2. An explicit opt-out phrase anywhere: "stop/quit texting me", "don't text me anymore",
 *    "no more texts", "remove me from your list", "unsubscribe me", "opt out", unless negated
 *    ("please don't stop texting me").
 * 3. An explicit opt-in phrase: "start texting me again".
 * Case, accents (ARRÊT) and emoji do not matter.
 */

export type ConsentIntent = 'opt_out' | 'opt_in' | 'help' | null;

export interface ConsentReading {
  intent: ConsentIntent;
  /** The words that decided it, upper case without accents (`STOP`, `OPT OUT`, `STOP TEXTING ME`); null when none. */
  keyword: string | null;
}

const OPT_OUT_KEYWORDS = ['stop', 'stopall', 'stop all', 'unsubscribe', 'cancel', 'end', 'quit', 'revoke', 'optout', 'opt-out', 'opt out', 'remove', 'arret'];
const OPT_IN_KEYWORDS = ['start', 'unstop', 'yes'];
const HELP_KEYWORDS = ['help', 'info'];

/** Words that may surround a keyword without changing what the text means. */
const POLITENESS = /\b(?:thank you|thanks|thank u|thx|ty|please|pls|plz|now|ok|okay)\b/g;

const NEGATION = String.raw`(?:don'?t|do not|dont|never|not|didn'?t|won'?t|can'?t|no need to)`;
const TEXTING_NOUN = String.raw`(?:text messages?|texts?|txts?|messages?|msgs?|sms|notifications?|alerts?)`;
const TEXTING_VERB = String.raw`(?:texting|txting|messaging|contacting|spamming|sending (?:me )?(?:any ?more |more |these |those |the |your )?${TEXTING_NOUN})`;
/** What may follow a complete request: the end of a clause, or words that only stress it. */
const CLAUSE_END = String.raw`(?: (?:anymore|any more|again|ever again|ever|at all|please|thanks|thank you|ok|okay))*(?= ,|$)`;
const LISTED = String.raw`(?:of )?(?:your |the |this |that |all |ur |my |these |texting |mailing |contact )*(?:[a-z]+ )?(?:list|lists|texts|messages|system|database|contacts)\b`;
const ME = String.raw`(?:me|my (?:cell |phone |mobile )?(?:number|phone))`;

/** Opt-out phrases that may stand anywhere in a longer text, unless a negation comes before them. */
const OPT_OUT_PHRASES: RegExp[] = [
  // stop texting me · quit messaging me · stop the texts · stop sending me messages
  new RegExp(String.raw`\b(?:stop|quit|cease)(?: all)? (?:${TEXTING_VERB}|(?:the |these |those |your |all )?${TEXTING_NOUN})\b(?: me\b)?`, 'g'),
  // unsubscribe me · opt me out · how do I opt out
  /\b(?:unsubscribe|optout|opt-out|opt out|opt me out|stopall)\b/g,
  // remove me from your list · take my number off the list · remove me.
  new RegExp(String.raw`\b(?:remove|delete|take) ${ME} (?:off|from) ${LISTED}`, 'g'),
  new RegExp(String.raw`\b(?:remove|delete) ${ME}${CLAUSE_END}`, 'g'),
  new RegExp(String.raw`\btake ${ME} off${CLAUSE_END}`, 'g'),
  // revoke my consent
  /\brevoke (?:my |all )?(?:consent|permission)\b/g,
  /\bno more (?:text messages|texts|texting|messages|msgs|sms)\b/g,
];

/**
 * "don't text me anymore", "do not contact me", "I don't want these texts": a negated request to
 * be texted is an opt-out, when it ends the clause ("don't text me until it's ready" is not).
 */
const NEGATED_TEXTING = new RegExp(
  String.raw`\b${NEGATION} (?:ever )?(?:text|txt|message|contact|sms) (?:me|this number)${CLAUSE_END}|\b${NEGATION} want (?:any ?more |more |these |those |your |any )?${TEXTING_NOUN}${CLAUSE_END}`,
);

const OPT_IN_PHRASES: RegExp[] = [new RegExp(String.raw`\b(?:start|resume|restart) (?:${TEXTING_VERB}|${TEXTING_NOUN})(?: me)?(?: again)?\b`, 'g')];

/** A clause that ends in a negation and at most two more words ("don't", "I don't want to"). */
const ENDS_NEGATED = new RegExp(String.raw`(?:^|\s)${NEGATION}(?: [a-z']+){0,2}$`);

/**
 * Lower case, no accents or emoji, words separated by single spaces (apostrophes and in-word
 * hyphens kept), and each run of clause punctuation as a ` , ` word so phrases do not match
 * across clauses and a negation in one clause does not reach into the next.
 */
function wordsOf(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc`\u00b4]/g, "'")
    .replace(/[\p{Extended_Pictographic}\p{Emoji_Modifier}\u200d\ufe0f\u{1f1e6}-\u{1f1ff}]/gu, ' ')
    .replace(/[.,;:!?()\u2026]+/g, ' , ')
    .replace(/[^a-z0-9'\-,\s]/g, ' ')
    .replace(/(^|\s)['-]+|['-]+(?=\s|$)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const KEYWORD_INTENTS: [string, Exclude<ConsentIntent, null>][] = [
  ...OPT_OUT_KEYWORDS.map((k): [string, 'opt_out'] => [k, 'opt_out']),
  ...OPT_IN_KEYWORDS.map((k): [string, 'opt_in'] => [k, 'opt_in']),
  ...HELP_KEYWORDS.map((k): [string, 'help'] => [k, 'help']),
].sort(([a], [b]) => b.length - a.length);
const ANY_KEYWORD = KEYWORD_INTENTS.map(([k]) => k.replace(/-/g, '\\-')).join('|');
const ONLY_KEYWORDS = new RegExp(`^(?:${ANY_KEYWORD})(?: (?:${ANY_KEYWORD}))*$`);
const EACH_KEYWORD = new RegExp(`(?:^| )(${ANY_KEYWORD})(?= |$)`, 'g');

/**
 * When the whole text is keywords (politeness and punctuation aside), what they ask for and the
 * first keyword of it. An opt-out among them wins ("STOP HELP"): honouring it is the safe side.
 */
function wholeText(words: string): ConsentReading | null {
  const rest = words.replace(/,/g, ' ').replace(POLITENESS, ' ').replace(/\s+/g, ' ').trim();
  if (!rest || !ONLY_KEYWORDS.test(rest)) return null;
  const found = [...rest.matchAll(EACH_KEYWORD)].map((m) => m[1]!);
  for (const intent of ['opt_out', 'opt_in', 'help'] as const) {
    const keyword = found.find((word) => KEYWORD_INTENTS.some(([k, i]) => k === word && i === intent));
    if (keyword) return { intent, keyword: keyword.toUpperCase() };
  }
  return null;
}

/** Whether the clause before `index` ends in a negation. */
function negatedBefore(words: string, index: number): boolean {
  const clause = words.slice(0, index).split(',').at(-1)?.trim() ?? '';
  return ENDS_NEGATED.test(clause);
}

function firstUnnegated(words: string, patterns: RegExp[]): string | null {
  for (const pattern of patterns) {
    for (const match of words.matchAll(pattern)) {
      if (!negatedBefore(words, match.index)) return match[0];
    }
  }
  return null;
}

const upper = (matched: string) => matched.toUpperCase();

/** Reads a customer's text for an opt-out, an opt-in or a request for help. */
export function consentIntent(text: string): ConsentReading {
  const words = wordsOf(text);
  if (!words.replace(/,/g, '').trim()) return { intent: null, keyword: null };

  const keywords = wholeText(words);
  if (keywords) return keywords;

  const negatedTexting = NEGATED_TEXTING.exec(words);
  if (negatedTexting) return { intent: 'opt_out', keyword: upper(negatedTexting[0]) };
  const phrase = firstUnnegated(words, OPT_OUT_PHRASES);
  if (phrase) return { intent: 'opt_out', keyword: upper(phrase) };
  const again = firstUnnegated(words, OPT_IN_PHRASES);
  if (again) return { intent: 'opt_in', keyword: upper(again) };
  return { intent: null, keyword: null };
}
