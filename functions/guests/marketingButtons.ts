/**
 * The store's marketing buttons (SPEC §3 wizard payload `marketing_buttons`), a settings group of
 * this board served by its own area (functions/lib/settingsRoutes.ts): `{ buttons: [...] }`, each
 * button's label unique in the store (a lead names its button by it). The wizard of a later issue
 * writes the same group.
 *
 * SMS recipients are kept as the manager wrote them: the store's country decides how a number
 * written without +<country code> is read, and it is applied when the text goes
 * (`notificationNumber`). A number that cannot be one in any country the console serves is refused
 * here with SPEC §5's text.
 */
import { MARKETING_BUTTON_ERRORS, marketingButtonsGroup, type MarketingButton, type MarketingButtons } from '../../shared/guests/schemas.js';
import { missingFields } from '../../shared/schemas/required.js';
import type { SettingsSchema } from '../lib/boardModule.js';
import { normalizePhone } from '../lib/phones.js';
import { readGroup } from '../lib/settings.js';

/** The countries of the console's languages (shared/locales.ts): where a store can be. */
const STORE_COUNTRIES = ['US', 'CA', 'GB', 'DE', 'GR', 'ES', 'FR', 'IT', 'PT', 'SE'];

/** Whether a recipient's number, as written, is a number in some country a store can be in. */
const couldBeNumber = (raw: string): boolean => STORE_COUNTRIES.some((country) => normalizePhone(raw, country) !== null);

/** A recipient's number in E.164, read in the store's country; null when it is none there. */
export const notificationNumber = (raw: string, country: string): string | null => normalizePhone(raw, country);

const GROUP = 'marketing_buttons';

export const marketingButtonsSchema: SettingsSchema = {
  complete: (stored) => marketingButtonsGroup.parse(stored ?? {}),
  changes(raw) {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { ok: false, errors: [{ message: `Send the settings under "${GROUP}"`, path: GROUP }] };
    const unknown = Object.keys(raw).filter((field) => !Object.hasOwn(marketingButtonsGroup.shape, field));
    if (unknown.length) return { ok: false, errors: unknown.slice(0, 10).map((field) => ({ message: `Unknown setting: ${field.slice(0, 100)}`, path: GROUP })) };
    const parsed = marketingButtonsGroup.safeParse(raw, { error: missingFields });
    if (!parsed.success) return { ok: false, errors: parsed.error.issues.map((issue) => ({ message: issue.message, path: [GROUP, ...issue.path].join('.') })) };
    const errors = parsed.data.buttons.flatMap((button, b) =>
      button.sms_notification_recipients.flatMap((number, n) => (couldBeNumber(number) ? [] : [{ message: MARKETING_BUTTON_ERRORS.sms_recipient, path: `${GROUP}.buttons.${b}.sms_notification_recipients.${n}` }])),
    );
    if (errors.length) return { ok: false, errors };
    // `buttons` is the group's one field: a change names it whole.
    return { ok: true, changes: Object.hasOwn(raw, 'buttons') ? { buttons: parsed.data.buttons } : {} };
  },
};

/** The store's buttons. */
export async function marketingButtonsOf(companyId: string, locationId: string): Promise<MarketingButton[]> {
  return ((await readGroup(companyId, locationId, GROUP, marketingButtonsSchema)) as MarketingButtons).buttons;
}
