import { describe, expect, it } from 'vitest';
import { REVISIT_LATE_DAYS, revisitDaysDue } from './revisit';

describe('revisitDaysDue', () => {
  const days = ['2026-10-15', '2027-03-01'];
  it('is due from the hour (UTC) of a revisit day, for REVISIT_LATE_DAYS', () => {
    expect(revisitDaysDue(days, 13, new Date('2027-03-01T12:59:59Z'))).toEqual([]);
    expect(revisitDaysDue(days, 13, new Date('2027-03-01T13:00:00Z'))).toEqual(['2027-03-01']);
    expect(revisitDaysDue(days, 13, new Date('2026-10-20T08:00:00Z'))).toEqual(['2026-10-15']);
    const end = new Date(Date.parse('2027-03-01T13:00:00Z') + REVISIT_LATE_DAYS * 24 * 60 * 60_000);
    expect(revisitDaysDue(days, 13, new Date(end.getTime() - 1))).toEqual(['2027-03-01']);
    expect(revisitDaysDue(days, 13, end)).toEqual([]);
    expect(revisitDaysDue([], 13, new Date('2027-03-01T14:00:00Z'))).toEqual([]);
  });
});
