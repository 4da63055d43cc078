/**
 * What the guests and leads board accepts: turning a guest into a customer (SPEC §5 name texts),
 * linking a guest to a customer the store has, the lead form's post (name, phone, the button, the
 * lead's words), and the store's marketing buttons (SPEC §3 wizard payload `marketing_buttons`),
 * the settings group the lead form reads. The console's forms check the same schemas.
 */
import * as z from 'zod/mini';
import { MESSAGE_MAX_LENGTH } from '../messages.js';
import { MAX_ID_LENGTH } from '../schemas/auth.js';
import { PERSON_ERRORS, PHONE_ERRORS } from '../schemas/people.js';
import { requiredText } from '../schemas/required.js';

/** An e-mail address that may be left out: empty, or a valid one (SPEC §5 'Please enter valid email address.'). */
const optionalEmail = z._default(
  z.pipe(z.string({ error: PERSON_ERRORS.email }).check(z.trim(), z.toLowerCase(), z.maxLength(200)), z.union([z.literal(''), z.email({ message: PERSON_ERRORS.email })])),
  '',
);

/** PUT /api/guests/{id}/convert: the guest becomes a customer of the store under this name. */
export const convertBody = z.object({
  customer: z.object({
    first_name: requiredText(PERSON_ERRORS.first_name, 80),
    last_name: requiredText(PERSON_ERRORS.last_name, 80),
    email: optionalEmail,
  }),
});
export type ConvertBody = z.infer<typeof convertBody>;

export const LINK_ERRORS = {
  customer_id: 'Choose a customer of this store',
} as const;

/** PUT /api/guests/{id}/link: the guest is this customer of the store (found with the customer search). */
export const linkBody = z.object({ customer_id: requiredText(LINK_ERRORS.customer_id, MAX_ID_LENGTH) });
export type LinkBody = z.infer<typeof linkBody>;

export const LEAD_ERRORS = {
  button: 'Choose one of the buttons of the form',
  text: 'Text cannot be blank',
  too_long: `The message can be at most ${MESSAGE_MAX_LENGTH} characters`,
  flood: 'Too many requests from your address. Please try again in a few minutes.',
} as const;

/** POST /api/public/locations/{token}/leads: a lead from the landing page's form. */
export const leadBody = z.object({
  lead: z.object({
    /** The marketing button's label ("Appraisal request"), as the landing page shows it. */
    button: requiredText(LEAD_ERRORS.button, 60),
    first_name: requiredText(PERSON_ERRORS.first_name, 80),
    last_name: requiredText(PERSON_ERRORS.last_name, 80),
    phone: requiredText(PHONE_ERRORS.missing, 32),
    email: optionalEmail,
    text: z.string({ error: LEAD_ERRORS.text }).check(z.trim(), z.minLength(1, { message: LEAD_ERRORS.text }), z.maxLength(MESSAGE_MAX_LENGTH, { message: LEAD_ERRORS.too_long })),
  }),
});
export type LeadBody = z.infer<typeof leadBody>;

/** SPEC §5 wizard: the button's look. */
export const BUTTON_CSS_CLASSES = ['default', 'primary', 'info', 'warning', 'danger'] as const;

export const MARKETING_BUTTON_ERRORS = {
  label: 'Please enter the label of the button',
  duplicate_label: 'Two buttons cannot have the same label',
  sms_recipient: PHONE_ERRORS.invalid,
} as const;

/** Buttons a store shows, and recipients each one tells. */
export const MAX_MARKETING_BUTTONS = 10;
export const MAX_NOTIFICATION_RECIPIENTS = 20;

const words = (max: number) => z._default(z.string().check(z.trim(), z.maxLength(max)), '');

/**
 * One marketing button (SPEC §3 wizard payload). An empty `autoreply_template` sends the lead no
 * auto-reply (as an empty status reply disables it, SPEC §5); empty notification templates tell
 * the recipients in the console's own wording. `{{first_name}}`, `{{last_name}}`, `{{phone}}`,
 * `{{email}}`, `{{text}}` and `{{button}}` in a template are the lead's.
 */
export const marketingButton = z.object({
  label: requiredText(MARKETING_BUTTON_ERRORS.label, 60),
  placeholder: words(200),
  autoreply_template: words(MESSAGE_MAX_LENGTH),
  sms_notification_template: words(MESSAGE_MAX_LENGTH),
  email_notification_template: words(5000),
  css_class: z._default(z.enum(BUTTON_CSS_CLASSES), 'default'),
  outro_text: words(500),
  email_notification_recipients: z._default(
    z.array(z.pipe(z.string({ error: PERSON_ERRORS.email }).check(z.trim(), z.toLowerCase(), z.maxLength(200)), z.email({ message: PERSON_ERRORS.email }))).check(z.maxLength(MAX_NOTIFICATION_RECIPIENTS)),
    [],
  ),
  /** Phone numbers as the store writes them; the server keeps them in E.164. */
  sms_notification_recipients: z._default(z.array(requiredText(MARKETING_BUTTON_ERRORS.sms_recipient, 32)).check(z.maxLength(MAX_NOTIFICATION_RECIPIENTS)), []),
});
export type MarketingButton = z.infer<typeof marketingButton>;

/** Labels are how a lead names its button: compared without case or surrounding spaces. */
export const sameLabel = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The settings group `marketing_buttons` (GET|POST /api/locations/{id}/marketing_buttons). */
export const MARKETING_BUTTONS = 'marketing_buttons';
export const marketingButtonsGroup = z.object({
  buttons: z._default(
    z
      .array(marketingButton)
      .check(
        z.maxLength(MAX_MARKETING_BUTTONS),
        z.refine((buttons) => buttons.every((button, i) => buttons.findIndex((other) => sameLabel(other.label, button.label)) === i), { message: MARKETING_BUTTON_ERRORS.duplicate_label }),
      ),
    [],
  ),
});
export type MarketingButtons = z.infer<typeof marketingButtonsGroup>;

/** Why the board refuses an action on a guest (ids the console words; the English for logs and old clients). */
export const GUEST_REFUSALS = {
  already_customer: 'This guest is already a customer of the store',
} as const;
