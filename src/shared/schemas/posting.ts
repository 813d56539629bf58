/**
 * The one write schema of a posting: the form validates with it (through zodResolver) and the
 * server validates every submit and edit with it. Every rule of docs/product-spec.md section 5 is here with the
 * spec's message, plus the rules a real product needs (see postingValidation).
 *
 * Fields are lenient on type (anything that is not a string reads as blank), so any input, however
 * malformed, is answered with the same list of plain messages, never with a parser's wording.
 * The output is normalised: trimmed, blanks as null, the other location's fields cleared, and the
 * sizes (curGroupSize, aimInteger) and rent per person computed, never trusted from the client.
 */

import {
  ACADEMIC_YEARS,
  type AcademicYear,
  GENDERS,
  type Gender,
  HOUSING_AIM_MAX,
  HOUSING_AIM_MIN,
  type ListingLocation,
  POSTING_STATUSES,
  RENT_TYPES,
  type RentType,
  UTILITIES,
  type Utilities,
} from '../options';
import { postingValidation } from '../posting-validation-messages';
import { z } from './zod';

const v = postingValidation;

export const POSTING_LIMITS = {
  name: 100,
  address: 200,
  customGender: 50,
  email: 254,
  phone: 30,
  instagram: 30,
  maxRent: 100_000,
  description: 2000,
} as const;

const text = z.string().catch('');
const flag = z.boolean().catch(false);

const postingMemberInputSchema = z.object({
  /** A stored member row's id (edit): the row is kept, with its invitation or membership (decision 0024). */
  id: z.string().max(64).optional().catch(undefined),
  name: text,
  academicYear: text,
  gender: text,
  customGender: text,
  email: text,
  instagramHandle: text,
});

const postingShape = z.object({
  listingLocation: z.enum(['oncampus', 'offcampus']).catch('oncampus'),
  dorm: text,
  address: text,
  /** Filled from the signed-in account; the server replaces both with the account's values. */
  adminName: text,
  adminEmail: text,
  adminAcademicYear: text,
  adminGender: text,
  adminCustomGender: text,
  adminPhone: text,
  adminInstagram: text,
  /** Show the phone / Instagram above on the detail view (contact by consent: off unless ticked). */
  adminShowsPhone: flag,
  adminShowsInstagram: flag,
  members: z.array(postingMemberInputSchema.catch({ ...blankMember() })).catch([]),
  /** How many more roommates are sought: a whole number typed into a number input. */
  curNumSeek: z.union([z.number(), z.string()]).catch(''),
  /** Whole dollars as digits ('' when not given); a leading $ and separators are tolerated. */
  monthlyRent: text,
  rentType: text,
  rentStart: text,
  rentEnd: text,
  utilities: text,
  sublet: flag,
  /** Optional free text about the group; plain text, line breaks kept. */
  description: text,
  /** Off campus (issue 33): the pin in degrees, typed or placed on the map; both blank for none. */
  pinLatitude: z.union([z.number(), z.string()]).catch(''),
  pinLongitude: z.union([z.number(), z.string()]).catch(''),
  /** Show the exact pin to everyone from the start (else others see an area of about 200 m). */
  pinExact: flag,
});

/** What the form holds and what the client sends as the `posting` field. */
export type PostingInput = z.input<typeof postingShape>;
export type PostingMemberInput = z.input<typeof postingMemberInputSchema>;

/** The most member rows a form's fields are read into (the group's largest size). */
const FORM_MEMBER_ROWS_MAX = HOUSING_AIM_MAX;
const MEMBER_FIELD = /^members\.(\d{1,2})\.([A-Za-z]+)$/;

/**
 * The posting form's fields as a browser posts them without scripts (an HTML form's names, each a
 * string; a ticked checkbox sent, an unticked one not) as the schema's input. Read from the
 * schema's own shape, so a field added to it is read here too: a flag is ticked when sent, any
 * other field is its text, and `members.<n>.<field>` fill member rows (member 1, which has no
 * fields of its own, is a blank row the admin's details replace). Anything else is ignored.
 */
