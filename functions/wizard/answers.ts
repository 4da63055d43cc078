/**
 * The wizard's answers in the location's settings (SPEC §3 "Wizard payload"), written through the
 * same code the Settings screen's saves go through (functions/lib/settings.ts `changeGroup`): the
 * settings tabs show what the wizard saved, the activity list records it and open consoles hear
 * `settings_updated`. The appraisal request button is the store's first marketing button (the
 * guests board's group); `appointment_settings` is the spec's name for `appointments_settings`;
 * the service reminder's `remind_days_after` counts months (`remind_months_after`).
 *
 * Nobody signs in to the wizard: a change is recorded as made by the manager who created the link.
 */
import { MARKETING_BUTTONS, type MarketingButton, type MarketingButtons } from '../../shared/guests/schemas.js';
import type { SettingsKey } from '../../shared/access.js';
import { completeSettings, settingsChanges } from '../../shared/schemas/settings.js';
import type { WizardAnswers, WizardValues } from '../../shared/wizard/schemas.js';
import { rescheduleReminders } from '../appointments/reminderTime.js';
import { marketingButtonsSchema } from '../guests/marketingButtons.js';
import { ValidationError } from '../lib/errors.js';
import { changeGroup, changeSettings, readGroup, readSettings } from '../lib/settings.js';
import type { WizardLinkRecord } from './links.js';

/** The label a store without buttons gets for the one the wizard adds. */
export const DEFAULT_BUTTON_LABEL = 'Appraisal request';

async function buttonsOf(companyId: string, locationId: string): Promise<MarketingButton[]> {
  return ((await readGroup(companyId, locationId, MARKETING_BUTTONS, marketingButtonsSchema)) as MarketingButtons).buttons;
}

/** The location's settings as the wizard's answers (completed with their defaults). */
export async function currentValues(companyId: string, locationId: string): Promise<WizardValues> {
  const [buttons, service, appointments, reminders] = await Promise.all([
    buttonsOf(companyId, locationId),
    readSettings(companyId, locationId, 'service_settings'),
    readSettings(companyId, locationId, 'appointments_settings'),
    readSettings(companyId, locationId, 'reminder_settings'),
  ]);
  const button = marketingButtonsSchema.complete({ buttons: [{ label: DEFAULT_BUTTON_LABEL, ...buttons[0] }] }) as MarketingButtons;
  return {
    marketing_buttons: button.buttons[0]!,
    service_settings: {
      vehicle_ready_message: service.vehicle_ready_message,
      work_declined_opcodes: service.work_declined_opcodes,
      work_declined_notification_after_days: service.work_declined_notification_after_days,
      work_declined_notification_message: service.work_declined_notification_message,
    },
    appointment_settings: { remind_days_prior: appointments.remind_days_prior, reminder_template: appointments.reminder_template },
    reminder_settings: { remind_days_after: reminders.remind_months_after, reminder_template: reminders.reminder_template },
  };
}

const defined = <T extends object>(value: T): Partial<T> => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;

/**
 * A text left empty is unanswered (SPEC §5 "Unanswered fields fall back to defaults"): a group's
 * text with a default of its own (the vehicle-ready text, the reminders') gets that default back
 * rather than an empty text that would send nothing.
 */
function withDefaults(key: SettingsKey, answers: Record<string, unknown>): Record<string, unknown> {
  const defaults = completeSettings(key, {}) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(answers).map(([field, value]) => [field, value === '' && typeof defaults[field] === 'string' ? defaults[field] : value]));
}

/**
 * The answers of one save, each section into its group. Every section is checked by its group's
 * own rules before anything is written, so a refused answer leaves every group as it was.
 */
export async function saveAnswers(link: WizardLinkRecord, answers: WizardAnswers): Promise<void> {
  const { company_id: companyId, location_id: locationId } = link;
  const by = link.created_by.id;
  const writes: (() => Promise<unknown>)[] = [];
  const errors: { message: string; path: string }[] = [];
  const check = (result: ReturnType<typeof settingsChanges>, write: () => Promise<unknown>) => {
    if (result.ok) writes.push(write);
    else errors.push(...result.errors);
  };

  const button = answers.marketing_buttons && defined(answers.marketing_buttons);
  if (button && Object.keys(button).length > 0) {
    const buttons = await buttonsOf(companyId, locationId);
    const first = { label: DEFAULT_BUTTON_LABEL, ...buttons[0], ...button };
    const raw = { buttons: [first, ...buttons.slice(1)] };
    check(marketingButtonsSchema.changes(raw), () => changeGroup(companyId, locationId, MARKETING_BUTTONS, marketingButtonsSchema, raw, by));
  }
  const service = answers.service_settings && withDefaults('service_settings', defined(answers.service_settings));
  if (service && Object.keys(service).length > 0) {
    check(settingsChanges('service_settings', service), () => changeSettings(companyId, locationId, 'service_settings', service, by));
  }
  const appointments = answers.appointment_settings && withDefaults('appointments_settings', defined(answers.appointment_settings));
  if (appointments && Object.keys(appointments).length > 0) {
    check(settingsChanges('appointments_settings', appointments), async () => {
      await changeSettings(companyId, locationId, 'appointments_settings', appointments, by);
      // As the appointments tab's save does: reminders already waiting follow the new remind-days.
      await rescheduleReminders(companyId, locationId, await readSettings(companyId, locationId, 'appointments_settings'));
    });
  }
  const reminders = answers.reminder_settings && defined(answers.reminder_settings);
  if (reminders && Object.keys(reminders).length > 0) {
    const { remind_days_after, ...rest } = reminders;
    const raw = withDefaults('reminder_settings', { ...rest, ...(remind_days_after === undefined ? {} : { remind_months_after: remind_days_after }) });
    check(settingsChanges('reminder_settings', raw), () => changeSettings(companyId, locationId, 'reminder_settings', raw, by));
  }
  if (errors.length > 0) throw new ValidationError(errors);
  for (const write of writes) await write();
}

/** The dealership's name as its texts and mails give it: the business name, else the location's. */
export async function dealershipName(companyId: string, locationId: string, locationName: string): Promise<string> {
  const business = await readSettings(companyId, locationId, 'business_information');
  return business.dealership_name.trim() || locationName;
}
