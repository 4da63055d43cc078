import { describe, expect, it } from 'vitest';
import { CUSTOMER_TEXT_KEYS, customerText, type CustomerTextKey } from '../../functions/lib/customerTexts.js';
import { consentIntent } from '../../functions/messages/keywords.js';
import { LOCALES } from '../../shared/locales.js';

const vars = { dealership: 'Demo Motors $1 & Co', phone: '+1 617 555 0100' };
const TRANSLATED = LOCALES.filter((l) => !['en-us', 'en-ca', 'en-gb', 'en-uk', 'debug'].includes(l));

/** The raw text with its placeholders, read back by filling each with a marker. */
function placeholders(key: CustomerTextKey, locale: string): string[] {
  const marked = customerText(key, locale, { dealership: '<<dealership>>', phone: '<<phone>>' });
  return [...marked.matchAll(/<<(\w+)>>/g)].map((m) => m[1]!).sort();
}

describe('customerText', () => {
  for (const key of CUSTOMER_TEXT_KEYS) {
    it.each(LOCALES)(`writes ${key} in %s with the placeholders of en-us, filled in`, (locale) => {
      const text = customerText(key, locale, vars);
      expect(text.trim()).not.toBe('');
      expect(text).not.toMatch(/\{\{|\}\}/);
      expect(placeholders(key, locale)).toEqual(placeholders(key, 'en-us'));
    });

    it.each(TRANSLATED)(`translates ${key} into %s`, (locale) => {
      expect(customerText(key, locale, vars)).not.toBe(customerText(key, 'en-us', vars));
    });
  }

  it('keeps the en-us wording', () => {
    expect(customerText('optOutNotice', 'en-us')).toBe('Reply STOP to opt out');
    expect(customerText('helpReply', 'en-us', vars)).toBe('Demo Motors $1 & Co: for help call +1 617 555 0100. Msg&data rates may apply. Reply STOP to opt out.');
    expect(customerText('optOutConfirmation', 'en-us', vars)).toBe(
      'You have been unsubscribed from Demo Motors $1 & Co texts and will receive no further messages. Reply START to resubscribe.',
    );
    expect(customerText('optInConfirmation', 'en-us', vars)).toBe('You are subscribed to Demo Motors $1 & Co texts again. Reply STOP to opt out.');
    expect(customerText('optInRequest', 'en-us', vars)).toBe(
      'Demo Motors $1 & Co would like to text you about your vehicle. Reply YES to receive texts or STOP to opt out.',
    );
    expect(customerText('orderClosedNote', 'en-us')).toBe('Order has been closed.');
    expect(customerText('notificationNotDeliveredNote', 'en-us')).toBe("Notification won't be delivered.");
    expect(customerText('reminderSoonNote', 'en-us')).toBe('Reminder will be sent shortly.');
  });

  it('writes the English variants and debug as en-us', () => {
    for (const locale of ['en-ca', 'en-gb', 'en-uk', 'debug']) {
      for (const key of CUSTOMER_TEXT_KEYS) expect(customerText(key, locale, vars)).toBe(customerText(key, 'en-us', vars));
    }
  });

  it('falls back to en-us for a customer without a language or with an unknown one', () => {
    expect(customerText('optInRequest', null, vars)).toBe(customerText('optInRequest', 'en-us', vars));
    expect(customerText('optInRequest', 'xx', vars)).toBe(customerText('optInRequest', 'en-us', vars));
    expect(customerText('optInRequest', 'DE', vars)).toBe(customerText('optInRequest', 'de', vars));
  });

  it.each(LOCALES)('names in %s the keywords that the consent reader understands', (locale) => {
    for (const key of ['optOutNotice', 'helpReply', 'optOutConfirmation', 'optInConfirmation', 'optInRequest'] as const) {
      const text = customerText(key, locale, vars);
      const named = text.match(/\b(STOP|START|YES)\b/g) ?? [];
      expect(named.length, key).toBeGreaterThan(0);
      for (const keyword of named) expect(consentIntent(keyword).intent, keyword).toBe(keyword === 'STOP' ? 'opt_out' : 'opt_in');
    }
  });
});