export function postingFromFormFields(fields: Readonly<Record<string, string>>): PostingInput {
  const input: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(postingShape.shape)) {
    if (name === 'members') continue;
    if (schema === flag) input[name] = Object.hasOwn(fields, name);
    else if (Object.hasOwn(fields, name)) input[name] = fields[name];
  }
  const memberNames = Object.keys(postingMemberInputSchema.shape);
  const rows: Record<string, string>[] = [];
  for (const [name, value] of Object.entries(fields)) {
    const match = MEMBER_FIELD.exec(name);
    const at = Number(match?.[1]);
    const field = match?.[2] as string;
    if (!match || at >= FORM_MEMBER_ROWS_MAX || !memberNames.includes(field)) continue;
    rows[at] = { ...rows[at], [field]: value };
  }
  const count = Math.max(rows.length, 1);
  input.members = Array.from({ length: count }, (_, at) => ({ ...blankMember(), ...rows[at] }));
  return input as PostingInput;
}

export function blankMember(): PostingMemberInput {
  return { name: '', academicYear: '', gender: '', customGender: '', email: '', instagramHandle: '' };
}

/** The normalised posting the server stores. */
export interface PostingMemberWrite {
  /** The stored row this one continues (edit), or null for a new row. */
  id: string | null;
  name: string;
  academicYear: AcademicYear;
  gender: Gender;
  customGender: string | null;
  email: string | null;
  instagramHandle: string | null;
}

export interface PostingWrite {
  listingLocation: ListingLocation;
  dorm: string | null;
  address: string | null;
  adminName: string;
  adminEmail: string | null;
  adminAcademicYear: AcademicYear;
  adminGender: Gender;
  adminCustomGender: string | null;
  adminPhone: string | null;
  adminInstagram: string | null;
  adminShowsPhone: boolean;
  adminShowsInstagram: boolean;
  members: PostingMemberWrite[];
  curGroupSize: number;
  curNumSeek: number;
  aimInteger: number;
  monthlyRent: number | null;
  rentType: RentType | null;
  rentPerPerson: number | null;
  rentStart: string | null;
  rentEnd: string | null;
  utilities: Utilities | null;
  sublet: boolean;
  description: string | null;
  /** Off campus: the exact pin in degrees, both null when there is none. */
  pinLatitude: number | null;
  pinLongitude: number | null;
  pinExact: boolean;
}

/** [[west, south], [east, north]] in degrees: where a pin may be placed (the college's map bounds). */
export type PinBounds = readonly [readonly [number, number], readonly [number, number]];

/** The whole Earth, for a college without a map section. */
const EARTH: PinBounds = [
  [-180, -90],
  [180, 90],
];

const DEGREES = /^[-+]?(\d+\.?\d*|\.\d+)$/;

/** A coordinate typed or sent: a finite number of degrees, '' when blank, null when unreadable. */
export function parseDegrees(value: number | string): number | null | '' {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const trimmed = value.trim();
  if (trimmed === '') return '';
  if (trimmed.length > 30 || !DEGREES.test(trimmed)) return null;
  return Number(trimmed);
}

/**
 * One plain address, as zod's own e-mail rule has it: no display name, no spaces, no list (`,`),
 * no `?` header fields (`a@bc.edu?bcc=...` once reached mailto: links), no `<>`, quotes or `%`.
 */
const EMAIL = /^(?!\.)(?!.*\.\.)[A-Za-z0-9_'+.-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
export const INSTAGRAM = /^[A-Za-z0-9._]{1,30}$/;
const PHONE_CHARS = /^\+?[0-9 ().-]+$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

/** '@name' and 'name' are the same handle. */
export const normaliseInstagram = (value: string) => value.trim().replace(/^@/, '');
/** '$1,200' -> '1200'; anything else with non-digits stays as typed (and fails). */
const rentDigits = (value: string) => value.trim().replace(/^\$/, '').replace(/,/g, '').trim();

function isRealDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export function phoneIsValid(value: string): boolean {
  if (!PHONE_CHARS.test(value) || value.length > POSTING_LIMITS.phone) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= 7 && digits <= 15;
}

/** The seeking count as a whole number, or null when it is not one. */
function parseSeeking(value: number | string): number | null {
  const n = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value.trim());
  return Number.isInteger(n) ? n : null;
}

