/**
 * The public setup wizard's contract (SPEC §2 "/public/location/:token/wizard", §3 "Wizard payload",
 * §5 wizard validations, §7 `PUT /api/wizard/locations/{token}`): the answers one page sends, checked
 * by the page before it sends them and by the server with this same schema. Every field may be left
 * out: a PUT carries only what the page has that is new (SPEC §4 "Answers are cleared after a save"),
 * and what was never answered keeps the location's current setting, or its default.
 */
import * as z from 'zod/mini';
import { BUTTON_CSS_CLASSES, MAX_NOTIFICATION_RECIPIENTS, MARKETING_BUTTON_ERRORS } from '../guests/schemas.js';
import { PERSON_ERRORS } from '../schemas/people.js';
import { requiredText } from '../schemas/required.js';
import { MESSAGE_MAX_LENGTH } from '../messages.js';

/** SPEC §5 and §9: "work decline days 1-10, appointment reminder days 1-7, service reminder months 1-12". */
export const WIZARD_LIMITS = {
  work_declined_days: { min: 1, max: 10 },
  remind_days_prior: { min: 1, max: 7 },
  remind_months_after: { min: 1, max: 12 },
} as const;

/** The texts of the wizard's refusals; the page shows each in its language by its id (`errors.<id>`). */
export const WIZARD_ERRORS = {
  work_declined_days: 'Work decline days must be a whole number from 1 to 10',
  remind_days_prior: 'Appointment reminder days must be a whole number from 1 to 7',
  remind_months_after: 'Service reminder months must be a whole number from 1 to 12',
  css_class: 'Choose one of the button styles: default, primary, info, warning, danger',
  label: MARKETING_BUTTON_ERRORS.label,
  email: PERSON_ERRORS.email,
  phone: MARKETING_BUTTON_ERRORS.sms_recipient,
  opcode: 'An op code can be at most 32 characters',
  too_many_tags: `At most ${MAX_NOTIFICATION_RECIPIENTS} entries`,
} as const;
export type WizardErrorId = keyof typeof WIZARD_ERRORS;

/** The id of one of the wizard's own texts, for the page to show it in its language; null for any other. */
export function wizardErrorId(message: string): WizardErrorId | null {
  return (Object.keys(WIZARD_ERRORS) as WizardErrorId[]).find((id) => WIZARD_ERRORS[id] === message) ?? null;
}

/** What the page says when a save is refused or fails (SPEC §8 "Wizard"). */
export const WIZARD_FAILURE = {
  fix: 'Please fix errors before continuing',
  title: 'Error',
  unknown: 'Unknown error please try again.',
} as const;

const whole = (limits: { min: number; max: number }, message: string) =>
  z.optional(z.number({ error: message }).check(z.int({ error: message }), z.gte(limits.min, { error: message }), z.lte(limits.max, { error: message })));
const words = (max: number) => z.optional(z.string().check(z.trim(), z.maxLength(max)));
const tags = <T extends z.ZodMiniType<string, unknown>>(item: T) => z.optional(z.array(item).check(z.maxLength(MAX_NOTIFICATION_RECIPIENTS, { error: WIZARD_ERRORS.too_many_tags })));

/** The appraisal request button (SPEC §3 `marketing_buttons`): the store's first marketing button. */
export const wizardButton = z.strictObject({
  label: z.optional(requiredText(WIZARD_ERRORS.label, 60)),
  placeholder: words(200),
  autoreply_template: words(MESSAGE_MAX_LENGTH),
  sms_notification_template: words(MESSAGE_MAX_LENGTH),
  email_notification_template: words(5000),
  css_class: z.optional(z.enum(BUTTON_CSS_CLASSES, { error: WIZARD_ERRORS.css_class })),
  outro_text: words(500),
  email_notification_recipients: tags(z.pipe(z.string({ error: WIZARD_ERRORS.email }).check(z.trim(), z.toLowerCase(), z.maxLength(200)), z.email({ error: WIZARD_ERRORS.email }))),
  sms_notification_recipients: tags(requiredText(WIZARD_ERRORS.phone, 32)),
});

