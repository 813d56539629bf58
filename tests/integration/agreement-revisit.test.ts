/**
 * The roommate agreement's revisit e-mail (issue 34): on each revisit day of the college config,
 * from its hour, each party of each stored agreement gets one e-mail through the outbox with the
 * agreement page's link; nobody else does; a second run, a restarted server and two runs at once
 * send nothing more.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { agreementRevisitMail, mailOutbox } from '../../src/server/db/schema';
import type { AgreementView } from '../../src/shared/schemas/agreement-answers';
import { createTestApp, type TestApp } from '../support/app';
import { collegeConfigWith } from '../support/college-config';
import { createMember, type TestMember } from '../support/users';
import { callAs, createGroup as createGroupOf } from './agreement-support';

const AUTUMN = '2026-10-15';
const SPRING = '2027-03-01';

let t: TestApp;
let ana: TestMember;
let ben: TestMember;
let cal: TestMember;
let ivy: TestMember;
let dee: TestMember;
let eve: TestMember;
let olu: TestMember;
let postingId: string;

const call = (member: TestMember, method: 'GET' | 'POST', url: string, payload?: object) =>
  callAs(t, member, method, url, payload);
const createGroup = (owner: TestMember, members: TestMember[], invited: TestMember[] = []) =>
  createGroupOf(t, owner, members, { invited });

const revisitMail = () => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'agreement-revisit'));
const recipients = async () => (await revisitMail()).map((m) => m.recipient).sort();

beforeAll(async () => {
  t = await createTestApp(
    { COLLEGE_CONFIG: collegeConfigWith({ agreement: { revisitOn: [AUTUMN, SPRING], revisitHourUtc: 13 } }) },
    undefined,
    { backgroundJobs: false },
  );
  [ana, ben, cal, ivy, dee, eve, olu] = await Promise.all([
    createMember(t, { name: 'Ana Ruiz' }),
    createMember(t, { name: 'Ben Cho' }),
    createMember(t, { name: 'Cal Ide' }),
    createMember(t, { name: 'Ivy Invited' }),
    createMember(t, { name: 'Dee Park' }),
    createMember(t, { name: 'Eve Adams' }),
    createMember(t, { name: 'Olu Outside' }),
  ]);
  // A group whose agreement is stored (Ben changed a clause), with a student only invited.
  postingId = await createGroup(ana, [ben, cal], [ivy]);
  const { textHash } = (await call(ben, 'GET', `/api/postings/${postingId}/agreement`)).json<AgreementView>();
  const edited = await call(ben, 'POST', `/api/postings/${postingId}/agreement/clauses/guests`, {
    text: 'Guests on weekends, announced the day before.',
    textHash,
  });
  expect(edited.statusCode, edited.body).toBe(200);
  // A group that never opened its agreement's draft to change or sign it: nothing to look at again.
  await createGroup(dee, [eve]);
});
afterAll(async () => {
  await t?.close();
});

describe('the agreement revisit e-mail', () => {
  it('goes on the revisit day from its hour, once to each party of a stored agreement, and to nobody else', async () => {
    expect(await t.app.agreementRevisit.run(new Date(`${AUTUMN}T12:59:00Z`))).toBe(0);
    expect(await t.app.agreementRevisit.run(new Date('2026-12-01T13:00:00Z'))).toBe(0);
    expect(await revisitMail()).toEqual([]);

    expect(await t.app.agreementRevisit.run(new Date(`${AUTUMN}T13:05:00Z`))).toBe(3);
    expect(await recipients()).toEqual([ana.email, ben.email, cal.email].sort());
    const link = `${t.config.publicUrl}/postings/${postingId}/agreement`;
    expect(link).toBe(`${t.config.publicUrl}/postings/${postingId}/agreement`);
    for (const mail of await revisitMail()) {
      expect(mail.link).toBe(link);
      expect(mail.subject).toMatch(/^Time to look at your roommate agreement again/);
      expect(mail.textBody).toContain(`Open the agreement: ${link}`);
      expect(mail.textBody).toContain('This is an agreement between roommates, not a lease.');
    }
    expect((await revisitMail()).find((m) => m.recipient === ben.email)?.textBody).toMatch(/^Hi Ben Cho,/);
    for (const stranger of [ivy, dee, eve, olu]) expect(await recipients()).not.toContain(stranger.email);

    // Later that day and that week: nothing more.
    expect(await t.app.agreementRevisit.run(new Date(`${AUTUMN}T18:00:00Z`))).toBe(0);
    expect(await t.app.agreementRevisit.run(new Date('2026-10-18T09:00:00Z'))).toBe(0);
    expect(await revisitMail()).toHaveLength(3);
  });

  it('a restarted server sends nothing more for the same day', async () => {
    const restarted = await createTestApp(
      { COLLEGE_CONFIG: collegeConfigWith({ agreement: { revisitOn: [AUTUMN, SPRING] } }) },
      undefined,
      { backgroundJobs: false, database: t.database },
    );
    try {
      expect(await restarted.app.agreementRevisit.run(new Date(`${AUTUMN}T20:00:00Z`))).toBe(0);
    } finally {
      await restarted.close();
    }
    expect(await revisitMail()).toHaveLength(3);
  });

  it('on the next day, two runs at once send one e-mail a party, and a member who left is not one', async () => {
    const left = await call(cal, 'POST', `/api/postings/${postingId}/leave`, {});
    expect(left.statusCode, left.body).toBe(200);
    const now = new Date(`${SPRING}T13:30:00Z`);
    const [first, second] = await Promise.all([t.app.agreementRevisit.run(now), t.app.agreementRevisit.run(now)]);
    expect(first + second).toBe(2);
    const spring = await t.database.db
      .select()
      .from(agreementRevisitMail)
      .where(and(eq(agreementRevisitMail.postingId, postingId), eq(agreementRevisitMail.revisitOn, SPRING)));
    expect(spring.map((r) => r.userId).sort()).toEqual([ana.id, ben.id].sort());
    expect(await recipients()).toEqual([ana.email, ana.email, ben.email, ben.email, cal.email].sort());
  });
});
