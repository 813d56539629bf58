/**
 * One password hash per password per request. better-auth hashes the password of a sign-up on a
 * taken address only to take as long as a new one, and throws the hash away; when that address is
 * still waiting for verification, our hook then stores a hash of the same password
 * (email-verification.ts). Both are one request: the second takes the first's hash (each scrypt
 * hash is about 90 ms of a core, and sign-up is open to anyone).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { hashPassword } from './scrypt-password';

const hashesOfThisRequest = new AsyncLocalStorage<Map<string, string>>();

/** Runs one request to better-auth with its own memory of the hashes it made. */
export function withPasswordHashes<T>(answer: () => Promise<T>): Promise<T> {
  return hashesOfThisRequest.run(new Map(), answer);
}

/** better-auth's hash (scrypt, a random salt), made once per password within a request. */
export async function hashPasswordOnce(password: string): Promise<string> {
  const made = hashesOfThisRequest.getStore();
  const known = made?.get(password);
  if (known !== undefined) return known;
  const hash = await hashPassword(password);
  made?.set(password, hash);
  return hash;
}
