import { describe, expect, it } from 'vitest';
import { mailText, type MailKind } from '../../functions/lib/mailTexts.js';
import { LOCALES } from '../../shared/locales.js';

const KINDS: MailKind[] = ['password_reset', 'magic_link'];
const link = 'https://console.example/app/password_reset?token=abc%24123';

function occurrences(haystack: string, needle: string): number {
  return haystack.split(needle).length - 1;
}

describe('mailText', () => {
  for (const kind of KINDS) {
    it.each(LOCALES)(`gives a ${kind} subject and a text with the link once in %s`, (locale) => {
      const { subject, text } = mailText(kind, locale, { link });
      expect(subject.trim()).not.toBe('');
      expect(occurrences(text, link)).toBe(1);
      expect(text.split('\n')).toContain(link);
      expect(subject).not.toContain('{{');
      expect(text).not.toContain('{{');
    });

    it(`writes ${kind} in German differently from en-us`, () => {
      const de = mailText(kind, 'de', { link });
      const enUs = mailText(kind, 'en-us', { link });
      expect(de.text).not.toBe(enUs.text);
      expect(de.subject).not.toBe(enUs.subject);
    });

    it(`falls back to en-us for ${kind} in debug and an unknown locale`, () => {
      const enUs = mailText(kind, 'en-us', { link });
      expect(mailText(kind, 'debug', { link })).toEqual(enUs);
      expect(mailText(kind, 'xx', { link })).toEqual(enUs);
    });
  }

  it('keeps the current English wording for en-us', () => {
    expect(mailText('password_reset', 'en-us', { link })).toEqual({
      subject: 'Reset your password',
      text: `Someone asked to reset the password of your dealership console account.\n\nChoose a new password here (the link works for one hour, once):\n${link}\n\nIf it was not you, ignore this e-mail; your password stays as it is.`,
    });
    expect(mailText('magic_link', 'en-us', { link })).toEqual({
      subject: 'Your sign-in link',
      text: `Sign in to the dealership console with this link (it works once, for 15 minutes):\n${link}`,
    });
  });

  it('inserts a link with $ patterns literally', () => {
    const odd = "https://console.example/?t=$&$1$'";
    expect(mailText('magic_link', 'fr', { link: odd }).text.split('\n')).toContain(odd);
  });
});
