/**
 * What callers and advisors hear from the console (functions/calls/greeting.ts): in every locale of
 * the console, words that name the dealership where they speak for it, spoken by a voice of the
 * store's language; Greek stores (Polly has no Greek voice) and unknown locales are spoken in English.
 */
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../shared/locales.js';
import { spoken, voiceOf, type SpokenKey } from '../greeting.js';

const KEYS: SpokenKey[] = ['voicemailGreeting', 'noVoicemail', 'customerDidNotAnswer', 'customerBusy'];

describe('the console’s spoken words', () => {
  it.each(LOCALES.filter((l) => l !== 'debug'))('%s: the greeting and the apology name the dealership; every text is words, not a key', (locale) => {
    expect(spoken('voicemailGreeting', locale, 'Demo Motors North')).toContain('Demo Motors North');
    expect(spoken('noVoicemail', locale, 'Demo Motors North')).toContain('Demo Motors North');
    for (const key of KEYS) {
      const text = spoken(key, locale, 'Demo Motors North');
      expect(text).not.toContain('{{');
      expect(text.length).toBeGreaterThan(15);
    }
  });

  it('speaks each language with a voice of its own', () => {
    expect(voiceOf('de')).toEqual({ LanguageCode: 'de-DE', VoiceId: 'Vicki' });
    expect(voiceOf('en-gb')).toEqual({ LanguageCode: 'en-GB', VoiceId: 'Amy' });
    expect(voiceOf('sv').LanguageCode).toBe('sv-SE');
    expect(spoken('customerDidNotAnswer', 'fr', '')).toBe("Le client n'a pas répondu. Au revoir.");
    const languages = new Set(['de', 'es', 'fr', 'it', 'pt', 'sv', 'en-us'].map((l) => voiceOf(l).LanguageCode));
    expect(languages.size).toBe(7);
  });

  it('speaks English to a Greek store and to an unknown locale', () => {
    expect(voiceOf('el')).toEqual({ LanguageCode: 'en-US', VoiceId: 'Joanna' });
    expect(spoken('customerBusy', 'el', '')).toBe(spoken('customerBusy', 'en-us', ''));
    expect(spoken('noVoicemail', 'xx', 'Harbor')).toBe(spoken('noVoicemail', 'en-us', 'Harbor'));
    expect(spoken('noVoicemail', null, 'Harbor')).toContain('Harbor');
  });
});
