import { describe, expect, it } from 'vitest';
import { emptyFilters } from './filter-params';
import { searchFiltersSchema } from './filters';

// The filters are written in zod/mini (decision 0018); the server sends these messages to callers.
const messageFor = (raw: Record<string, string>) => {
  const parsed = searchFiltersSchema.safeParse(raw);
  expect(parsed.success, JSON.stringify(raw)).toBe(false);
  return parsed.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('the search filters schema', () => {
  it.each([
    [{ groupSize: 'two' }, 'groupSize: Group size must be a number'],
    [{ groupSize: '1.5' }, 'groupSize: Group size must be a whole number'],
    [{ groupSize: '0' }, 'groupSize: Group size must be at least 1'],
    [{ groupSize: '9' }, 'groupSize: Group size must be at most 8'],
    [{ housingAim: '13' }, 'housingAim: Housing aim must be at most 12'],
    [{ groupSize: '4', housingAim: '3' }, 'housingAim: Housing aim must be greater than the group size'],
    [{ gender: 'robot' }, 'gender: Gender must be one of: male, female, other'],
    [{ classYear: 'fifth' }, 'classYear: Class year must be one of: freshman, sophomore, junior, senior'],
    [{ sublet: 'maybe' }, 'sublet: Sublets only must be one of: yes, no'],
    [{ dorm: 'Walsh Hall' }, 'dorm: Dorm must be a dorm key'],
    [{ maxRent: '-5' }, 'maxRent: Maximum rent must be at least 1'],
    [{ moveIn: '2027-02-30' }, 'moveIn: Move-in date must be a real calendar date'],
    [{ moveIn: '2027-06-01', moveOut: '2027-05-01' }, 'moveOut: Move-out date cannot be before move-in date'],
  ])('refuses %j: %s', (raw, message) => {
    expect(messageFor(raw)).toEqual([message]);
  });

  it('names both faults of a date that is neither in the form nor real (as zod did before zod/mini)', () => {
    expect(messageFor({ moveIn: 'June' })).toEqual([
      'moveIn: Move-in date must be a date like 2027-06-01',
      'moveIn: Move-in date must be a real calendar date',
    ]);
  });

  it('reads blanks as no constraint, choices in any case, and numbers from text', () => {
    expect(
      searchFiltersSchema.parse({ location: '', groupSize: '2', gender: ' FEMALE ', classYear: '', sort: '' }),
    ).toEqual({ location: 'oncampus', sort: 'newest', groupSize: 2, gender: 'female' });
  });

  it('gives no filters at all for a location exactly as emptyFilters does', () => {
    for (const location of ['oncampus', 'offcampus'] as const) {
      expect(searchFiltersSchema.parse({ location })).toEqual(emptyFilters(location));
    }
  });
});
