/**
 * Hostile input to sign-up and the verification confirm (better-auth's routes and ours), with the
 * rules of hostile-input.test.ts. Sign-up is the slow route: one that passes validation hashes its
 * password, even for a taken address.
 *
 * FUZZ_RUNS payloads per route (200 by default; `npm run test:hostile` sends 10,000 unless told).
 */
import { describe, expect, it } from 'vitest';
import { verificationLink } from '../../src/server/auth/email-verification';
import { errorProblems, FUZZ_RUNS } from '../support/hostile';
import { originHeader } from '../support/users';
import { authShape, fuzz, jsonBody, setUpHostileApp, TIMEOUT, t } from './hostile-setup';

setUpHostileApp();

describe(`hostile input to sign-up and verification: ${FUZZ_RUNS} generated payloads per route`, () => {
  it(
    'POST /api/auth/sign-up/email',
    async () => {
      let address = 0;
      // better-auth answers its own errors as { code, message } (src/client/features/auth/auth-api.ts
      // turns them into the API's error); they must still be 4xx with a readable message, no stack.
      const authErrorShape = (status: number, body: string): string[] => {
        if (status === 429 || status === 403) return errorProblems(status, body).length === 0 ? [] : authShape(body);
        return authShape(body);
      };
      const statuses = await fuzz(
        jsonBody(
          ['email', 'name', 'password', 'callbackURL', 'image', 'rememberMe'],
          { email: 'fresh.student@bc.edu', name: 'Fresh Student', password: 'correct-horse-battery' },
          // Every sign-up that passes validation hashes its password (scrypt, tens of milliseconds
          // to a second on a busy machine), even for an address already taken, so as not to reveal
          // it. Sent 1 time in 10, the one unchanged valid body would cost most of the run and
          // test nothing new after its first time; valid bodies still arrive through the
          // generated objects (the rest valid, the overrides harmless), about 1 in 30.
          { exactlyValid: 0 },
        ),
        (body) => {
          address += 1;
          return t.app.inject({
            method: 'POST',
            url: '/api/auth/sign-up/email',
            // Each payload from its own address: the sign-up rate limit (5 a minute) is not what is tested.
            remoteAddress: `10.77.${(address >> 8) & 255}.${address & 255}`,
            headers: { ...originHeader(t), 'content-type': body.type },
            payload: body.text,
          });
        },
        { errorShape: authErrorShape },
      );
      expect(statuses.get(400)).toBeGreaterThan(0);
    },
    // A sign-up that passes validation hashes its password (scrypt): slower than the other routes.
    TIMEOUT * 5,
  );

  it(
    'POST /api/auth/verify-email/confirm',
    async () => {
      // A waiting account and its mailed token: the exactly valid body verifies it once, after
      // which the same body is refused as a spent link (decision 0020).
      const email = 'waiting.student@bc.edu';
      const signUp = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        remoteAddress: '10.78.0.1',
        headers: originHeader(t),
        payload: { email, name: 'Waiting Student', password: 'correct-horse-battery' },
      });
      expect(signUp.statusCode).toBe(200);
      const token = new URL(await verificationLink(t.config, email, 'Waiting Student')).searchParams.get('token');
      let address = 0;
      const statuses = await fuzz(
        jsonBody(['token', 'name', 'password'], { token, name: 'Waiting Student', password: 'correct-horse-battery' }),
        (body) => {
          address += 1;
          return t.app.inject({
            method: 'POST',
            url: '/api/auth/verify-email/confirm',
            // Each payload from its own address: the confirm's rate limit is not what is tested.
            remoteAddress: `10.79.${(address >> 8) & 255}.${address & 255}`,
            headers: { ...originHeader(t), 'content-type': body.type },
            payload: body.text,
          });
        },
        { errorShape: (_status, body) => authShape(body) },
      );
      expect(statuses.get(400)).toBeGreaterThan(0);
    },
    TIMEOUT * 2,
  );
});
