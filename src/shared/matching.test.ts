import { describe, expect, it } from 'vitest';
import { type MatchablePosting, matchesFilters } from './matching';
import { filtersFromParams, filtersToParams, searchFiltersSchema } from './schemas/filters';

const onCampus: MatchablePosting = {
  listingLocation: 'oncampus',
  dorm: 'Walsh',
  aimInteger: 4,
  curNumSeek: 2,
  adminGender: 'Female',
  adminAcademicYear: 'junior',
  sublet: false,
  rentPerPerson: null,
  rentStart: null,
  rentEnd: null,
};
const offCampus: MatchablePosting = {
  ...onCampus,
  listingLocation: 'offcampus',
  dorm: null,
  sublet: true,
  rentPerPerson: 1000,
  rentStart: '2027-06-01',
  rentEnd: '2027-08-31',
};
const match = (posting: MatchablePosting, raw: Record<string, string>) =>
  matchesFilters(posting, searchFiltersSchema.parse(raw));

describe('matchesFilters', () => {
  it("keeps off-campus postings within N minutes' walk of the place; one without a pin never matches", () => {
    const walked = {
      ...offCampus,
      walks: [
        { placeKey: 'main', minutes: 10 },
        { placeKey: 'brighton', minutes: 25 },
      ],
    };
    const within = (minutes: string, place = 'main') =>
      match(walked, { location: 'offcampus', walkPlace: place, walkMinutes: minutes });
    expect(within('10')).toBe(true);
    expect(within('5')).toBe(false);
    expect(within('20', 'brighton')).toBe(false);
    expect(within('30', 'newton')).toBe(false);
    expect(match(offCampus, { location: 'offcampus', walkPlace: 'main', walkMinutes: '60' })).toBe(false);
    // The place alone only orders (the walking sort); it keeps everything.
    expect(match(offCampus, { location: 'offcampus', walkPlace: 'main', sort: 'walk' })).toBe(true);
    // Minutes need a place to walk to.
    expect(searchFiltersSchema.safeParse({ location: 'offcampus', walkMinutes: '10' }).success).toBe(false);
  });

  it('keeps the location apart and treats blank as no constraint', () => {
    expect(match(onCampus, {})).toBe(true);
    expect(match(onCampus, { location: 'offcampus' })).toBe(false);
    expect(match(onCampus, { groupSize: '', dorm: '', gender: '' })).toBe(true);
  });

  it('compares the group size with the seeking count and the aim exactly', () => {
    expect(match(onCampus, { groupSize: '2' })).toBe(true);
    expect(match(onCampus, { groupSize: '1' })).toBe(false);
    expect(match(onCampus, { housingAim: '4' })).toBe(true);
    expect(match(onCampus, { housingAim: '5' })).toBe(false);
  });

  it('matches dorm, gender and class year, the last two case-insensitively', () => {
    expect(match(onCampus, { dorm: 'Walsh', gender: 'FEMALE', classYear: 'Junior' })).toBe(true);
    expect(match(onCampus, { dorm: 'Voute' })).toBe(false);
    expect(match(onCampus, { gender: 'male' })).toBe(false);
    expect(match(onCampus, { classYear: 'senior' })).toBe(false);
  });

  it("applies 'Sublets Only'", () => {
    expect(match(onCampus, { sublet: 'yes' })).toBe(false);
    expect(match(onCampus, { sublet: 'no' })).toBe(true);
    expect(match(offCampus, { location: 'offcampus', sublet: 'yes' })).toBe(true);
  });

  it('compares rent per person and overlaps the wanted stay with the rental period', () => {
    const off = (raw: Record<string, string>) => match(offCampus, { location: 'offcampus', ...raw });
    expect(off({ maxRent: '1000' })).toBe(true);
    expect(off({ maxRent: '999' })).toBe(false);
    expect(off({ moveIn: '2027-08-31' })).toBe(true);
    expect(off({ moveIn: '2027-09-01' })).toBe(false);
    expect(off({ moveOut: '2027-06-01' })).toBe(true);
    expect(off({ moveOut: '2027-05-31' })).toBe(false);
    expect(off({ moveIn: '2027-01-01', moveOut: '2027-12-31' })).toBe(true);
    expect(match({ ...offCampus, rentPerPerson: null }, { location: 'offcampus', maxRent: '5000' })).toBe(false);
    // A dorm means nothing off campus.
    expect(off({ dorm: 'Walsh' })).toBe(true);
  });
});

describe('filters in the URL', () => {
  it('round-trips through query parameters, leaving out blanks and the other location', () => {
    const filters = filtersFromParams(
      new URLSearchParams('location=oncampus&dorm=Walsh&groupSize=2&maxRent=900&gender='),
    );
    expect(filters).toEqual({ location: 'oncampus', sort: 'newest', dorm: 'Walsh', groupSize: 2 });
    expect(filtersToParams(filters).toString()).toBe('location=oncampus&groupSize=2&dorm=Walsh');
  });

  it('drops only the invalid fields of a hand-edited URL', () => {
    expect(filtersFromParams(new URLSearchParams('groupSize=99&dorm=Walsh'))).toEqual({
      location: 'oncampus',
      sort: 'newest',
      dorm: 'Walsh',
    });
  });

  it('refuses a housing aim not above the group size', () => {
    expect(searchFiltersSchema.safeParse({ groupSize: '3', housingAim: '3' }).success).toBe(false);
    expect(searchFiltersSchema.safeParse({ groupSize: '3', housingAim: '4' }).success).toBe(true);
  });
});
