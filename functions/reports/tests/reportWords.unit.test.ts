/** The scheduled report's e-mail in the store's language, with the console's link when the file is too large to attach. */
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../shared/locales.js';
import { reportMail, workbookWords } from '../reportWords.js';

describe('reportMail', () => {
  it('names the report and its days, and links the report only when asked to', () => {
    const attached = reportMail('en-us', { name: 'Weekly texting', from: '2026-11-16', to: '2026-11-22' });
    expect(attached).toEqual({ subject: 'Your report: Weekly texting', text: 'Attached is your scheduled report "Weekly texting" for 2026-11-16 to 2026-11-22.' });
    const linked = reportMail('de', { name: 'Wochenbericht', from: '2026-11-16', to: '2026-11-22', link: 'https://console.example/app/reports?report=rpt_1' });
    expect(linked.subject).toBe('Ihr Bericht: Wochenbericht');
    expect(linked.text.split('\n').at(-1)).toBe('https://console.example/app/reports?report=rpt_1');
  });

  it('has every word in every language, with no placeholder left unfilled', () => {
    for (const locale of LOCALES) {
      const mail = reportMail(locale, { name: 'N', from: 'F', to: 'T', link: 'L' });
      expect(`${mail.subject} ${mail.text}`, locale).not.toMatch(/\{\{|undefined/);
      const words = workbookWords(locale);
      for (const word of [words.about, words.report, words.stores, words.from, words.to, words.generated, words.total, words.sheet('records'), words.column('customer')]) expect(word, locale).toMatch(/\S/);
    }
  });
});
