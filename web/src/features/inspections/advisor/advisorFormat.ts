/** Times and money on the advisor's tools: the location's timezone, the language's date order, the location's currency. */
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import useSWR from 'swr';
import { datePattern, type Locale } from '../../../../../shared/locales.js';
import { currentLocale } from '../../../lib/i18n.js';
import { useReadySession } from '../../../lib/session.js';
import { useStore } from '../../../lib/store.js';
import { locationPath, type LocationAnswer } from './advisorRequests.js';

export function formatWhen(iso: string | null, locale: Locale, timeZone: string): string {
  if (!iso) return '';
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '';
  const clock = locale === 'en-us' || locale === 'en-ca' || locale === 'debug' ? 'h:mm a' : 'HH:mm';
  return format(new TZDate(at, timeZone), `${datePattern(locale)} ${clock}`);
}

export interface AdvisorPlace {
  /** The page's language (dates, words). */
  locale: Locale;
  /** The location's language: its currency symbol (SPEC §9); the page's language until it is known. */
  moneyLocale: Locale;
  timeZone: string;
  locationId: string;
}

/** Where the advisor works: the session's location, and its own locale for money (read once, cached by SWR). */
export function useAdvisorPlace(): AdvisorPlace {
  const { location } = useReadySession();
  const locale = useStore(currentLocale);
  const { data } = useSWR<LocationAnswer>(locationPath(location.id), { revalidateOnFocus: false, shouldRetryOnError: false, onError: () => undefined });
  return { locale, moneyLocale: data?.location.locale ?? locale, timeZone: location.timezone, locationId: location.id };
}
