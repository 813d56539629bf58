/**
 * Realistic sample postings for `npm run seed` and the benchmarks: deterministic, so two runs
 * make the same data.
 */
import { ACADEMIC_YEARS, GENDERS } from '../../src/shared/options';

export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    // mulberry32
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST_NAMES = [
  'Olivia',
  'Liam',
  'Emma',
  'Noah',
  'Ava',
  'Ethan',
  'Sophia',
  'Mason',
  'Isabella',
  'Lucas',
  'Mia',
  'Aiden',
  'Amelia',
  'Caden',
  'Harper',
  'Mateo',
  'Evelyn',
  'Jack',
  'Abigail',
  'Owen',
  'Priya',
  'Wei',
  'Fatima',
  'Diego',
  'Aaliyah',
  'Kenji',
  'Sofia',
  'Connor',
  'Nora',
  'Declan',
  'Grace',
  'Patrick',
  'Chloe',
  'Ryan',
  'Maeve',
  'Brendan',
];
const LAST_NAMES = [
  'Murphy',
  'Sullivan',
  'Nguyen',
  'Garcia',
  'Kim',
  'Patel',
  'Chen',
  'Walsh',
  'Kelly',
  'Rodriguez',
  "O'Brien",
  'Johnson',
  'Lee',
  'Martinez',
  'Brennan',
  'Fitzgerald',
  'Okafor',
  'Rossi',
  'Cohen',
  'Flanagan',
  'Silva',
  'Park',
];
const STREETS = [
  'Foster Street',
  'Kirkwood Road',
  'Gerald Road',
  'Sutherland Road',
  'Commonwealth Avenue',
  'Lake Street',
  'Chestnut Hill Avenue',
  'Strathmore Road',
  'Wade Street',
  'Glenmont Road',
  'Radnor Road',
  'Kenrick Street',
];

export interface SampleMember {
  name: string;
  academicYear: string;
  gender: string;
  customGender: string | null;
  email: string | null;
  instagramHandle: string | null;
}

export interface SamplePosting {
  listingLocation: 'oncampus' | 'offcampus';
  dorm: string | null;
  address: string | null;
  adminName: string;
  adminEmail: string;
  adminAcademicYear: string;
  adminGender: string;
  adminPhone: string | null;
  adminInstagram: string | null;
  members: SampleMember[];
  curGroupSize: number;
  curNumSeek: number;
  aimInteger: number;
  monthlyRent: number | null;
  rentType: 'total' | 'per_person' | null;
  rentPerPerson: number | null;
  rentStart: string | null;
  rentEnd: string | null;
  utilities: 'included' | 'not-included' | null;
  sublet: boolean;
  status: 'Unfulfilled' | 'Likely Fulfilled' | 'Fulfilled';
}

const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
const handle = (name: string) => name.toLowerCase().replace(/[^a-z]+/g, '.');
const isoDate = (date: Date) => date.toISOString().slice(0, 10);

export function samplePerson(random: () => number, emailDomain: string) {
  const name = `${pick(random, FIRST_NAMES)} ${pick(random, LAST_NAMES)}`;
  return { name, email: `${handle(name).replace(/\.+/g, '')}${Math.floor(random() * 90 + 10)}@${emailDomain}` };
}

/** One posting whose admin is `admin`; the rest is drawn from `random`. */
export function samplePosting(
  random: () => number,
  admin: { name: string; email: string },
  dormKeys: readonly string[],
  emailDomain: string,
): SamplePosting {
  const onCampus = random() < 0.6;
  const curGroupSize = 1 + Math.floor(random() * 5);
  const curNumSeek = 1 + Math.floor(random() * Math.min(4, 12 - curGroupSize));
  const aimInteger = curGroupSize + curNumSeek;
  const adminGender = pick(random, GENDERS.slice(0, 2));
  const members: SampleMember[] = Array.from({ length: curGroupSize }, (_, i) => {
    const person = i === 0 ? admin : samplePerson(random, emailDomain);
    return {
      name: person.name,
      academicYear: pick(random, ACADEMIC_YEARS),
      gender: random() < 0.85 ? adminGender : 'other',
      customGender: null,
      email: random() < 0.7 ? person.email : null,
      instagramHandle: random() < 0.5 ? handle(person.name) : null,
    };
  });
  for (const member of members) if (member.gender === 'other') member.customGender = 'Non-binary';

  let rent: Pick<SamplePosting, 'monthlyRent' | 'rentType' | 'rentPerPerson' | 'rentStart' | 'rentEnd' | 'utilities'> =
    {
      monthlyRent: null,
      rentType: null,
      rentPerPerson: null,
      rentStart: null,
      rentEnd: null,
      utilities: null,
    };
  const sublet = !onCampus && random() < 0.35;
  if (!onCampus) {
    const perPerson = 900 + Math.floor(random() * 16) * 50;
    const rentType = random() < 0.5 ? 'per_person' : 'total';
    const start = new Date(Date.UTC(2027, sublet ? 4 + Math.floor(random() * 2) : 5 + Math.floor(random() * 3), 1));
    const end = new Date(start);
    end.setUTCMonth(end.getUTCMonth() + (sublet ? 3 : 12));
    end.setUTCDate(end.getUTCDate() - 1);
    rent = {
      monthlyRent: rentType === 'per_person' ? perPerson : perPerson * aimInteger,
      rentType,
      rentPerPerson: perPerson,
      rentStart: isoDate(start),
      rentEnd: isoDate(end),
      utilities: random() < 0.4 ? 'included' : 'not-included',
    };
  }
  const statusRoll = random();
  return {
    listingLocation: onCampus ? 'oncampus' : 'offcampus',
    dorm: onCampus ? pick(random, dormKeys) : null,
    address: onCampus ? null : `${10 + Math.floor(random() * 190)} ${pick(random, STREETS)}, Brighton, MA`,
    adminName: admin.name,
    adminEmail: admin.email,
    adminAcademicYear: members[0]?.academicYear ?? 'junior',
    adminGender,
    adminPhone: random() < 0.6 ? `617-555-${String(Math.floor(random() * 10_000)).padStart(4, '0')}` : null,
    adminInstagram: members[0]?.instagramHandle ?? null,
    members,
    curGroupSize,
    curNumSeek,
    aimInteger,
    ...rent,
    sublet,
    status: statusRoll < 0.7 ? 'Unfulfilled' : statusRoll < 0.9 ? 'Likely Fulfilled' : 'Fulfilled',
  };
}
