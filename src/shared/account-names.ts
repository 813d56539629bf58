/**
 * Account names that pose as someone a student would trust (issue 30): the college, one of its
 * offices, the product, or its moderators and staff. Such a name is refused on sign-up and on
 * every change, and a provider's claim holding one is replaced, so "BC Housing Office" never
 * reaches another student's inbox as a sender. Shared: the server decides, the forms can say so first.
 *
 * A name is judged by its skeleton, so that spelling does not get it through: compatibility forms
 * folded (full-width and mathematical letters), accents dropped, look-alike letters of other
 * scripts and digits read as the Latin letters they imitate, lower case, and camelCase, dots,
 * dashes and spaces taken as word breaks (a run of single letters is read as one word: "A d m i n").
 */

import { sanitizeAccountName } from './schemas/auth';

/**
 * The refusal of such a name. Here rather than in messages.ts: only the server says it (the forms
 * show what the server says), and messages.ts is in every page's first load.
 */
export const namePosingMessage = (productName: string, collegeName: string) =>
  `Use your own name: a name may not pose as ${collegeName} or one of its offices, or as ${productName}, its moderators or staff.`;

/** Who a name must not pose as, from the college config. */
export interface PosingRules {
  productName: string;
  collegeName: string;
  collegeShortName: string;
}

/** The rules of a college config (the server's, or the public one the browser has). */
export const posingRulesOf = (college: {
  productName: string;
  college: { name: string; shortName: string };
}): PosingRules => ({
  productName: college.productName,
  collegeName: college.college.name,
  collegeShortName: college.college.shortName,
});

/** Words that are a role or an office, never a person's name, whatever they stand beside. */
const ROLE_WORDS = [
  'admin',
  'admins',
  'administrator',
  'administrators',
  'administration',
  'moderator',
  'moderators',
  'moderation',
  'support',
  'staff',
  'official',
  'officials',
  'office',
  'offices',
  'housing',
  'reslife',
  'helpdesk',
  'team',
  'college',
  'university',
  'registrar',
  'department',
  'dept',
  'campus',
  'security',
  'noreply',
  'verified',
  'verification',
  'service',
  'services',
];

/** Phrases of the same kind, matched with the spaces between their words taken out. */
const ROLE_PHRASES = ['residence life', 'res life', 'help desk', 'student affairs', 'dean of students', 'no reply'];

/**
 * Letters of other scripts and symbols that look like Latin ones (Unicode's confusables, the ones
 * seen in names), and digits read as letters.
 */
const LOOK_ALIKES: Record<string, string> = {
  // Cyrillic
  а: 'a',
  в: 'b',
  с: 'c',
  ԁ: 'd',
  е: 'e',
  ё: 'e',
  һ: 'h',
  і: 'i',
  ї: 'i',
  ј: 'j',
  к: 'k',
  ӏ: 'l',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  ԛ: 'q',
  г: 'r',
  ѕ: 's',
  т: 't',
  ս: 'u',
  ѵ: 'v',
  ԝ: 'w',
  х: 'x',
  у: 'y',
  // Greek
  α: 'a',
  β: 'b',
  ε: 'e',
  η: 'n',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  // Latin letters that read as others
  ı: 'i',
  ɩ: 'i',
  ɡ: 'g',
  ʀ: 'r',
  ꜱ: 's',
  // Digits and symbols
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '8': 'b',
  '@': 'a',
  $: 's',
  '!': 'i',
  '|': 'i',
};

/** Greek capitals that look like Latin ones (their small letters look otherwise: η, μ, ν). */
const CAPITAL_LOOK_ALIKES: Record<string, string> = {
  Α: 'A',
  Β: 'B',
  Ε: 'E',
  Ζ: 'Z',
  Η: 'H',
  Ι: 'I',
  Κ: 'K',
  Μ: 'M',
  Ν: 'N',
  Ο: 'O',
  Ρ: 'P',
  Τ: 'T',
  Υ: 'Y',
  Χ: 'X',
};

/**
 * The letters as they read: rn and m look alike in many fonts, so do vv and w, and l, i and I;
 * each side of a comparison is read the same way.
 */
const readAlike = (text: string) => text.replaceAll('rn', 'm').replaceAll('vv', 'w').replaceAll('l', 'i');

/** The words of a name as they read (see the module's comment). */
export function nameWords(name: string): string[] {
  const folded = name
    .normalize('NFKC')
    // camelCase and ACRONYMWord as two words: "BCHousing" -> "BC Housing".
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
    .replace(/[\u0391-\u03A9]/gu, (capital) => CAPITAL_LOOK_ALIKES[capital] ?? capital)
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '');
  const letters = Array.from(folded, (character) => LOOK_ALIKES[character] ?? character).join('');
  const words = letters.split(/[^a-z]+/).filter(Boolean);
  // A run of single letters is one word: "A d m i n", "B.C.".
  const joined: string[] = [];
  let run = '';
  for (const word of words) {
    if (word.length === 1) {
      run += word;
      continue;
    }
    if (run) joined.push(run);
    run = '';
    joined.push(word);
  }
  if (run) joined.push(run);
  return joined.map(readAlike);
}

const compact = (text: string) => nameWords(text).join('');

/**
 * Whether `name` poses as the college, its offices, the product or its moderators: a role or
 * office word, the college's short name as a word, or its name or the product's anywhere.
 */
export function posesAsOfficial(name: string, rules: PosingRules): boolean {
  const words = nameWords(name);
  if (words.length === 0) return false;
  const whole = words.join('');
  const roleWords = new Set(ROLE_WORDS.map(readAlike));
  if (words.some((word) => roleWords.has(word))) return true;
  const shortName = compact(rules.collegeShortName);
  if (shortName && words.includes(shortName)) return true;
  const anywhere = [rules.productName, rules.collegeName, ...ROLE_PHRASES]
    .map(compact)
    .filter((text) => text.length > 2);
  return anywhere.some((text) => whole.includes(text));
}

/** A student's chosen name in our e-mails, quoted: their own words, not a sender we vouch for. */
export const quotedName = (name: string) => `“${name}”`;
export const theirOwnWords = (name: string) => `a student who calls themselves ${quotedName(name)}`;

/**
 * sanitizeAccountName, falling back to the address's local part, so a sign-in still works; with
 * `rules`, a name that poses as the college, its offices or the product is passed over the same way.
 */
export function cleanAccountName(raw: unknown, email: string, rules?: PosingRules): string {
  const usable = (name: string) => name !== '' && !(rules && posesAsOfficial(name, rules));
  return [sanitizeAccountName(raw), sanitizeAccountName(email.split('@')[0])].find(usable) ?? 'Student';
}
