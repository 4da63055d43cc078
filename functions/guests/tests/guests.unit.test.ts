/**
 * The guests and leads board's pure rules: what a customer linked to a guest keeps (their old cell),
 * how a lead's notices are worded (the store's template with the lead's facts, else the console's
 * words in the store's language, naming the dealership), and the marketing buttons' checks.
 */
import { describe, expect, it } from 'vitest';
import { MARKETING_BUTTON_ERRORS } from '../../../shared/guests/schemas.js';
import { customerRecord } from '../../../test/support/service.js';
import { takingNumber } from '../converting.js';
import { fillTemplate, noticeText } from '../leadTexts.js';
import { marketingButtonsSchema, notificationNumber } from '../marketingButtons.js';

const facts = { first_name: 'Maya', last_name: 'Ortiz', phone: '+16175551234', email: 'maya@example.com', text: 'Test drive $5 off?', button: 'Test drive', dealership: 'Demo Motors North', link: 'https://console.example/app/guests?guest=gst_1' };
const guestLine = { phones: { cell: '+16175559999', work: null, alternate: null }, carrier: { type: 'mobile' as const }, opt_notice_sent_at: '2030-03-11T10:00:00Z', opt_in_requested_at: null };

describe('a customer linked to a guest', () => {
  it('takes the guest’s number as cell and keeps their old cell as the alternate number', () => {
    const customer = customerRecord({ phones: { cell: '+16175550001', work: null, alternate: null }, version: 3 });
    const after = takingNumber(customer, guestLine, '2030-03-11T11:00:00Z');
    expect(after.phones).toEqual({ cell: '+16175559999', work: null, alternate: '+16175550001' });
    expect(after).toMatchObject({ carrier: { type: 'mobile' }, opt_notice_sent_at: '2030-03-11T10:00:00Z', version: 4, updated_at: '2030-03-11T11:00:00Z' });
  });

  it('keeps the old cell among the alternate contacts when the alternate number is taken, and loses nothing', () => {
    const customer = customerRecord({ first_name: 'Walter', last_name: 'White', phones: { cell: '+16175550001', work: null, alternate: '+16175550002' } });
    const after = takingNumber(customer, guestLine, '2030-03-11T11:00:00Z');
    expect(after.phones.alternate).toBe('+16175550002');
    expect(after.alternate_contacts).toEqual([{ name: 'Walter White', phone: '+16175550001', email: null }]);
    expect(takingNumber(customerRecord({ phones: { cell: null, work: null, alternate: null } }), guestLine, '2030-03-11T11:00:00Z').phones).toEqual({ cell: '+16175559999', work: null, alternate: null });
  });
});

describe("a lead's notices", () => {
  it("fill the store's template with the lead's facts, leaving unknown placeholders and $ as written", () => {
    expect(fillTemplate('{{first_name}} {{last_name}} wants a {{button}}: {{text}} {{nope}}', facts)).toBe('Maya Ortiz wants a Test drive: Test drive $5 off? {{nope}}');
  });

  it("are in the store's language and name the dealership", () => {
    expect(noticeText('sms', 'en-us', facts)).toBe('Demo Motors North: new lead, Test drive, from Maya Ortiz (+16175551234): Test drive $5 off?');
    expect(noticeText('mailSubject', 'de', facts)).toBe('Demo Motors North: neue Anfrage, Test drive, von Maya Ortiz');
    expect(noticeText('mailBody', 'fr', facts)).toContain('Répondez-lui depuis la console : https://console.example/app/guests?guest=gst_1');
    expect(noticeText('sms', 'debug', facts)).toBe(noticeText('sms', 'en-us', facts));
  });
});

describe('the marketing buttons', () => {
  it('are completed with their defaults', () => {
    expect(marketingButtonsSchema.complete(undefined)).toEqual({ buttons: [] });
    expect(marketingButtonsSchema.complete({ buttons: [{ label: 'Appraisal request' }] })).toEqual({
      buttons: [
        {
          label: 'Appraisal request',
          placeholder: '',
          autoreply_template: '',
          sms_notification_template: '',
          email_notification_template: '',
          css_class: 'default',
          outro_text: '',
          email_notification_recipients: [],
          sms_notification_recipients: [],
        },
      ],
    });
  });

  it('refuse an unknown setting, a css class the wizard does not offer, and a recipient that is a number nowhere', () => {
    expect(marketingButtonsSchema.changes({ buttonz: [] })).toEqual({ ok: false, errors: [{ message: 'Unknown setting: buttonz', path: 'marketing_buttons' }] });
    expect(marketingButtonsSchema.changes({ buttons: [{ label: 'A', css_class: 'neon' }] }).ok).toBe(false);
    expect(marketingButtonsSchema.changes({ buttons: [{ label: 'A', sms_notification_recipients: ['(617) 555-0199', '+44 20 7946 0100', '555'] }] })).toEqual({
      ok: false,
      errors: [{ message: MARKETING_BUTTON_ERRORS.sms_recipient, path: 'marketing_buttons.buttons.0.sms_notification_recipients.2' }],
    });
  });

  it("read a recipient's number in the store's country when it goes", () => {
    expect(notificationNumber('(617) 555-0199', 'US')).toBe('+16175550199');
    expect(notificationNumber('020 7946 0100', 'GB')).toBe('+442079460100');
  });
});
