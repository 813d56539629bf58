import { verifyPassword } from 'better-auth/crypto';
import { describe, expect, it } from 'vitest';
import { hashPasswordOnce, withPasswordHashes } from './password-hashes';

// Each hash is about 0.1 s of a core by design, several seconds on a busy machine.
describe('one password hash per password per request', { timeout: 30_000 }, () => {
  it('hashes a password once within a request, and the hash verifies it', async () => {
    const [first, again, other] = await withPasswordHashes(async () => [
      await hashPasswordOnce('correct-horse-battery'),
      await hashPasswordOnce('correct-horse-battery'),
      await hashPasswordOnce('another-password-0123'),
    ]);
    expect(again).toBe(first);
    expect(other).not.toBe(first);
    expect(await verifyPassword({ hash: first, password: 'correct-horse-battery' })).toBe(true);
    expect(await verifyPassword({ hash: other, password: 'another-password-0123' })).toBe(true);
  });

  it('gives each request (and a call outside any) a fresh salt', async () => {
    const inOne = await withPasswordHashes(() => hashPasswordOnce('correct-horse-battery'));
    const inAnother = await withPasswordHashes(() => hashPasswordOnce('correct-horse-battery'));
    const outside = await hashPasswordOnce('correct-horse-battery');
    expect(new Set([inOne, inAnother, outside]).size).toBe(3);
  });
});
