import { hashPassword as betterAuthHash, verifyPassword as betterAuthVerify } from 'better-auth/crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './scrypt-password';

// Each hash is about 0.1 s of a core by design, several seconds on a busy machine.
describe("passwords hashed by Node's scrypt in better-auth's format", { timeout: 30_000 }, () => {
  it('verifies hashes better-auth made (accounts created before the change still sign in)', async () => {
    const stored = await betterAuthHash('correct-horse-battery');
    expect(await verifyPassword({ hash: stored, password: 'correct-horse-battery' })).toBe(true);
    expect(await verifyPassword({ hash: stored, password: 'correct-horse-batterY' })).toBe(false);
  });

  it('makes hashes better-auth verifies, each with its own salt', async () => {
    const [one, two] = [await hashPassword('Ünïcode pass 123'), await hashPassword('Ünïcode pass 123')];
    expect(one).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(one).not.toBe(two);
    expect(await betterAuthVerify({ hash: one, password: 'Ünïcode pass 123' })).toBe(true);
    // The same NFKC normalisation: a decomposed Ü is the same password.
    expect(await verifyPassword({ hash: one, password: 'U\u0308nïcode pass 123' })).toBe(true);
    expect(await verifyPassword({ hash: two, password: 'another password' })).toBe(false);
  });

  it('refuses a stored value that is not a hash', async () => {
    await expect(verifyPassword({ hash: 'not-a-hash', password: 'x' })).rejects.toThrow('Invalid password hash');
  });
});
