/**
 * How a result says what the conversation was about and when it closed, in the reader's language
 * and its store's calendar: the RO number and VIN, and the owner's title (a room's name, or an
 * appointment's time, which the server sends as an instant and the row writes as a store time).
 */
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { HistoryResult } from '../../../../shared/history/types.js';
import { datePattern, type Locale } from '../../../../shared/locales.js';
import { formatDateTime } from '../../components/conversation/times.js';

export interface Place {
  locale: Locale;
  timeZone: string;
}

type Words = (key: string, options?: Record<string, string>) => string;

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

export function titleText(title: string, place: Place): string {
  return INSTANT.test(title) ? formatDateTime(title, place.locale, place.timeZone) : title;
}

/** "RO 58231 · VIN 1HGCM82633A004352", or an appointment's time, or a room's name. */
export function aboutText(t: Words, identifiers: HistoryResult['identifiers'], place: Place): string {
  const { ro_number: ro, vin, title } = identifiers;
  return [ro ? t('history.ro_number', { number: ro }) : null, vin ? t('history.vin', { vin }) : null, title ? titleText(title, place) : null].filter(Boolean).join(' · ');
}

/** The day it closed on, at its store. */
export function closedDay(iso: string, place: Place): string {
  const at = Date.parse(iso);
  return Number.isNaN(at) ? '' : format(new TZDate(at, place.timeZone), datePattern(place.locale));
}

/** What a result is named by (its customer, else its owner's title: a room), and what else it was about. */
export function resultHeading(t: Words, result: Pick<HistoryResult, 'customer' | 'identifiers'>, place: Place): { name: string; about: string } {
  const { title, ...rest } = result.identifiers;
  if (result.customer?.name) return { name: result.customer.name, about: aboutText(t, result.identifiers, place) };
  return { name: title ? titleText(title, place) : '', about: aboutText(t, rest, place) };
}
