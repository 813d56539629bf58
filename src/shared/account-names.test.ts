import { describe, expect, it } from 'vitest';
import { nameWords, posesAsOfficial, theirOwnWords } from './account-names';

const bc = { productName: 'Quadmates', collegeName: 'Boston College', collegeShortName: 'BC' };

describe('names that pose as the college, its offices, the product or a moderator (issue 30)', () => {
  it.each([
    'BC Housing Office',
    'Housing Office',
    'Boston College',
    'Boston College Residence Life',
    'Residence Life',
    'ResLife',
    'Res Life Team',
    'Quadmates',
    'Quadmates Support',
    'The Quadmates Team',
    'quadmates.com',
    'Admin',
    'Site Administrator',
    'Moderator',
    'Quadmates Moderation',
    'Support',
    'Staff',
    'Official Notice',
    'BC',
    'bc.edu',
    'Help Desk',
    'Dean of Students',
  ])('refuses %s', (name) => {
    expect(posesAsOfficial(name, bc)).toBe(true);
  });

  it.each([
    ['another case and spacing', '  bc   HOUSING   office '],
    ['camelCase', 'BCHousingOffice'],
    ['dots and dashes', 'B.C.-Housing_Office'],
    ['letters spaced out', 'A d m i n'],
    ['full-width letters', 'ＢＣ Ｈｏｕｓｉｎｇ'],
    ['mathematical letters', '𝐌𝐨𝐝𝐞𝐫𝐚𝐭𝐨𝐫'],
    ['accents', 'Qüadmatés Süppört'],
    ['Cyrillic look-alikes', 'Аdmіn'],
    ['Greek look-alikes', 'Μοderatοr'],
    ['digits for letters', 'M0d3rat0r'],
    ['rn for m', 'Adrnin'],
    ['a capital I for an l', 'Boston CoIIege'],
    ['a digit 1 for an l', 'Residence 1ife'],
    ['the college in one word', 'BostonCollege'],
    ['the product inside a word', 'xQuadmatesx'],
  ])('sees through %s: %s', (_how, name) => {
    expect(posesAsOfficial(name, bc)).toBe(true);
  });

  it.each([
    'Sam Student',
    'Ada Admire',
    'Zoë O’Brien',
    'Abc Lee',
    'Bcarter Jones',
    'Stafford Lee',
    'Dean Martin',
    'Mo Salah',
    'Modesty Blaise',
    'Boston Lee',
    'Colleen Quad',
    'Li Na',
    'José Álvarez',
    'Анна Иванова',
    '张伟',
    'J. R. Tolkien',
    'Sam 2027',
  ])('accepts %s', (name) => {
    expect(posesAsOfficial(name, bc)).toBe(false);
  });

  it('reads the rules from the college config', () => {
    const other = { productName: 'Roomly', collegeName: 'Smith College', collegeShortName: 'SC' };
    expect(posesAsOfficial('Roomly Team', other)).toBe(true);
    expect(posesAsOfficial('Smith College', other)).toBe(true);
    expect(posesAsOfficial('SC Housing', other)).toBe(true);
    expect(posesAsOfficial('Jane Smith', other)).toBe(false);
    expect(posesAsOfficial('Quadmates Fan', other)).toBe(false);
    expect(posesAsOfficial('BC Fan', other)).toBe(false);
  });

  it('reads a name as words', () => {
    expect(nameWords('BCHousingOffice')).toEqual(['bc', 'housing', 'office']);
    expect(nameWords('A d m i n')).toEqual(['admin']);
  });

  it("puts a student's name in our e-mails as their own words", () => {
    expect(theirOwnWords('Sam Student')).toBe('a student who calls themselves “Sam Student”');
  });
});
