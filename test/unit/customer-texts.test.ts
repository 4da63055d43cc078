import { describe, expect, it } from 'vitest';
import { CUSTOMER_TEXT_KEYS, customerText, namesDealership, namingDealership, withOptOutLine, type CustomerTextKey } from '../../functions/lib/customerTexts.js';
import { consentIntent } from '../../functions/messages/keywords.js';
import { LOCALES } from '../../shared/locales.js';
import { completeSettings } from '../../shared/schemas/settings.js';

const vars = { dealership: 'Demo Motors $1 & Co', phone: '+1 617 555 0100', link: 'https://console.example/i/abc', date: '03/14/2030', time: '9:30 AM' };
const TRANSLATED = LOCALES.filter((l) => !['en-us', 'en-ca', 'en-gb', 'en-uk', 'debug'].includes(l));

/** The raw text with its placeholders, read back by filling each with a marker. */
function placeholders(key: CustomerTextKey, locale: string): string[] {
  const marked = customerText(key, locale, { dealership: '<<dealership>>', phone: '<<phone>>', link: '<<link>>', date: '<<date>>', time: '<<time>>' });
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

    // The prefix is the name and punctuation only: most languages write it as English does.
    if (key === 'dealershipPrefix') continue;
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
    expect(customerText('vehicleReady', 'en-us', vars)).toBe('Demo Motors $1 & Co: Your vehicle is ready for pick-up.');
    expect(customerText('inspectionLink', 'en-us', vars)).toBe(
      'Demo Motors $1 & Co: Your vehicle inspection is ready. Review the recommended work and approve what you would like us to do: https://console.example/i/abc',
    );
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

/** The automated texts whose default wording the catalogue holds in every language. */
const AUTOMATED_DEFAULTS = [
  { key: 'vehicleReady', setting: completeSettings('service_settings', {}).vehicle_ready_message },
  { key: 'inspectionLink', setting: completeSettings('mpi_settings', {}).customer_message },
] as const;

describe('the automated texts of the catalogue', () => {
  for (const { key, setting } of AUTOMATED_DEFAULTS) {
    it.each(LOCALES)(`names the dealership in ${key} in %s`, (locale) => {
      expect(placeholders(key, locale)).toContain('dealership');
      expect(customerText(key, locale, vars)).toContain('Demo Motors $1 & Co');
    });

    it(`says in en-us what the ${key} setting says by default, after the dealership's name`, () => {
      const filled = setting.replaceAll('{{link}}', vars.link);
      expect(customerText(key, 'en-us', vars)).toBe(`Demo Motors $1 & Co: ${filled}`);
    });
  }

  it('has the inspection link in every language', () => {
    for (const locale of LOCALES) expect(customerText('inspectionLink', locale, vars)).toContain(vars.link);
  });
});

describe('naming the dealership (carrier rules: a text identifies the business)', () => {
  it('leaves a text that names the dealership as written, whatever the letter case or spacing', () => {
    expect(namingDealership('Demo Motors North: your car is ready', 'Demo Motors North', 'en-us')).toBe('Demo Motors North: your car is ready');
    expect(namingDealership('Thanks for choosing demo motors  north!', 'Demo Motors North', 'en-us')).toBe('Thanks for choosing demo motors  north!');
    expect(namesDealership('Hi from DEMO MOTORS NORTH', ' Demo Motors North ')).toBe(true);
  });

  it("puts the dealership's name before a text that does not name it", () => {
    expect(namingDealership('Your car is ready.', 'Demo Motors North', 'en-us')).toBe('Demo Motors North: Your car is ready.');
    expect(namingDealership('Votre voiture est prête.', 'Garage du Lac', 'fr')).toBe('Garage du Lac : Votre voiture est prête.');
    // Another store's name is not this one's.
    expect(namingDealership('Demo Motors South: ready', 'Demo Motors North', 'en-us')).toBe('Demo Motors North: Demo Motors South: ready');
  });

  it('keeps $ in a name literal', () => {
    expect(namingDealership('Ready.', 'Cars $1 & Co', 'en-us')).toBe('Cars $1 & Co: Ready.');
  });

  it('adds nothing for a store with no name', () => {
    expect(namingDealership('Ready.', '  ', 'en-us')).toBe('Ready.');
  });

  it("names the dealership in a first text's opt-out line when the text does not, in the customer's language", () => {
    expect(withOptOutLine('Your brakes are done', 'en-us', 'Demo Motors North')).toBe('Your brakes are done\nDemo Motors North: Reply STOP to opt out');
    expect(withOptOutLine('Ihre Bremsen sind fertig', 'de', 'Demo Motors North')).toBe(
      'Ihre Bremsen sind fertig\nDemo Motors North: Antworten Sie mit STOP, um sich abzumelden',
    );
    expect(withOptOutLine('Hola', 'fr', 'Garage du Lac')).toBe('Hola\nGarage du Lac : Répondez STOP pour vous désabonner');
  });

  it("keeps the opt-out line plain when the first text names the dealership", () => {
    expect(withOptOutLine('Priya at Demo Motors North: your brakes are done', 'en-us', 'Demo Motors North')).toBe(
      'Priya at Demo Motors North: your brakes are done\nReply STOP to opt out',
    );
  });

  it('sends the named notice alone for an empty text', () => {
    expect(withOptOutLine('  ', 'es', 'Demo Motors North')).toBe('Demo Motors North: Responda STOP para darse de baja');
  });
});
