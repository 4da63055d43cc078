import { describe, expect, it } from 'vitest';
import { phoneOfQuery } from '../../infra/local/dev.js';

describe('the number a /dev/phone link means (phoneOfQuery)', () => {
  it("reads the README's link, whose + arrives as a space", () => {
    expect(phoneOfQuery(new URLSearchParams('phone=+16175551001').get('phone')!)).toBe('+16175551001');
    expect(phoneOfQuery(' 442079460100')).toBe('+442079460100');
  });

  it('reads the encoded form, spaces, dashes and brackets as the same number', () => {
    expect(phoneOfQuery(new URLSearchParams('phone=%2B16175551001').get('phone')!)).toBe('+16175551001');
    expect(phoneOfQuery('+1 617-555-1001')).toBe('+16175551001');
    expect(phoneOfQuery('(617) 555-1001')).toBe('+16175551001');
  });

  it('reads a number without + as a US number, else as an international one', () => {
    expect(phoneOfQuery('16175551001')).toBe('+16175551001');
    expect(phoneOfQuery('6175551001')).toBe('+16175551001');
    expect(phoneOfQuery('442079460100')).toBe('+442079460100');
    expect(phoneOfQuery('0044 20 7946 0100')).toBe('+442079460100');
  });

  it('leaves what is no number as typed', () => {
    expect(phoneOfQuery('')).toBe('');
    expect(phoneOfQuery(' maria ')).toBe('maria');
  });
});
