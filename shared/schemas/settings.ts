/**
 * Location settings groups (SPEC §3), one schema each. Every field has a default so a location
 * that never saved a group still answers a complete one; a POST may send any subset.
 */
import * as z from 'zod/mini';
import type { SettingsKey } from '../access.js';

const days = (max: number, fallback: number) => z._default(z.number().check(z.int(), z.gte(1), z.lte(max)), fallback);
const text = (fallback = '') => z._default(z.string().check(z.maxLength(1600)), fallback);
const phone = z._default(z.string().check(z.maxLength(32)), '');
const cssClass = z.enum(['default', 'primary', 'info', 'warning', 'danger']);

const callsSettings = z.object({
  enabled: z._default(z.boolean(), false),
  ring_to_numbers: z._default(z.array(z.string().check(z.maxLength(32))).check(z.maxLength(10)), []),
  voicemail_enabled: z._default(z.boolean(), false),
  voicemail_greeting: text(),
  unarchive_on_incoming_call: z._default(z.boolean(), true),
  unarchive_on_incoming_call_days: days(90, 30),
  /**
   * Missed-call text-back (issue 25): a caller nobody answered gets a text from the number they
   * called within seconds. `text_back_text` is the store's wording ('' = the console's, in the
   * customer's language); during quiet hours it goes only when the store allows it.
   */
  text_back_enabled: z._default(z.boolean(), true),
  text_back_text: text(),
  text_back_in_quiet_hours: z._default(z.boolean(), false),
});

