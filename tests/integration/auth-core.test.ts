import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guard } from '../../src/server/auth/guard';
import { session } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { createMember, originHeader } from '../support/users';

let t: TestApp;
beforeAll(async () => {
  // A probe route behind the member guard, as feature routes use it.
  t = await createTestApp({}, (app) => {
    app.get('/api/test/member', { preHandler: guard('product.use') }, async (request) => ({ id: request.viewer?.id }));
  });
});
afterAll(async () => {
  await t?.close();
});

describe('auth core', () => {
  it('refuses to sign up an address outside the college domain and stores nothing', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: originHeader(t),
      payload: { email: 'someone@evilbc.edu', name: 'Mallory', password: 'correct-horse-battery' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Access restricted. Only @bc.edu emails are allowed.');
  });

  it('lets a verified member who accepted the terms through the member guard', async () => {
    const member = await createMember(t);
    const response = await t.app.inject({ method: 'GET', url: '/api/test/member', headers: { cookie: member.cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: member.id });
  });

  it('answers 401 in the error shape without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/member' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHORIZED');
  });

  it("renews an active member's session and hands the browser the renewed cookie", async () => {
    const member = await createMember(t);
    // As if signed in six days ago: one day left of the seven, past better-auth's one-day update age.
    const soon = new Date(Date.now() + 86_400_000);
    await t.database.db.update(session).set({ expiresAt: soon }).where(eq(session.userId, member.id));
    const response = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: member.cookie } });
    expect(response.statusCode).toBe(200);
    const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
    const renewed = cookies.find((cookie) => cookie.startsWith('better-auth.session_token='));
    expect(renewed).toMatch(/Max-Age=604800/);
    const [row] = await t.database.db.select().from(session).where(eq(session.userId, member.id));
    expect(row?.expiresAt.getTime()).toBeGreaterThan(soon.getTime() + 5 * 86_400_000);
  });
});
