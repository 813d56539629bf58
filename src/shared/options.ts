/**
 * Option lists and constants from the product spec (docs/product-spec.md, sections 3 and 9). One
 * source for both sides.
 */

export const LISTING_LOCATIONS = ['oncampus', 'offcampus'] as const;
export type ListingLocation = (typeof LISTING_LOCATIONS)[number];
export const LISTING_LOCATION_LABELS: Record<ListingLocation, string> = {
  oncampus: 'On-Campus',
  offcampus: 'Off-Campus',
};

export const ACADEMIC_YEARS = ['freshman', 'sophomore', 'junior', 'senior'] as const;
export type AcademicYear = (typeof ACADEMIC_YEARS)[number];
export const ACADEMIC_YEAR_LABELS: Record<AcademicYear, string> = {
  freshman: 'Freshman',
  sophomore: 'Sophomore',
  junior: 'Junior',
  senior: 'Senior',
};
/** The class-year filter lists the years from the oldest down, shown under 'Rising...'. */
export const CLASS_YEAR_FILTER_ORDER: readonly AcademicYear[] = ['senior', 'junior', 'sophomore', 'freshman'];

export const GENDERS = ['male', 'female', 'other'] as const;
export type Gender = (typeof GENDERS)[number];
export const GENDER_LABELS: Record<Gender, string> = { male: 'Male', female: 'Female', other: 'Other' };

export const POSTING_STATUSES = ['Unfulfilled', 'Likely Fulfilled', 'Fulfilled'] as const;
export type PostingStatus = (typeof POSTING_STATUSES)[number];

export const RENT_TYPES = ['total', 'per_person'] as const;
export type RentType = (typeof RENT_TYPES)[number];
export const RENT_TYPE_LABELS: Record<RentType, string> = { total: 'Total', per_person: 'Per Person' };

export const UTILITIES = ['included', 'not-included'] as const;
export type Utilities = (typeof UTILITIES)[number];
export const UTILITIES_LABELS: Record<Utilities, string> = {
  included: 'Included',
  'not-included': 'Not Included',
};

/** Filter bar: current group size options. */
export const GROUP_SIZE_MIN = 1;
export const GROUP_SIZE_MAX = 8;
/** Housing aim ('-man housing') options; the form only offers values above the chosen group size. */
export const HOUSING_AIM_MIN = 2;
export const HOUSING_AIM_MAX = 12;

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

export const GROUP_SIZE_OPTIONS = range(GROUP_SIZE_MIN, GROUP_SIZE_MAX);

/** Housing-aim choices offered once a group size is picked: strictly greater than it. */
export function housingAimOptions(groupSize: number | undefined): number[] {
  const floor = groupSize && groupSize > 0 ? groupSize + 1 : HOUSING_AIM_MIN;
  return range(Math.max(floor, HOUSING_AIM_MIN), HOUSING_AIM_MAX);
}

export const LANDING_BACKDROP_ROTATION_MS = 7000;
export const MOBILE_WARNING_MAX_WIDTH = 425; // 'under 426 px'

export const PROFILE_LIST_INITIAL = 2;
export const PROFILE_LIST_STEP = 2;

export const TOAST_MS = {
  accessRestricted: 3000,
  termsDeclined: 3000,
  sessionExpired: 4000,
  contactSuccess: 3000,
  contactFailure: 5000,
} as const;

export const CONTACT_REPLY_BUSINESS_DAYS = 3;

export const POSTINGS_PAGE_SIZE = 20;
export const MAX_IMAGES_PER_POSTING = 10;
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_IMAGE_PIXELS = 40_000_000;

/** Ping Interest (spec sections 3 to 5): a ping waits for the admin, who accepts or declines it. */
export const PING_STATUSES = ['pending', 'accepted', 'declined', 'closed', 'expired'] as const;
export type PingStatus = (typeof PING_STATUSES)[number];
export const PING_STATUS_LABELS: Record<PingStatus, string> = {
  pending: 'Awaiting answer',
  accepted: 'Accepted',
  declined: 'Declined',
  closed: 'Closed (group fulfilled)',
  expired: 'Expired (no answer)',
};
export const PING_MESSAGE_MAX_LENGTH = 1000;
/** Pings one student may send in any hour. */
export const PING_HOURLY_LIMIT = 20;
/** A ping left unanswered this long expires, and its sender is told. */
export const PING_EXPIRY_DAYS = 14;
