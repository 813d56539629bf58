import { describe, expect, it } from 'vitest';
import { messages } from './messages';
import { signUpSchema } from './schemas/auth';
import { SIGN_UP_ERRORS, sentToOf, signUpErrorCodeOf, signUpErrorText } from './sign-up-errors';

describe('the sign-up form route’s codes', () => {
  it('has a code for every message of the sign-up schema', () => {
    const cases = [
      { name: '', email: 'a@bc.edu', password: 'long-enough-1', confirmPassword: 'long-enough-1' },
      { name: 'x'.repeat(101), email: 'a@bc.edu', password: 'long-enough-1', confirmPassword: 'long-enough-1' },
      { name: 'a\nb', email: 'a@bc.edu', password: 'long-enough-1', confirmPassword: 'long-enough-1' },
      { name: 'A', email: 'nope', password: 'long-enough-1', confirmPassword: 'long-enough-1' },
      { name: 'A', email: 'a@bc.edu', password: 'short', confirmPassword: 'short' },
      { name: 'A', email: 'a@bc.edu', password: 'x'.repeat(129), confirmPassword: 'x'.repeat(129) },
      { name: 'A', email: 'a@bc.edu', password: 'long-enough-1', confirmPassword: 'long-enough-2' },
    ];
    for (const input of cases) {
      const parsed = signUpSchema.safeParse(input);
      expect(parsed.success).toBe(false);
      const message = parsed.error?.issues[0]?.message ?? '';
      const code = signUpErrorCodeOf(message);
      expect(code, message).not.toBe('SIGN_UP_FAILED');
      expect(SIGN_UP_ERRORS[code]).toBe(message);
    }
  });

  it('says only its own words, and shows only a college address as where the link went', () => {
    expect(signUpErrorText('EMAIL_DOMAIN_NOT_ALLOWED', 'bc.edu')).toBe(messages.accessRestricted('bc.edu'));
    expect(signUpErrorText('Anything you like', 'bc.edu')).toBeNull();
    expect(signUpErrorText('toString', 'bc.edu')).toBeNull();
    expect(sentToOf('nora@bc.edu', 'bc.edu')).toBe('nora@bc.edu');
    expect(sentToOf('nora@mail.bc.edu', 'bc.edu')).toBe('nora@mail.bc.edu');
    expect(sentToOf('nora@evilbc.edu', 'bc.edu')).toBeNull();
    expect(sentToOf('Click here to win <b>@bc.edu', 'bc.edu')).toBeNull();
    expect(sentToOf(null, 'bc.edu')).toBeNull();
  });
});