type Parsed = z.output<typeof postingShape>;
type IssueSink = (path: (string | number)[], message: string) => void;

/** Every rule, in the order the messages are listed to the user. */
function checkPosting(p: Parsed, dormKeys: readonly string[], bounds: PinBounds, add: IssueSink): void {
  const onCampus = p.listingLocation === 'oncampus';

  // Location.
  if (onCampus) {
    const dorm = p.dorm.trim();
    if (!dorm) add(['dorm'], v.selectDorm);
    else if (!dormKeys.includes(dorm)) add(['dorm'], v.unknownDorm);
  } else {
    const address = p.address.trim();
    if (!address) add(['address'], v.address);
    else if (address.length > POSTING_LIMITS.address)
      add(['address'], v.tooLong('The address', POSTING_LIMITS.address));
  }

  // Admin contact.
  const adminName = p.adminName.trim();
  if (!adminName) add(['adminName'], v.adminName);
  else if (adminName.length > POSTING_LIMITS.name) add(['adminName'], v.tooLong('The admin name', POSTING_LIMITS.name));
  if (!isOneOf(ACADEMIC_YEARS, p.adminAcademicYear)) add(['adminAcademicYear'], v.adminAcademicYear);
  if (!isOneOf(GENDERS, p.adminGender)) add(['adminGender'], v.adminGender);
  else if (p.adminGender === 'other') {
    const custom = p.adminCustomGender.trim();
    if (!custom) add(['adminCustomGender'], v.adminCustomGender);
    else if (custom.length > POSTING_LIMITS.customGender) {
      add(['adminCustomGender'], v.tooLong('The gender description', POSTING_LIMITS.customGender));
    }
  }
  const adminEmail = p.adminEmail.trim();
  const adminPhone = p.adminPhone.trim();
  if (adminEmail && (!EMAIL.test(adminEmail) || adminEmail.length > POSTING_LIMITS.email)) {
    add(['adminEmail'], v.adminEmail);
  }
  if (adminPhone && !phoneIsValid(adminPhone)) add(['adminPhone'], v.adminPhone);
  if (!adminEmail && !adminPhone) add(['adminPhone'], v.phoneOrEmail);
  const adminInstagram = normaliseInstagram(p.adminInstagram);
  if (adminInstagram && !INSTAGRAM.test(adminInstagram)) add(['adminInstagram'], v.adminInstagram);

  // Members. Member 1 is the admin (see adminAsFirstMember): the admin's checks above cover them.
  if (p.members.length === 0) add(['members'], v.atLeastOneMember);
  p.members.forEach((member, i) => {
    if (i === 0) return;
    const n = i + 1;
    const name = member.name.trim();
    if (!name) add(['members', i, 'name'], v.memberName(n));
    else if (name.length > POSTING_LIMITS.name) {
      add(['members', i, 'name'], v.tooLong(`The name of member ${n}`, POSTING_LIMITS.name));
    }
    if (!isOneOf(ACADEMIC_YEARS, member.academicYear)) add(['members', i, 'academicYear'], v.memberAcademicYear(n));
    if (!isOneOf(GENDERS, member.gender)) add(['members', i, 'gender'], v.memberGender(n));
    else if (member.gender === 'other') {
      const custom = member.customGender.trim();
      if (!custom) add(['members', i, 'customGender'], v.memberCustomGender(n));
      else if (custom.length > POSTING_LIMITS.customGender) {
        add(
          ['members', i, 'customGender'],
          v.tooLong(`The gender description of member ${n}`, POSTING_LIMITS.customGender),
        );
      }
    }
    const email = member.email.trim();
    if (email && (!EMAIL.test(email) || email.length > POSTING_LIMITS.email)) {
      add(['members', i, 'email'], v.memberEmail(n));
    }
    const instagram = normaliseInstagram(member.instagramHandle);
    if (instagram && !INSTAGRAM.test(instagram)) add(['members', i, 'instagramHandle'], v.memberInstagram(n));
  });

  if (cleanDescription(p.description).length > POSTING_LIMITS.description) {
    add(['description'], v.tooLong('The group description', POSTING_LIMITS.description));
  }

  // Sizes.
  const seeking = parseSeeking(p.curNumSeek);
  if (seeking === null || seeking < 1) add(['curNumSeek'], v.seekingAtLeastOne);
  else if (p.members.length > 0 && p.members.length + seeking > HOUSING_AIM_MAX) {
    add(['curNumSeek'], v.targetSize(HOUSING_AIM_MIN, HOUSING_AIM_MAX));
  }

  if (onCampus) return;

  // Rent (off-campus).
  const rent = rentDigits(p.monthlyRent);
  if (rent) {
    const amount = /^\d+$/.test(rent) ? Number(rent) : Number.NaN;
    if (!Number.isInteger(amount) || amount > POSTING_LIMITS.maxRent) {
      add(['monthlyRent'], v.rentWholeDollars(POSTING_LIMITS.maxRent));
    }
    if (!isOneOf(RENT_TYPES, p.rentType)) add(['rentType'], v.rentType);
  }
  if (p.utilities && !isOneOf(UTILITIES, p.utilities)) add(['utilities'], v.utilities);

  // Rental period (off-campus).
  const start = p.rentStart.trim();
  const end = p.rentEnd.trim();
  if (!start && !end) add(['rentStart'], v.rentalDates);
  else if (!start || !end) add([start ? 'rentEnd' : 'rentStart'], v.bothDates);
  else if (!isRealDate(start) || !isRealDate(end)) add([isRealDate(start) ? 'rentEnd' : 'rentStart'], v.invalidDate);
  else if (end < start) add(['rentEnd'], v.endBeforeStart);

  checkPin(p, bounds, add);
}

