import { calendarDate } from '../../ui/format-en-us';

/** A timestamp as students read it: 'Nov 23, 2026'. */
export function shortDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : calendarDate(date, { month: 'short' });
}
