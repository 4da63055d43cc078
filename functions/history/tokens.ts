/**
 * What a record is found by (docs/data-model.md "History search"): the tokens of a search entry,
 * each the key of one small partition that a Query reads whole, and the same tokens made from what
 * an agent typed. Pure: the store (records.ts) turns tokens into keys.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import type { SearchEntry } from '../lib/boardModule.js';
import type { HistoryMatch } from '../../shared/history/types.js';
import { SEARCH_WORD_MIN } from '../../shared/history/schemas.js';
import { searchName } from '../customers/records.js';

/**
 * One way of finding a record. `phone` holds both the E.164 digits and the national digits (the
 * agent types either); `word` is a name word, kept under its first three letters and found by its
 * start (`joh` finds john); `pair` is two words of one name (`john#smith`), kept under both their
 * first three letters, so that a search of two word starts reads only the names that have both
 * (`joh smi` reads the johns who are smiths, not every john and every smith); `word_closed` is a
 * name word's own records by closing time, so that a search of one word start reads its page, not
 * every record of every word that starts so.
 */
export type TokenField = 'phone' | 'phone_last4' | 'ro_number' | 'vin' | 'vin_last8' | 'word' | 'pair' | 'word_closed';

export interface Token {
  field: TokenField;
  value: string;
}

/** Whole identifiers answer before the ends of one and before names. */
export const EXACT_FIELDS: ReadonlySet<TokenField> = new Set(['phone', 'ro_number', 'vin']);

export const VIN_LENGTH = 17;
export const VIN_END = 8;
export const PHONE_END = 4;

/** The E.164 number's digits and its national digits (+16175550142: 16175550142 and 6175550142). */
export function phoneDigits(e164: string): string[] {
  const all = e164.replace(/\D/g, '');
  const national = parsePhoneNumberFromString(e164)?.nationalNumber;
  return [...new Set([all, ...(national ? [String(national)] : [])])];
}

/**
 * How many of a name's words are kept as tokens: people are found by their first few, and an entry's
 * items (its word pairs grow with the square) stay well inside one transaction's 100 writes however
 * long a name the DMS sends.
 */
export const NAME_WORDS_KEPT = 4;

/** A name's words as found: lowercased, accents gone, each at least 3 characters, the first few of them. */
export function nameWords(name: string): string[] {
  return [...new Set(searchName(name).split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= SEARCH_WORD_MIN))].slice(0, NAME_WORDS_KEPT);
}

const compactId = (value: string): string => value.replace(/[\s.-]/g, '');

/** Every token of an entry: the partitions its record is written into. */
export function entryTokens(entry: Pick<SearchEntry, 'phone' | 'ro_number' | 'vin' | 'customer_name'>): Token[] {
  const tokens: Token[] = [];
  if (entry.phone) {
    for (const digits of phoneDigits(entry.phone)) tokens.push({ field: 'phone', value: digits });
    const digits = entry.phone.replace(/\D/g, '');
    if (digits.length >= PHONE_END) tokens.push({ field: 'phone_last4', value: digits.slice(-PHONE_END) });
  }
  const ro = entry.ro_number ? compactId(entry.ro_number).toLowerCase() : '';
  if (ro) tokens.push({ field: 'ro_number', value: ro });
  const vin = entry.vin ? compactId(entry.vin).toUpperCase() : '';
  if (vin) {
    tokens.push({ field: 'vin', value: vin });
    if (vin.length > VIN_END) tokens.push({ field: 'vin_last8', value: vin.slice(-VIN_END) });
  }
  const words = nameWords(entry.customer_name ?? '');
  for (const word of words) tokens.push({ field: 'word', value: word }, { field: 'word_closed', value: word });
  for (const first of words) for (const second of words) if (first !== second) tokens.push({ field: 'pair', value: `${first}#${second}` });
  return tokens;
}

/**
 * What the box asks for: the tokens to look up, any of which finds a record (`anyOf`), or name
 * words that must all be found (`allWords`). A phone, an RO number or a VIN is one token of digits
 * and letters; anything else is a name (the check refused words shorter than 3 characters).
 */
export function queryTokens(q: string): { anyOf: Token[]; allWords: string[] } {
  const compact = q.replace(/[\s()+.-]/g, '');
  const digitsOnly = /^\d+$/.test(compact);
  const oneWord = /^[\p{L}\p{N}]+$/u.test(compact);
  const identifier = oneWord && /\d/.test(compact);
  const anyOf: Token[] = [];
  if (digitsOnly) anyOf.push(compact.length === PHONE_END ? { field: 'phone_last4', value: compact } : { field: 'phone', value: compact });
  // An RO number or a VIN may be written in letters alone ("smith" is looked up as an RO number too: one cheap Query).
  if (identifier || (oneWord && !/\s/.test(q.trim()))) {
    anyOf.push({ field: 'ro_number', value: compact.toLowerCase() });
    const upper = compact.toUpperCase();
    if (upper.length === VIN_LENGTH) anyOf.push({ field: 'vin', value: upper });
    if (upper.length === VIN_END) anyOf.push({ field: 'vin_last8', value: upper });
  }
  return { anyOf, allWords: identifier ? [] : nameWords(q) };
}

/** What a found token says about the match, for the answer's `match`. */
export const matchOf = (field: TokenField): HistoryMatch => (field === 'word' || field === 'pair' || field === 'word_closed' ? 'name' : field);

/** Where a name token is kept: each word's first three letters. */
export const namePartition = (value: string): string =>
  value
    .split('#')
    .map((word) => word.slice(0, 3))
    .join('#');
