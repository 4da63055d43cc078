/** The calls' words (functions/calls/texts.ts): the text-back in every language of the console, and the call's note in English. */
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../shared/locales.js';
import { callNoteText, textBackText, TEXT_BACK_LANGUAGES } from '../texts.js';

describe('the missed-call text-back', () => {
  it.each(LOCALES.filter((locale) => locale !== 'debug'))('in %s names the dealership first and asks for a reply', (locale) => {
    const text = textBackText(locale, 'Demo Motors North');
    expect(text.startsWith('Demo Motors North')).toBe(true);
    expect(text).not.toContain('{{');
    expect(text.length).toBeLessThan(160);
  });

  it('reads each language in its own words, and English for every English locale and the unknown', () => {
    const words = TEXT_BACK_LANGUAGES.map((language) => textBackText(language === 'en' ? 'en-us' : language, 'X'));
    expect(new Set(words).size).toBe(TEXT_BACK_LANGUAGES.length);
    const english = 'Demo Motors North: sorry we missed your call. Reply here and an advisor will text you back.';
    for (const locale of ['en-us', 'en-ca', 'en-gb', 'en-uk', 'debug', 'xx', null]) expect(textBackText(locale, 'Demo Motors North')).toBe(english);
  });
});

describe('the call’s note in English', () => {
  it.each([
    [{ direction: 'inbound', outcome: 'answered', agent_name: '', duration_seconds: 95 }, 'Call from the customer, answered (1:35).'],
    [{ direction: 'inbound', outcome: 'no-answer', agent_name: '', duration_seconds: 0 }, 'Missed call from the customer.'],
    [{ direction: 'inbound', outcome: 'busy', agent_name: '', duration_seconds: 0 }, 'Missed call from the customer.'],
    [{ direction: 'inbound', outcome: 'voicemail', agent_name: '', duration_seconds: 0 }, 'Missed call from the customer: they left a voicemail.'],
    [{ direction: 'outbound', outcome: 'answered', agent_name: 'Priya Raman', duration_seconds: 125 }, 'Priya Raman called the customer (2:05).'],
    [{ direction: 'outbound', outcome: 'no-answer', agent_name: 'Priya Raman', duration_seconds: 0 }, 'Priya Raman called the customer: no answer.'],
    [{ direction: 'outbound', outcome: 'busy', agent_name: '', duration_seconds: 0 }, 'An advisor called the customer: the line was busy.'],
    [{ direction: 'outbound', outcome: 'failed', agent_name: 'Priya Raman', duration_seconds: 0 }, 'Priya Raman called the customer: the call failed.'],
  ] as const)('%j', (params, text) => {
    expect(callNoteText(params)).toBe(text);
  });
});
