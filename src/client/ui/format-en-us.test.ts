import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarDate, dollars, groupDigits, type RelativeUnit, relativeTime } from './format-en-us';

// Node carries the full ICU data: each function must say exactly what `Intl` says in en-US.
const numbers = [0, 0.4, 0.5, 1, 7, 12, 999, 999.5, 1000, 1200, 12_345, 99_999, 100_000, 1_234_567, 2.5, 1500.49];
const withNegatives = [...numbers, ...numbers.map((n) => -n).filter((n) => n !== 0)];

describe('groupDigits', () => {
  it.each(withNegatives)('writes %d as Intl.NumberFormat en-US does', (value) => {
    const intl = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    expect(groupDigits(value)).toBe(intl.format(value));
  });
});

describe('dollars', () => {
  it.each(withNegatives)('writes %d as the en-US currency format does', (value) => {
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
    expect(dollars(value)).toBe(intl.format(value));
  });
});

describe('calendarDate', () => {
  // The first of every month of a leap year and the days on either side of its turn.
  const days = Array.from({ length: 12 }, (_, month) => [
    new Date(Date.UTC(2028, month, 1, 12)),
    new Date(Date.UTC(2028, month, 28, 0, 30)),
    new Date(Date.UTC(2027, month, 15, 23, 59)),
  ]).flat();

  it.each(days)('writes %s in UTC as toLocaleDateString does', (date) => {
    for (const month of ['long', 'short'] as const) {
      expect(calendarDate(date, { month, utc: true })).toBe(
        date.toLocaleDateString('en-US', { year: 'numeric', month, day: 'numeric', timeZone: 'UTC' }),
      );
    }
  });

  describe("in the reader's time zone", () => {
    // Far from UTC, so that the local day differs from the UTC day for some of these instants.
    const zone = process.env.TZ;
    beforeAll(() => {
      process.env.TZ = 'Pacific/Auckland';
    });
    afterAll(() => {
      process.env.TZ = zone;
    });

    it('is that zone', () => {
      expect(new Date(Date.UTC(2028, 0, 1, 12)).getHours()).toBe(1);
    });

    it.each(days)('writes %s as toLocaleDateString does', (date) => {
      for (const month of ['long', 'short'] as const) {
        expect(calendarDate(date, { month })).toBe(
          date.toLocaleDateString('en-US', { year: 'numeric', month, day: 'numeric' }),
        );
      }
    });
  });
});

describe('relativeTime', () => {
  const units: RelativeUnit[] = ['year', 'month', 'week', 'day', 'hour', 'minute', 'second'];
  const values = [-1500, -30, -2, -1, 0, 1, 2, 11, 1500];

  it.each(units)("says every amount of %s as Intl.RelativeTimeFormat (numeric: 'auto') does", (unit) => {
    const intl = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
    for (const value of values) expect(relativeTime(value, unit)).toBe(intl.format(value, unit));
  });
});