/** The pin (off campus): both coordinates or neither, numbers, inside the bounds. */
function checkPin(p: Parsed, bounds: PinBounds, add: IssueSink): void {
  const latitude = parseDegrees(p.pinLatitude);
  const longitude = parseDegrees(p.pinLongitude);
  if (latitude === '' && longitude === '') return;
  if (latitude === '' || longitude === '') {
    add([latitude === '' ? 'pinLatitude' : 'pinLongitude'], v.pinBoth);
    return;
  }
  if (latitude === null || latitude < -90 || latitude > 90) add(['pinLatitude'], v.pinLatitude);
  if (longitude === null || longitude < -180 || longitude > 180) add(['pinLongitude'], v.pinLongitude);
  if (latitude === null || longitude === null) return;
  const [[west, south], [east, north]] = bounds;
  if (latitude < south || latitude > north || longitude < west || longitude > east) {
    add(
      [latitude < south || latitude > north ? 'pinLatitude' : 'pinLongitude'],
      v.pinOutside(west, south, east, north),
    );
  }
}

/** Windows and old Mac line breaks become '\n'; blank lines around the text go. */
const cleanDescription = (value: string) => value.replace(/\r\n?/g, '\n').trim();

/**
 * The admin is member 1 of their group and cannot be removed: whatever arrives as member 1 is
 * replaced by the admin's own details (so the form asks the admin's year and gender once).
 */
function adminAsFirstMember(p: Parsed): Parsed {
  if (p.members.length === 0) return p;
  const admin = {
    name: p.adminName,
    academicYear: p.adminAcademicYear,
    gender: p.adminGender,
    customGender: p.adminCustomGender,
    email: p.adminEmail,
    instagramHandle: p.adminInstagram,
  };
  return { ...p, members: [admin, ...p.members.slice(1)] };
}

const blankToNull = (value: string) => {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
};

