import { describe, expect, it } from 'vitest';
import { displayPhone, normalizePhone, PHONE_ERRORS, phoneProblem } from '../../functions/lib/phones.js';

describe('normalizePhone', () => {
  it.each([
    ['(617) 555-0142', '+16175550142'],
    ['617.555.0142', '+16175550142'],
    ['1 617 555 0142', '+16175550142'],
    ['+1 617 555 0142', '+16175550142'],
    ['  +16175550142 ', '+16175550142'],
  ])('writes the US number %s as %s', (raw, e164) => {
    expect(normalizePhone(raw)).toBe(e164);
  });

  it('reads a number without a country code in the given country', () => {
    expect(normalizePhone('020 7946 0958', 'GB')).toBe('+442079460958');
    expect(normalizePhone('020 7946 0958', 'gb')).toBe('+442079460958');
  });

  it('keeps a number with its own country code whatever the default country', () => {
    expect(normalizePhone('+44 20 7946 0958', 'US')).toBe('+442079460958');
  });

  it.each(['', 'call me', '555', '+1 555 555 0123', '+1617555014299', '617-555-01'])('refuses %j', (raw) => {
    expect(normalizePhone(raw)).toBeNull();
  });

  it('refuses a country it does not know', () => {
    expect(() => normalizePhone('6175550142', 'XX')).toThrow(RangeError);
  });
});

describe('phoneProblem', () => {
  it('says which SPEC §5 text a phone field gets', () => {
    expect(phoneProblem('')).toBe('missing');
    expect(phoneProblem('   ')).toBe('missing');
    expect(phoneProblem(null)).toBe('missing');
    expect(phoneProblem(undefined)).toBe('missing');
    expect(phoneProblem('617 555')).toBe('too_short');
    expect(phoneProblem('12')).toBe('too_short');
    expect(phoneProblem('not a number')).toBe('invalid');
    expect(phoneProblem('+1 555 555 0123')).toBe('invalid');
    expect(phoneProblem('+1 617 555 0142 99')).toBe('invalid');
    expect(phoneProblem('(617) 555-0142')).toBeNull();
  });

  it('names the texts of SPEC §5', () => {
    expect(PHONE_ERRORS).toEqual({
      missing: 'Missing Required Field: Phone',
      invalid: 'The Phone number entered is invalid',
      too_short: 'Phone number is too short',
    });
  });
});

describe("displayPhone (the store's number on the customer's page and PDF)", () => {
  it("writes a number of the store's country in its national form", () => {
    expect(displayPhone('+16175550100', 'US')).toBe('(617) 555-0100');
    expect(displayPhone('617.555.0100', 'US')).toBe('(617) 555-0100');
    expect(displayPhone('+442079460100', 'GB')).toBe('020 7946 0100');
    expect(displayPhone('+4930901820', 'DE')).toBe('030 901820');
  });

  it('writes a North American number nationally for a US store, as its customers dial it', () => {
    expect(displayPhone('+14165550100', 'US')).toBe('(416) 555-0100');
  });

  it('writes a number of another country in its international form', () => {
    expect(displayPhone('+442079460100', 'US')).toBe('+44 20 7946 0100');
    expect(displayPhone('+16175550100', 'GB')).toBe('+1 617 555 0100');
  });

  it('shows what is not a number as the store wrote it', () => {
    expect(displayPhone(' call the front desk ', 'US')).toBe('call the front desk');
    expect(displayPhone('', 'US')).toBe('');
  });
});
