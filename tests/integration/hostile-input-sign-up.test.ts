/**
 * Hostile input to sign-up (better-auth's route, with our hooks), with the rules of
 * hostile-input.test.ts. The slowest route: one that passes validation hashes its password, even
 * for a taken address, so it has a file (and a worker) of its own; the verification confirm is in
 * hostile-input-auth.test.ts.
 *
 * FUZZ_RUNS payloads (200 by default; `npm run test:hostile` sends 10,000 unless told).
 */
import { describe, expect, it } from 'vitest';
import { errorProblems, FUZZ_RUNS } from '../support/hostile';
import { originHeader } from '../support/users';
import { authShape, fuzz, jsonBody, setUpHostileApp, TIMEOUT, t } from './hostile-setup';

setUpHostileApp();

describe(`hostile input to sign-up: ${FUZZ_RUNS} generated payloads`, () => {
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
});