function normalise(p: Parsed): PostingWrite {
  const onCampus = p.listingLocation === 'oncampus';
  const curNumSeek = parseSeeking(p.curNumSeek) ?? 0;
  const curGroupSize = p.members.length;
  const aimInteger = curGroupSize + curNumSeek;
  const rent = onCampus ? '' : rentDigits(p.monthlyRent);
  const monthlyRent = rent ? Number(rent) : null;
  const rentType = monthlyRent !== null ? (p.rentType as RentType) : null;
  const rentPerPerson =
    monthlyRent === null ? null : rentType === 'total' ? Math.round(monthlyRent / aimInteger) : monthlyRent;
  const member = (m: Parsed['members'][number]): PostingMemberWrite => ({
    id: m.id && m.id.trim() !== '' ? m.id.trim() : null,
    name: m.name.trim(),
    academicYear: m.academicYear as AcademicYear,
    gender: m.gender as Gender,
    customGender: m.gender === 'other' ? blankToNull(m.customGender) : null,
    email: blankToNull(m.email),
    instagramHandle: blankToNull(normaliseInstagram(m.instagramHandle)),
  });
  return {
    listingLocation: p.listingLocation,
    dorm: onCampus ? p.dorm.trim() : null,
    address: onCampus ? null : p.address.trim(),
    adminName: p.adminName.trim(),
    adminEmail: blankToNull(p.adminEmail),
    adminAcademicYear: p.adminAcademicYear as AcademicYear,
    adminGender: p.adminGender as Gender,
    adminCustomGender: p.adminGender === 'other' ? blankToNull(p.adminCustomGender) : null,
    adminPhone: blankToNull(p.adminPhone),
    adminInstagram: blankToNull(normaliseInstagram(p.adminInstagram)),
    adminShowsPhone: p.adminShowsPhone,
    adminShowsInstagram: p.adminShowsInstagram,
    members: p.members.map(member),
    curGroupSize,
    curNumSeek,
    aimInteger,
    monthlyRent,
    rentType,
    rentPerPerson,
    rentStart: onCampus ? null : blankToNull(p.rentStart),
    rentEnd: onCampus ? null : blankToNull(p.rentEnd),
    utilities: onCampus || !p.utilities ? null : (p.utilities as Utilities),
    sublet: p.sublet,
    description: cleanDescription(p.description) || null,
    ...pinOf(p, onCampus),
  };
}

/** The validated pin, rounded to 6 decimals (about 10 cm); none on campus. */
function pinOf(p: Parsed, onCampus: boolean): Pick<PostingWrite, 'pinLatitude' | 'pinLongitude' | 'pinExact'> {
  const latitude = parseDegrees(p.pinLatitude);
  const longitude = parseDegrees(p.pinLongitude);
  if (onCampus || typeof latitude !== 'number' || typeof longitude !== 'number') {
    return { pinLatitude: null, pinLongitude: null, pinExact: false };
  }
  const round = (n: number) => Math.round(n * 1e6) / 1e6;
  return { pinLatitude: round(latitude), pinLongitude: round(longitude), pinExact: p.pinExact };
}

/** The posting schema for a college whose dorms have these keys (and whose pins lie in these bounds). */
export function createPostingSchema(dormKeys: readonly string[], pinBounds: PinBounds = EARTH) {
  return postingShape
    .transform(adminAsFirstMember)
    .superRefine((parsed, ctx) => {
      checkPosting(parsed, dormKeys, pinBounds, (path, message) => ctx.addIssue({ code: 'custom', path, message }));
    })
    .transform(normalise);
}

export type PostingValidation = { success: true; data: PostingWrite } | { success: false; messages: string[] };

/** Validates and normalises; on failure, the messages in order, each once (what 'Submission Failed' lists). */
export function validatePosting(input: unknown, dormKeys: readonly string[], pinBounds?: PinBounds): PostingValidation {
  const result = createPostingSchema(dormKeys, pinBounds).safeParse(input ?? {});
  if (result.success) return { success: true, data: result.data };
  return { success: false, messages: [...new Set(result.error.issues.map((issue) => issue.message))] };
}

/** The posting's status change (PATCH /api/postings/:id/status). */
export const postingStatusSchema = z.object({
  status: z.enum(POSTING_STATUSES),
});
