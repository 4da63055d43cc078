/**
 * Location settings groups (SPEC §3), one schema each. Every field has a default so a location
 * that never saved a group still answers a complete one; a POST may send any subset.
 */
import { z } from 'zod';
import type { SettingsKey } from '../access.js';

const days = (max: number, fallback: number) => z.number().int().min(1).max(max).default(fallback);
const text = (fallback = '') => z.string().max(1600).default(fallback);
const phone = z.string().max(32).default('');
const cssClass = z.enum(['default', 'primary', 'info', 'warning', 'danger']);

const callsSettings = z.object({
  enabled: z.boolean().default(false),
  ring_to_numbers: z.array(z.string().max(32)).max(10).default([]),
  voicemail_enabled: z.boolean().default(false),
  voicemail_greeting: text(),
  unarchive_on_incoming_call: z.boolean().default(true),
  unarchive_on_incoming_call_days: days(90, 30),
});

const gatekeeperTarget = z.enum(['ro_with_opcode', 'opted_in', 'opted_in_and_no_status', 'green_only']);
const gatekeeperRule = z.object({
  target: gatekeeperTarget.default('opted_in_and_no_status'),
  text: text(),
  notes: text(),
});
export const GATEKEEPER_MESSAGE_TYPES = [
  'appointment_reminder',
  'csi',
  'mpi_notification',
  'mpi_work_declined',
  'payment_notification',
  'payment_cancellation',
  'service_reminder',
  'service_welcome',
  'vehicle_ready',
  'service_work_declined',
  'share_album',
  'prewelcome',
] as const;

const gatekeeperSettings = z.object(
  Object.fromEntries(GATEKEEPER_MESSAGE_TYPES.map((type) => [type, gatekeeperRule.default(gatekeeperRule.parse({}))])) as Record<
    (typeof GATEKEEPER_MESSAGE_TYPES)[number],
    z.ZodDefault<typeof gatekeeperRule>
  >,
);