export const wizardService = z.strictObject({
  vehicle_ready_message: words(MESSAGE_MAX_LENGTH),
  work_declined_opcodes: z.optional(z.array(z.string().check(z.trim(), z.minLength(1), z.maxLength(32, { error: WIZARD_ERRORS.opcode }))).check(z.maxLength(50))),
  work_declined_notification_after_days: whole(WIZARD_LIMITS.work_declined_days, WIZARD_ERRORS.work_declined_days),
  work_declined_notification_message: words(MESSAGE_MAX_LENGTH),
});

export const wizardAppointments = z.strictObject({
  remind_days_prior: whole(WIZARD_LIMITS.remind_days_prior, WIZARD_ERRORS.remind_days_prior),
  reminder_template: words(MESSAGE_MAX_LENGTH),
});

/** `remind_days_after` is SPEC §3's name; its value is months (SPEC §5 "service reminder months 1-12"). */
export const wizardReminders = z.strictObject({
  remind_days_after: whole(WIZARD_LIMITS.remind_months_after, WIZARD_ERRORS.remind_months_after),
  reminder_template: words(MESSAGE_MAX_LENGTH),
});

/** PUT /api/wizard/locations/{token}: SPEC §3 "Wizard payload", any subset. */
export const wizardAnswers = z.strictObject({
  marketing_buttons: z.optional(wizardButton),
  service_settings: z.optional(wizardService),
  appointment_settings: z.optional(wizardAppointments),
  reminder_settings: z.optional(wizardReminders),
});
export type WizardAnswers = z.infer<typeof wizardAnswers>;
export type WizardSection = keyof WizardAnswers;

/** Every answer, as the location has it now (its settings completed with their defaults). */
export interface WizardValues {
  marketing_buttons: Required<z.infer<typeof wizardButton>>;
  service_settings: Required<z.infer<typeof wizardService>>;
  appointment_settings: Required<z.infer<typeof wizardAppointments>>;
  reminder_settings: Required<z.infer<typeof wizardReminders>>;
}

/** GET /api/wizard/locations/{token} (ours): what the page opens with. */
export interface WizardView {
  location_name: string;
  values: WizardValues;
  finished_at: string | null;
  /** ISO: the link works until then. */
  valid_until: string;
}

/** The pages (SPEC §2): index 0 to 6; the counter reads 'n of 6'. */
export const WIZARD_PAGES = ['intro', 'appraisal_button', 'vehicle_ready', 'work_declined', 'appointment_reminders', 'service_reminders', 'thank_you'] as const;
export type WizardPage = (typeof WIZARD_PAGES)[number];
export const WIZARD_LAST_PAGE = WIZARD_PAGES.length - 1;

/** The section of the answers each input page edits. */
export const PAGE_SECTION: Partial<Record<WizardPage, WizardSection>> = {
  appraisal_button: 'marketing_buttons',
  vehicle_ready: 'service_settings',
  work_declined: 'service_settings',
  appointment_reminders: 'appointment_settings',
  service_reminders: 'reminder_settings',
};

/** A wizard link as a manager sees it in Settings (the token itself only once, when created). */
export interface WizardLink {
  id: string;
  location_id: string;
  created_at: string;
  created_by: { id: string; name: string };
  valid_until: string;
  finished_at: string | null;
  revoked_at: string | null;
}

/** How long a link works (README "Setup wizard"). */
export const WIZARD_LINK_DAYS = 30;

/** The answer of POST /api/locations/{id}/wizard_links: the link with its address, shown once. */
export interface CreatedWizardLink {
  wizard_link: WizardLink;
  url: string;
}

/** GET /api/wizard/locations/{token}/pdf (ours): the summary of the answers as saved. */
export interface WizardPdf {
  file_name: string;
  content_base64: string;
}