const gatekeeperTarget = z.enum(['ro_with_opcode', 'opted_in', 'opted_in_and_no_status', 'green_only']);
const gatekeeperRule = z.object({
  target: z._default(gatekeeperTarget, 'opted_in_and_no_status'),
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
  Object.fromEntries(GATEKEEPER_MESSAGE_TYPES.map((type) => [type, z._default(gatekeeperRule, gatekeeperRule.parse({}))])) as Record<
    (typeof GATEKEEPER_MESSAGE_TYPES)[number],
    z.ZodMiniDefault<typeof gatekeeperRule>
  >,
);

export const settingsSchemas = {
  dms_settings: z.object({
    dms_id: z._default(z.string().check(z.maxLength(64)), ''),
    provider: z._default(z.string().check(z.maxLength(64)), ''),
    opcode_text: z._default(z.string().check(z.maxLength(64)), ''),
    require_opcode_for_text: z._default(z.boolean(), false),
    dms_opt_in_enabled: z._default(z.boolean(), true),
  }),
  service_settings: z.object({
    mode: z._default(z.enum(['manual', 'demo', 'assisted', 'automated', 'rapid_assisted', 'mini_invoice']), 'manual'),
    safe_mode: z._default(z.boolean(), false),
    double_opt_in: z._default(z.boolean(), false),
    vehicle_ready_message: text('Your vehicle is ready for pick-up.'),
    vehicle_ready_automated: z._default(z.boolean(), true),
    work_declined_opcodes: z._default(z.array(z.string().check(z.maxLength(32))).check(z.maxLength(50)), []),
    work_declined_notification_after_days: days(10, 3),
    work_declined_notification_message: text(),
    auto_close_days: days(365, 30),
    auto_archive_closed_days: days(365, 7),
    auto_archive_idle_days: days(365, 30),
    quiet_hours_start: z._default(z.string().check(z.regex(/^\d{2}:\d{2}$/)), '21:00'),
    quiet_hours_end: z._default(z.string().check(z.regex(/^\d{2}:\d{2}$/)), '08:00'),
    delay_randomiser_minutes: z._default(z.number().check(z.int(), z.gte(0), z.lte(5)), 0),
    status_reply_message: text(),
    /** The welcome text when an order opens (gatekeeper `service_welcome`), at most once per customer in so many days. */
    welcome_enabled: z._default(z.boolean(), false),
    welcome_frequency_days: days(365, 30),
  }),
  appointments_settings: z.object({
    /** Off: no appointment reminder goes (SPEC §8 "not sent if remind-days is disabled"). */
    reminders_enabled: z._default(z.boolean(), true),
    remind_days_prior: days(7, 1),
    reminder_template: text('Reminder: your service appointment is on {{date}} at {{time}}.'),
    confirmation_enabled: z._default(z.boolean(), true),
    /** The prewelcome text (gatekeeper `prewelcome`), once per appointment, so many hours before its visit. */
    prewelcome_enabled: z._default(z.boolean(), false),
    prewelcome_hours_before: z._default(z.number().check(z.int(), z.gte(1), z.lte(72)), 24),
  }),
  employee_settings: z.object({
    autoresponder_text: text(),
    routing_enabled: z._default(z.boolean(), false),
  }),
  chatrooms_settings: z.object({
    reactions_enabled: z._default(z.boolean(), true),
    groups_enabled: z._default(z.boolean(), true),
  }),
  inventory_settings: z.object({
    inbox_enabled: z._default(z.boolean(), true),
    close_after_days: days(365, 30),
  }),
  business_information: z.object({
    group_name: z._default(z.string().check(z.maxLength(120)), ''),
    dealership_name: z._default(z.string().check(z.maxLength(120)), ''),
    url: z._default(z.string().check(z.maxLength(300)), ''),
    contact_name: z._default(z.string().check(z.maxLength(120)), ''),
    email: z._default(z.string().check(z.maxLength(200)), ''),
    phone,
    address: z._default(z.string().check(z.maxLength(200)), ''),
    city: z._default(z.string().check(z.maxLength(120)), ''),
    state: z._default(z.string().check(z.maxLength(60)), ''),
    zipcode: z._default(z.string().check(z.maxLength(20)), ''),
    brand: z._default(z.string().check(z.maxLength(60)), ''),
    dms_id: z._default(z.string().check(z.maxLength(64)), ''),
    registration_type: z._default(z.string().check(z.maxLength(60)), ''),
    registration_number: z._default(z.string().check(z.maxLength(60)), ''),
    texting_numbers: z._default(
      z.object({
        service: phone,
        appointment: phone,
        employees: phone,
        hotel: phone,
        internet_sales: phone,
        showroom_sales: phone,
        inventory: phone,
      }),
      { service: '', appointment: '', employees: '', hotel: '', internet_sales: '', showroom_sales: '', inventory: '' },
    ),
  }),
  mpi_settings: z.object({
    enabled: z._default(z.boolean(), false),
    require_photo_for_red: z._default(z.boolean(), false),
    recommendation_approval_sms_delay_minutes: z._default(z.number().check(z.int(), z.gte(0), z.lte(60)), 0),
    /** How long the customer's inspection link works after it is sent. */
    link_expiry_days: z._default(z.number().check(z.int(), z.gte(1), z.lte(60)), 14),
    /** The text that carries the link; {{link}} is replaced by it (added at the end when absent). */
    customer_message: text('Your vehicle inspection is ready. Review the recommended work and approve what you would like us to do: {{link}}'),
  }),
  payments_settings: z.object({
    enabled: z._default(z.boolean(), false),
    paid_notifications_enabled: z._default(z.boolean(), false),
    provider: z._default(z.enum(['none', 'stripe', 'cenpos']), 'none'),
    provider_account: z._default(z.string().check(z.maxLength(120)), ''),
    cenpos_account: z._default(z.string().check(z.maxLength(120)), ''),
  }),
  payments_landing_settings: z.object({
    header_text: text(),
    pay_button_text: z._default(z.string().check(z.maxLength(60)), 'Pay now'),
  }),
  vcard_settings: z.object({
    logo_key: z._default(z.nullable(z.string().check(z.maxLength(300))), null),
    display_name: z._default(z.string().check(z.maxLength(120)), ''),
  }),
  gatekeeper_settings: gatekeeperSettings,
  service_calls_settings: callsSettings,
  appointments_calls_settings: callsSettings,
  inventory_calls_settings: callsSettings,
  csi_settings: z.object({
    enabled: z._default(z.boolean(), false),
    frequency_days: days(365, 90),
    message: text('How did we do? Reply with a number from 0 to 10.'),
    /** When the survey goes: once the order is closed (the customer's visit ended), or when the vehicle is ready. */
    send_on: z._default(z.enum(['closed', 'vehicle_ready']), 'closed'),
    /** A rating at or below this alerts the store's managers. */
    low_rating_threshold: z._default(z.number().check(z.int(), z.gte(0), z.lte(10)), 6),
    /** The store's public review page, offered to every customer who answers, whatever their rating. */
    review_link: z._default(z.string().check(z.maxLength(300), z.regex(/^$|^https:\/\/\S+$/)), ''),
  }),
  landing_settings: z.object({
    header_image_key: z._default(z.nullable(z.string().check(z.maxLength(300))), null),
    text: text(),
    colour: z._default(z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/)), '#1f4e79'),
    /** The header's link: https only (it opens from a customer's page), or none. */
    link: z._default(z.string().check(z.maxLength(300), z.regex(/^$|^https:\/\/\S+$/, 'The link must start with https://')), ''),
    intro: text(),
    body: text(),
    footer: text(),
    disclaimer: text(),
    yes_button_text: z._default(z.string().check(z.maxLength(60)), 'Yes'),
    no_button_text: z._default(z.string().check(z.maxLength(60)), 'No'),
    outro_text_positive: text(),
    outro_text_negative: text(),
    name_label: z._default(z.string().check(z.maxLength(60)), 'Name'),
    email_label: z._default(z.string().check(z.maxLength(60)), 'E-mail'),
    pay_button: z._default(z.boolean(), false),
    button_css_class: z._default(cssClass, 'primary'),
  }),
  reminder_settings: z.object({
    enabled: z._default(z.boolean(), false),
    remind_months_after: z._default(z.number().check(z.int(), z.gte(1), z.lte(12)), 6),
    reminder_template: text('It is time for your next service. Reply to book an appointment.'),
  }),
  technician_settings: z.object({
    enabled: z._default(z.boolean(), false),
    mpi_enabled: z._default(z.boolean(), false),
    rest_marked_green_enabled: z._default(z.boolean(), true),
  }),
} satisfies Record<SettingsKey, z.ZodMiniObject>;

export type SettingsOf<K extends SettingsKey> = z.infer<(typeof settingsSchemas)[K]>;

/** The complete group: stored values over defaults. */
export function completeSettings<K extends SettingsKey>(key: K, stored: unknown): SettingsOf<K> {
  return settingsSchemas[key].parse(stored ?? {}) as SettingsOf<K>;
}

/** The schema of one group, widened so callers can treat every group alike. */
export function settingsSchema(key: SettingsKey): z.ZodMiniObject {
  return settingsSchemas[key];
}

/**
 * A partial update: only the fields the body names, each validated. (A plain `z.partial()` would
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
  const picked = z.pick(schema, Object.fromEntries(named.map((f) => [f, true])) as Record<string, true>);
  const result = picked.safeParse(raw);
  if (!result.success) return { ok: false, errors: result.error.issues.map((i) => ({ message: i.message, path: [key, ...i.path].join('.') })) };
  return { ok: true, changes: result.data as Record<string, unknown> };
}
