/** How the MPI screens write a car, a person, a moment and an age (location timezone, SPEC §5 date order). */
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { datePattern, intlTag, type Locale } from '../../../../shared/locales.js';
import type { SheetRepairOrder } from '../../../../shared/inspections/inspections.js';
import type { AgentRef } from '../../../../shared/people.js';
import type { Vehicle } from '../../../../shared/customers.js';

export function vehicleLabel(vehicle: Vehicle): string {
  return [vehicle.year, vehicle.make, vehicle.model].filter((part) => part !== null && part !== '').join(' ');
}

export function customerLabel(order: Pick<SheetRepairOrder, 'customer_first_name' | 'customer_last_name'>): string {
  return `${order.customer_first_name} ${order.customer_last_name}`.trim();
}

export function agentName(agent: AgentRef | null | undefined): string {
  return agent ? `${agent.first_name} ${agent.last_name}`.trim() : '';
}

function timePattern(locale: Locale): string {
  return locale === 'en-us' || locale === 'en-ca' || locale === 'debug' ? 'h:mm a' : 'HH:mm';
}

export function formatMoment(iso: string | null, locale: Locale, timeZone: string): string {
  if (!iso) return '';
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '';
  return format(new TZDate(at, timeZone), `${datePattern(locale)} ${timePattern(locale)}`);
}

const AGE_STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['minute', 60],
  ['hour', 24],
  ['day', Number.POSITIVE_INFINITY],
];

/** The largest whole unit of an elapsed time, e.g. { value: 3, unit: 'hour' }; under a minute is 0 minutes. */
export function ageParts(sinceIso: string | null, nowMs: number): { value: number; unit: Intl.RelativeTimeFormatUnit } | null {
  if (!sinceIso) return null;
  const since = Date.parse(sinceIso);
  if (Number.isNaN(since)) return null;
  let value = Math.max(0, Math.floor((nowMs - since) / 60_000));
  for (const [unit, per] of AGE_STEPS) {
    if (value < per) return { value, unit };
    value = Math.floor(value / per);
  }
  return null;
}

/** "3 hours ago" in the agent's language (Intl words the units, plurals included). */
export function formatAge(sinceIso: string | null, locale: Locale, nowMs: number): string {
  const parts = ageParts(sinceIso, nowMs);
  if (!parts) return '';
  return new Intl.RelativeTimeFormat(intlTag(locale), { numeric: 'auto', style: 'short' }).format(-parts.value, parts.unit);
}
