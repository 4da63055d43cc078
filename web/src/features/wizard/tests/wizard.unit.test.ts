/**
 * The wizard's contract as the page uses it (issue 23): the shared schema refuses what the server
 * refuses with the same texts, and every refusal text has its words in every language, so the page
 * shows the server's reasons in the reader's language and the English reads as the server wrote it.
 */
import { describe, expect, it } from 'vitest';
import { FILE_LOCALES, localeText } from '../../../../../test/support/localeFiles.js';
import { WIZARD_ERRORS, WIZARD_FAILURE, wizardAnswers, wizardErrorId, type WizardErrorId } from '../../../../../shared/wizard/schemas.js';

const messages = (input: unknown) => {
  const result = wizardAnswers.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('the wizard answers schema', () => {
  it.each([
    ['service_settings', 'work_declined_notification_after_days', 1, 10, WIZARD_ERRORS.work_declined_days],
    ['appointment_settings', 'remind_days_prior', 1, 7, WIZARD_ERRORS.remind_days_prior],
    ['reminder_settings', 'remind_days_after', 1, 12, WIZARD_ERRORS.remind_months_after],
  ])('%s.%s takes %i to %i, whole numbers only', (section, field, min, max, text) => {
    for (const good of [min, max]) expect(messages({ [section]: { [field]: good } })).toEqual([]);
    for (const bad of [min - 1, max + 1, 1.5, '3']) expect(messages({ [section]: { [field]: bad } })).toEqual([text]);
  });

  it('takes the five button styles and nothing else', () => {
    for (const style of ['default', 'primary', 'info', 'warning', 'danger']) expect(messages({ marketing_buttons: { css_class: style } })).toEqual([]);
    expect(messages({ marketing_buttons: { css_class: 'link' } })).toEqual([WIZARD_ERRORS.css_class]);
  });

  it('refuses fields and sections outside the SPEC §3 payload, and takes an empty save', () => {
    expect(messages({})).toEqual([]);
    expect(messages({ service_settings: { safe_mode: true } })).toHaveLength(1);
    expect(messages({ location_id: 'loc_other' })).toHaveLength(1);
  });

  it('checks tags one by one: e-mail addresses (lowercased), a blank number', () => {
    const parsed = wizardAnswers.parse({ marketing_buttons: { email_notification_recipients: [' Sales@Harbor.Example '] } });
    expect(parsed.marketing_buttons?.email_notification_recipients).toEqual(['sales@harbor.example']);
    expect(messages({ marketing_buttons: { email_notification_recipients: ['not-an-address'] } })).toEqual([WIZARD_ERRORS.email]);
    expect(messages({ marketing_buttons: { sms_notification_recipients: ['  '] } })).toEqual([WIZARD_ERRORS.phone]);
  });
});

describe('the refusals in the page’s words', () => {
  it('names each refusal text by its id, and nothing else', () => {
    for (const id of Object.keys(WIZARD_ERRORS) as WizardErrorId[]) expect(wizardErrorId(WIZARD_ERRORS[id])).toBe(id);
    expect(wizardErrorId('Unrecognized key: "x"')).toBeNull();
  });

  it('has every refusal in every language, the English word for word as the server says it', () => {
    for (const id of Object.keys(WIZARD_ERRORS) as WizardErrorId[]) {
      expect(localeText('en-us', `wizard:errors.${id}`)).toBe(WIZARD_ERRORS[id]);
      for (const locale of FILE_LOCALES) expect(localeText(locale, `wizard:errors.${id}`).trim(), `${locale} ${id}`).not.toBe('');
    }
  });

  it('keeps the SPEC §8 texts word for word in en-us', () => {
    expect(localeText('en-us', 'wizard:wizard.fix_errors')).toBe(WIZARD_FAILURE.fix);
    expect(localeText('en-us', 'wizard:wizard.error_title')).toBe(WIZARD_FAILURE.title);
    expect(localeText('en-us', 'wizard:wizard.error_text')).toBe(WIZARD_FAILURE.unknown);
    expect(localeText('en-us', 'wizard:wizard.counter').replace('{{n}}', '3').replace('{{total}}', '6')).toBe('3 of 6');
  });
});
