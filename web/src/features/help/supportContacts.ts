/**
 * Where this deployment's staff get help (SPEC §2 help page): set at build by the deploy
 * (`VITE_SUPPORT_PHONE`, `VITE_SUPPORT_SMS`, `VITE_SUPPORT_EMAIL`, `VITE_TRAY_APP_URL`,
 * `VITE_QUICK_SUPPORT_URL`, `VITE_TRANSLATION_EXTENSION_URL`; README "Help"). The local defaults are
 * the reserved fictional 555-01xx numbers and example.com, so nobody dials a real line from a demo;
 * the downloads have no default: a download nobody configured says so rather than leading nowhere.
 */
export interface SupportContacts {
  /** E.164, dialled with tel: */
  phone: string;
  /** E.164, texted with sms: */
  text: string;
  email: string;
  downloads: Record<Download, string | null>;
}

export const DOWNLOADS = ['tray_app', 'quick_support', 'translation_extension'] as const;
export type Download = (typeof DOWNLOADS)[number];

function setting(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** Only a web address may be offered as a download; anything else the deploy set is treated as unset. */
function webAddress(value: unknown): string | null {
  const text = setting(value);
  if (!text) return null;
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

export function supportContacts(env: Record<string, unknown>): SupportContacts {
  return {
    phone: setting(env.VITE_SUPPORT_PHONE) ?? '+16175550100',
    text: setting(env.VITE_SUPPORT_SMS) ?? '+16175550101',
    email: setting(env.VITE_SUPPORT_EMAIL) ?? 'support@example.com',
    downloads: {
      tray_app: webAddress(env.VITE_TRAY_APP_URL),
      quick_support: webAddress(env.VITE_QUICK_SUPPORT_URL),
      translation_extension: webAddress(env.VITE_TRANSLATION_EXTENSION_URL),
    },
  };
}
