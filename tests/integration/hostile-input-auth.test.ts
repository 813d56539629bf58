/**
 * Hostile input to the verification confirm (our route inside better-auth), with the rules of
 * hostile-input.test.ts; sign-up, the slowest route, is in hostile-input-sign-up.test.ts.
 *
 * FUZZ_RUNS payloads per route (200 by default; `npm run test:hostile` sends 10,000 unless told).
 */
import { describe, expect, it } from 'vitest';
import { verificationLink } from '../../src/server/auth/email-verification';
import { FUZZ_RUNS } from '../support/hostile';
import { originHeader } from '../support/users';
import { authShape, fuzz, jsonBody, setUpHostileApp, TIMEOUT, t } from './hostile-setup';

setUpHostileApp();

describe(`hostile input to the verification confirm: ${FUZZ_RUNS} generated payloads`, () => {
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
