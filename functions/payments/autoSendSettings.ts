/**
 * The store's auto-send (issue 21, as myKaarma does): when the DMS pre-invoices an order, its
 * payment request goes out by itself after `delay_minutes` (0–60), the wait starting again on every
 * change to the order. A settings group of the board's own: SPEC §3's payments_settings has no
 * place for it.
 */
import * as z from 'zod/mini';
import { autoSendSettings } from '../../shared/payments/schemas.js';
import type { SettingsSchema } from '../lib/boardModule.js';
import { readGroup } from '../lib/settings.js';

export const AUTO_SEND_GROUP = 'payments_auto_send_settings';
export type AutoSendSettings = z.infer<typeof autoSendSettings>;

export const autoSendSchema: SettingsSchema = {
  complete: (stored) => autoSendSettings.parse(stored && typeof stored === 'object' ? stored : {}),
  changes: (raw) => {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return { ok: false, errors: [{ message: `Please send ${AUTO_SEND_GROUP} as an object`, path: AUTO_SEND_GROUP }] };
    const result = z.partial(autoSendSettings).safeParse(raw);
    if (!result.success) return { ok: false, errors: result.error.issues.map((i) => ({ message: i.message, path: i.path.join('.') })) };
    const changes = Object.fromEntries(Object.entries(result.data).filter(([name]) => Object.hasOwn(raw, name)));
    return { ok: true, changes };
  },
};

export async function readAutoSend(companyId: string, locationId: string): Promise<AutoSendSettings> {
  return (await readGroup(companyId, locationId, AUTO_SEND_GROUP, autoSendSchema)) as AutoSendSettings;
}
