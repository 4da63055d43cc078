/**
 * How the page writes its links and dates: links http(s) only, the store's phone dialable, dates
 * in the page's language and the phone's timezone (the customer reads them where they are).
 */
import { intlTag } from '../../../shared/locales.js';
import type { PageLocale } from './texts.js';

const dateFormats = new Map<PageLocale, Intl.DateTimeFormat>();

/** A date as the page's language writes it in full ('' for a date that is not one). */
export function longDate(locale: PageLocale, iso: string): string {
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(intlTag(locale), { dateStyle: 'long' });
    dateFormats.set(locale, format);
  }
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? '' : format.format(at);
}

/** A link the page may follow: http(s) only (a dealership's URL without a scheme gets https). */
export function safeUrl(url: string | null | undefined): string | null {
  const value = url?.trim();
  if (!value) return null;
  const absolute = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value.replace(/^\/+/, '')}`;
  try {
    const parsed = new URL(absolute);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** A `tel:` link for a phone number as the dealership wrote it. */
export function telUrl(phone: string): string | null {
  const digits = phone.replace(/[^\d+]/g, '');
  return digits.replace(/\D/g, '').length >= 3 ? `tel:${digits}` : null;
}
