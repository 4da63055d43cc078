import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../shared/money.js';
import { decimalMark, moneyInputText, parseMoneyInput } from '../../web/src/features/inspections/moneyInput.js';

const cents = (raw: string, locale: Parameters<typeof parseMoneyInput>[1]) => {
  const parsed = parseMoneyInput(raw, locale);
  return parsed.ok ? parsed.cents : 'refused';
};

describe('parseMoneyInput', () => {
  it('reads dollars and cents as a US service advisor types them', () => {
    expect(cents('240', 'en-us')).toBe(24000);
    expect(cents('240.00', 'en-us')).toBe(24000);
    expect(cents('240.5', 'en-us')).toBe(24050);
    expect(cents('$1,234.56', 'en-us')).toBe(123456);
    expect(cents(' 45.99 ', 'en-us')).toBe(4599);
  });

  it('reads the comma as the decimal mark where the location writes it so', () => {
    expect(cents('240,00', 'de')).toBe(24000);
    expect(cents('1.234,56', 'de')).toBe(123456);
    expect(cents('1.234,56 €', 'es')).toBe(123456);
    expect(cents('€ 99,9', 'it')).toBe(9990);
    expect(cents('12,50 ₯', 'el')).toBe(1250);
  });

  it('reads the spaces French and Swedish group thousands with, and a trailing kr', () => {
    expect(cents('1 234,56', 'fr')).toBe(123456);
    expect(cents('1\u202f234,56', 'fr')).toBe(123456);
    expect(cents('1 234,50 kr', 'sv')).toBe(123450);
  });

  it('takes a lone dot as decimal in comma countries when it cannot be a thousands mark (a phone keypad may only have the dot)', () => {
    expect(cents('240.50', 'de')).toBe(24050);
    expect(cents('1.234', 'de')).toBe(123400);
    expect(cents('1,234', 'en-us')).toBe(123400);
  });

  it('treats an empty field as no estimate yet', () => {
    expect(cents('', 'en-gb')).toBe(0);
    expect(cents('   ', 'pt')).toBe(0);
  });

  it('refuses what is not an amount: letters, negatives, three decimals, broken groups, too much', () => {
    expect(cents('abc', 'en-us')).toBe('refused');
    expect(cents('-5', 'en-us')).toBe('refused');
    expect(cents('1.234', 'en-us')).toBe('refused');
    expect(cents('1,23,4', 'en-us')).toBe('refused');
    expect(cents('1.2.3', 'de')).toBe('refused');
    expect(cents('.', 'en-us')).toBe('refused');
    expect(cents('1000001', 'en-us')).toBe('refused');
  });
});

describe('moneyInputText', () => {
  it('writes cents for editing with the locale’s decimal mark and no grouping, and reads back the same', () => {
    for (const locale of ['en-us', 'en-ca', 'en-gb', 'de', 'el', 'es', 'fr', 'it', 'pt', 'sv'] as const) {
      const text = moneyInputText(123456, locale);
      expect({ locale, text }).toEqual({ locale, text: `1234${decimalMark(locale)}56` });
      expect(cents(text, locale)).toBe(123456);
    }
  });

  it('reads back what formatMoney shows, symbol and grouping included', () => {
    for (const locale of ['en-us', 'en-ca', 'en-gb', 'de', 'el', 'es', 'fr', 'it', 'pt', 'sv'] as const) {
      expect({ locale, cents: cents(formatMoney(9876543, locale), locale) }).toEqual({ locale, cents: 9876543 });
    }
  });
});