export const settingsSchemas = {
  dms_settings: z.object({
    dms_id: z.string().max(64).default(''),
    provider: z.string().max(64).default(''),
    opcode_text: z.string().max(64).default(''),
    require_opcode_for_text: z.boolean().default(false),
    dms_opt_in_enabled: z.boolean().default(true),
  }),
  service_settings: z.object({
    mode: z.enum(['manual', 'demo', 'assisted', 'automated', 'rapid_assisted', 'mini_invoice']).default('manual'),
    safe_mode: z.boolean().default(false),
    double_opt_in: z.boolean().default(false),
    vehicle_ready_message: text('Your vehicle is ready for pick-up.'),
    vehicle_ready_automated: z.boolean().default(true),
    work_declined_opcodes: z.array(z.string().max(32)).max(50).default([]),
    work_declined_notification_after_days: days(10, 3),
    work_declined_notification_message: text(),
    auto_close_days: days(365, 30),
    auto_archive_closed_days: days(365, 7),
    auto_archive_idle_days: days(365, 30),
    quiet_hours_start: z.string().regex(/^\d{2}:\d{2}$/).default('21:00'),
    quiet_hours_end: z.string().regex(/^\d{2}:\d{2}$/).default('08:00'),
    delay_randomiser_minutes: z.number().int().min(0).max(5).default(0),
    status_reply_message: text(),
  }),
  appointments_settings: z.object({
    /** Off: no appointment reminder goes (SPEC §8 "not sent if remind-days is disabled"). */
    reminders_enabled: z.boolean().default(true),
    remind_days_prior: days(7, 1),
    reminder_template: text('Reminder: your service appointment is on {{date}} at {{time}}.'),
    confirmation_enabled: z.boolean().default(true),
  }),
  employee_settings: z.object({
    autoresponder_text: text(),
    routing_enabled: z.boolean().default(false),
  }),
  chatrooms_settings: z.object({
    reactions_enabled: z.boolean().default(true),
    groups_enabled: z.boolean().default(true),
  }),
  inventory_settings: z.object({
    inbox_enabled: z.boolean().default(true),
    close_after_days: days(365, 30),
  }),
  business_information: z.object({
    group_name: z.string().max(120).default(''),
    dealership_name: z.string().max(120).default(''),
    url: z.string().max(300).default(''),
    contact_name: z.string().max(120).default(''),
    email: z.string().max(200).default(''),
    phone,
    address: z.string().max(200).default(''),
    city: z.string().max(120).default(''),
    state: z.string().max(60).default(''),
    zipcode: z.string().max(20).default(''),
    brand: z.string().max(60).default(''),
    dms_id: z.string().max(64).default(''),
    registration_type: z.string().max(60).default(''),
    registration_number: z.string().max(60).default(''),
    texting_numbers: z
      .object({
        service: phone,
        appointment: phone,
        employees: phone,
        hotel: phone,
        internet_sales: phone,
        showroom_sales: phone,
        inventory: phone,
      })
      .default({ service: '', appointment: '', employees: '', hotel: '', internet_sales: '', showroom_sales: '', inventory: '' }),
  }),
  mpi_settings: z.object({
    enabled: z.boolean().default(false),
    require_photo_for_red: z.boolean().default(false),
    recommendation_approval_sms_delay_minutes: z.number().int().min(0).max(60).default(0),
    /** How long the customer's inspection link works after it is sent. */
    link_expiry_days: z.number().int().min(1).max(60).default(14),
    /** The text that carries the link; {{link}} is replaced by it (added at the end when absent). */
    customer_message: text('Your vehicle inspection is ready. Review the recommended work and approve what you would like us to do: {{link}}'),
  }),
  payments_settings: z.object({
    enabled: z.boolean().default(false),
    paid_notifications_enabled: z.boolean().default(false),
    provider: z.enum(['none', 'stripe', 'cenpos']).default('none'),
    provider_account: z.string().max(120).default(''),
    cenpos_account: z.string().max(120).default(''),
  }),
  payments_landing_settings: z.object({
    header_text: text(),
    pay_button_text: z.string().max(60).default('Pay now'),
  }),
  vcard_settings: z.object({
    logo_key: z.string().max(300).nullable().default(null),
    display_name: z.string().max(120).default(''),
  }),
  gatekeeper_settings: gatekeeperSettings,
  service_calls_settings: callsSettings,
  appointments_calls_settings: callsSettings,
  inventory_calls_settings: callsSettings,
  csi_settings: z.object({
    enabled: z.boolean().default(false),
    frequency_days: days(365, 90),
    message: text('How did we do? Reply with a number from 0 to 10.'),
  }),
  landing_settings: z.object({
    header_image_key: z.string().max(300).nullable().default(null),
    text: text(),
    colour: z.string().regex(/^#[0-9a-fA-F]{6}$/).default('#1f4e79'),
    link: z.string().max(300).default(''),
    intro: text(),
    body: text(),
    footer: text(),
    disclaimer: text(),
    yes_button_text: z.string().max(60).default('Yes'),
    no_button_text: z.string().max(60).default('No'),
    outro_text_positive: text(),
    outro_text_negative: text(),
    name_label: z.string().max(60).default('Name'),
    email_label: z.string().max(60).default('E-mail'),
    pay_button: z.boolean().default(false),
    button_css_class: cssClass.default('primary'),
  }),
  reminder_settings: z.object({
    enabled: z.boolean().default(false),
    remind_months_after: z.number().int().min(1).max(12).default(6),
    reminder_template: text('It is time for your next service. Reply to book an appointment.'),
  }),
  technician_settings: z.object({
    enabled: z.boolean().default(false),
    mpi_enabled: z.boolean().default(false),
    rest_marked_green_enabled: z.boolean().default(true),
  }),
} satisfies Record<SettingsKey, z.ZodObject>;

export type SettingsOf<K extends SettingsKey> = z.infer<(typeof settingsSchemas)[K]>;

/** The complete group: stored values over defaults. */
export function completeSettings<K extends SettingsKey>(key: K, stored: unknown): SettingsOf<K> {
  return settingsSchemas[key].parse(stored ?? {}) as SettingsOf<K>;
}

/** The schema of one group, widened so callers can treat every group alike. */
export function settingsSchema(key: SettingsKey): z.ZodObject {
  return settingsSchemas[key];
}

/**
 * A partial update: only the fields the body names, each validated. (A plain `.partial()` would
 * fill absent fields with defaults and overwrite what the location saved.)
 */
export function settingsChanges(key: SettingsKey, raw: unknown): { ok: true; changes: Record<string, unknown> } | { ok: false; errors: { message: string; path: string }[] } {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { ok: false, errors: [{ message: `Send the settings under "${key}"`, path: key }] };
  }
  const schema = settingsSchema(key);
  // Own fields of the group only: `in` would also find `toString`, `constructor`, `__proto__`… on
  // the shape's prototype. A field the group does not have is refused, so a misspelt setting is
  // not silently dropped.
  const unknown = Object.keys(raw).filter((field) => !Object.hasOwn(schema.shape, field));
  if (unknown.length) return { ok: false, errors: unknown.slice(0, 10).map((field) => ({ message: `Unknown setting: ${field.slice(0, 100)}`, path: key })) };
  const named = Object.keys(raw);
  const picked = schema.pick(Object.fromEntries(named.map((f) => [f, true])) as Record<string, true>);
  const result = picked.safeParse(raw);
  if (!result.success) return { ok: false, errors: result.error.issues.map((i) => ({ message: i.message, path: [key, ...i.path].join('.') })) };
  return { ok: true, changes: result.data as Record<string, unknown> };
}
