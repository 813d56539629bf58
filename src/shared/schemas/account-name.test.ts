import { describe, expect, it } from 'vitest';
import { cleanAccountName } from '../account-names';
import { messages } from '../messages';
import { accountNameField, sanitizeAccountName } from './auth';

const refusal = (name: unknown) => {
  const parsed = accountNameField.safeParse(name);
  return parsed.success ? null : parsed.error.issues[0]?.message;
};

describe('account names (issue 22)', () => {
  it('keeps 1 to 100 characters, trimmed', () => {
    expect(accountNameField.parse('  Zoë O’Brien ')).toBe('Zoë O’Brien');
    expect(accountNameField.parse('x'.repeat(100))).toHaveLength(100);
    expect(refusal('x'.repeat(101))).toBe(messages.auth.nameTooLong(100));
    expect(refusal('   ')).toBe(messages.auth.nameRequired);
    expect(refusal(undefined)).toBe(messages.auth.nameRequired);
  });

  it.each([
    ['CR/LF', 'Eve\r\nBcc: x@bc.edu'],
    ['NUL', 'Eve\u0000'],
    ['DEL', 'Eve\u007f'],
    ['a C1 control', 'Eve\u0085'],
    ['U+2028', 'Eve\u2028Smith'],
    ['U+202E', 'Eve\u202Eexe.txt'],
    ['U+202A', '\u202AEve'],
    ['U+2066..U+2069', 'Eve \u2066x\u2069'],
    ['U+200E', 'Eve\u200E'],
    ['U+061C', 'Eve\u061C'],
  ])('refuses %s inside a name', (_what, name) => {
    expect(refusal(name)).toBe(messages.auth.nameInvalidCharacters);
  });

  it('cleans a provider name instead of refusing it, falling back to the address', () => {
    expect(sanitizeAccountName('Eve\r\n\u202EBcc\u0000 x')).toBe('Eve Bcc x');
    expect(cleanAccountName('A'.repeat(900_000), 'a@bc.edu')).toBe('A'.repeat(100));
    // Cut at a character boundary: no half of a surrogate pair is left.
    const emoji = cleanAccountName('😀'.repeat(150), 'a@bc.edu');
    expect(emoji).toBe('😀'.repeat(50));
    expect(accountNameField.parse(emoji)).toBe(emoji);
    expect(cleanAccountName('\u202E\r\n', 'kim.lee@bc.edu')).toBe('kim.lee');
    expect(cleanAccountName(undefined, 'kim.lee@bc.edu')).toBe('kim.lee');
  });
});
