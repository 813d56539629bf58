import type { Zone } from '../../shell/clock';
import { calendarDate } from '../../ui/format-en-us';

/** A timestamp as students read it: 'Nov 23, 2026', in the page's time zone (useClock). */
export function shortDate(iso: string, zone: Zone): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : calendarDate(date, { month: 'short', utc: zone === 'utc' });
}
