/**
 * What a record is found by and what the box looks up (functions/history/tokens.ts): a phone by its
 * E.164 digits, its national digits or its last 4; an RO number whatever its case; a VIN whole or
 * by its last 8; a name by each word of at least 3 characters, accents and case aside.
 */
import { describe, expect, it } from 'vitest';
import { entryTokens, nameWords, phoneDigits, queryTokens } from '../tokens.js';

describe('entry tokens', () => {
  it('keeps a phone under its E.164 digits, its national digits and its last 4', () => {
    const tokens = entryTokens({ phone: '+16175550142', customer_name: null });

    expect(tokens).toEqual([
      { field: 'phone', value: '16175550142' },
      { field: 'phone', value: '6175550142' },
      { field: 'phone_last4', value: '0142' },
    ]);
  });

  it('keeps an RO number lowercased and a VIN uppercased, whole and by its last 8', () => {
    const tokens = entryTokens({ phone: null, ro_number: 'RO-48213a', vin: '1hgcm82633a004352', customer_name: null });

    expect(tokens).toEqual([
      { field: 'ro_number', value: 'ro48213a' },
      { field: 'vin', value: '1HGCM82633A004352' },
      { field: 'vin_last8', value: '3A004352' },
    ]);
  });

  it('keeps each name word of 3 characters or more, without accents, once', () => {
    expect(nameWords('José  de la Peña-Núñez José')).toEqual(['jose', 'pena', 'nunez']);
    expect(entryTokens({ phone: null, customer_name: 'Li Wu' })).toEqual([]);
  });

  it('keeps each word of a name by its start and by closing time, and each two words as a pair, both ways round', () => {
    expect(entryTokens({ phone: null, customer_name: 'Ann Marie Lee' })).toEqual([
      { field: 'word', value: 'ann' },
      { field: 'word_closed', value: 'ann' },
      { field: 'word', value: 'marie' },
      { field: 'word_closed', value: 'marie' },
      { field: 'word', value: 'lee' },
      { field: 'word_closed', value: 'lee' },
      { field: 'pair', value: 'ann#marie' },
      { field: 'pair', value: 'ann#lee' },
      { field: 'pair', value: 'marie#ann' },
      { field: 'pair', value: 'marie#lee' },
      { field: 'pair', value: 'lee#ann' },
      { field: 'pair', value: 'lee#marie' },
    ]);
  });

  it('knows a non-US number by its own country', () => {
    expect(phoneDigits('+442079460100')).toEqual(['442079460100', '2079460100']);
  });
});

describe('a very long name', () => {
  it('keeps its first words only, so a record stays one transaction of fewer than 100 writes', () => {
    const name = Array.from({ length: 40 }, (_, i) => `Name${i}word`).join(' ');
    expect(nameWords(name)).toEqual(['name0word', 'name1word', 'name2word', 'name3word']);
    const tokens = entryTokens({ phone: '+16175550142', ro_number: 'RO-1', vin: '1HGCM82633A004352', customer_name: name });
    // Each token is a put (and the old ones' deletes): 2 × tokens + the entry and its counters.
    expect(tokens.length).toBeLessThanOrEqual(30);
  });
});

describe('query tokens', () => {
  it('looks 4 digits up as the end of a phone (and as an RO number)', () => {
    expect(queryTokens('0142')).toEqual({ anyOf: [{ field: 'phone_last4', value: '0142' }, { field: 'ro_number', value: '0142' }], allWords: [] });
  });

  it('looks a phone written with punctuation up by its digits', () => {
    const { anyOf, allWords } = queryTokens('(617) 555-0142');

    expect(anyOf).toContainEqual({ field: 'phone', value: '6175550142' });
    expect(allWords).toEqual([]);
  });

  it('looks 17 characters up as a whole VIN and 8 as the end of one', () => {
    expect(queryTokens('1HGCM82633A004352').anyOf).toContainEqual({ field: 'vin', value: '1HGCM82633A004352' });
    expect(queryTokens('3a004352').anyOf).toContainEqual({ field: 'vin_last8', value: '3A004352' });
  });

  it('looks words up as the starts of name words, all of which must match', () => {
    expect(queryTokens('joh smi')).toEqual({ anyOf: [], allWords: ['joh', 'smi'] });
    expect(queryTokens('Müller')).toEqual({ anyOf: [{ field: 'ro_number', value: 'müller' }], allWords: ['muller'] });
  });
});
