// Numbers, amounts and dates in American English, the product's one language, written out here
// rather than by `Intl`. A page's first use of `Intl` (or of `toLocaleString`) loads the browser's
// locale data: about 20 ms on a fast machine, 80 ms on a slow phone, in one task that nothing can
// split (decision 0018). format-en-us.test.ts holds every function to what `Intl` itself says.

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** A whole number with thousands separators: 12,345 (rounded as `Intl` rounds: half away from 0). */
export function groupDigits(value: number): string {
  const digits = String(Math.round(Math.abs(value))).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return value < 0 ? `-${digits}` : digits;
}

/** Whole dollars: $1,200. */
export function dollars(value: number): string {
  const text = groupDigits(value);
  return text.startsWith('-') ? `-$${text.slice(1)}` : `$${text}`;
}

export interface CalendarDateOptions {
  /** 'long': June 1, 2027; 'short': Jun 1, 2027. */
  month: 'long' | 'short';
  /** Read the date in UTC rather than in the reader's time zone. */
  utc?: boolean;
}

/** June 1, 2027 (or Jun 1, 2027). */
export function calendarDate(date: Date, { month, utc = false }: CalendarDateOptions): string {
  const monthIndex = utc ? date.getUTCMonth() : date.getMonth();
  const name = MONTHS[monthIndex] as string;
  const day = utc ? date.getUTCDate() : date.getDate();
  const year = utc ? date.getUTCFullYear() : date.getFullYear();
  return `${month === 'long' ? name : name.slice(0, 3)} ${day}, ${year}`;
}

export type RelativeUnit = 'year' | 'month' | 'week' | 'day' | 'hour' | 'minute' | 'second';

/** What `Intl.RelativeTimeFormat` with `numeric: 'auto'` says for -1, 0 and 1 of each unit. */
const NAMED: Record<RelativeUnit, [string, string, string]> = {
  year: ['last year', 'this year', 'next year'],
  month: ['last month', 'this month', 'next month'],
  week: ['last week', 'this week', 'next week'],
  day: ['yesterday', 'today', 'tomorrow'],
  hour: ['1 hour ago', 'this hour', 'in 1 hour'],
  minute: ['1 minute ago', 'this minute', 'in 1 minute'],
  second: ['1 second ago', 'now', 'in 1 second'],
};

/** '3 days ago', 'in 2 weeks', 'yesterday': a whole number of units before (negative) or after now. */
export function relativeTime(value: number, unit: RelativeUnit): string {
  if (value === -1 || value === 0 || value === 1) return NAMED[unit][value + 1] as string;
  const count = Math.abs(value);
  const amount = `${groupDigits(count)} ${unit}${count === 1 ? '' : 's'}`;
  return value < 0 ? `${amount} ago` : `in ${amount}`;
}
