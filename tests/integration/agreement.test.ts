/**
 * The roommate agreement (issue 34) over HTTP: drafted from the joined members' answers, edited into
 * new versions, signed on the exact text by every party; an edit clears the signatures; a member
 * who leaves is no longer a party and one who joins needs a new round; to anyone else it is 404.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../src/server/agreement/service';
import { agreementSignature, agreementVersion, liveEvent } from '../../src/server/db/schema';
import { agreementMessages, agreementText } from '../../src/shared/agreement-signatures';
import type { AgreementView } from '../../src/shared/schemas/agreement-answers';
import { createTestApp, type TestApp } from '../support/app';
import { createMember, createUser, type TestMember } from '../support/users';
import { addMember, callAs, createGroup, readAgreement } from './agreement-support';

let t: TestApp;
let admin: TestMember;
let ben: TestMember;
let cal: TestMember;
let outsider: TestMember;
let invited: TestMember;
let postingId: string;

const call = (member: TestMember | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  callAs(t, member, method, url, payload);
const base = () => `/api/postings/${postingId}/agreement`;
const read = (member: TestMember) => readAgreement(t, member, postingId);
const edit = (member: TestMember, clause: string, text: string, textHash: string) =>
  call(member, 'POST', `${base()}/clauses/${clause}`, { text, textHash });
const sign = (member: TestMember, textHash: string, name = member.name, confirm: unknown = true) =>
  call(member, 'POST', `${base()}/signatures`, { name, confirm, textHash });
const signOk = async (member: TestMember, textHash: string) => {
  const response = await sign(member, textHash);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AgreementView>();
};

const answers = (bedtime: string, guests: string) => ({
  answers: [
    { question: 'bedtime', self: bedtime, accept: [bedtime], importance: 'somewhat' },
    { question: 'guests', self: guests, accept: [guests], importance: 'somewhat' },
    { question: 'smoking', self: 'never', accept: ['never'], importance: 'very' },
  ],
});

beforeAll(async () => {
  t = await createTestApp({}, undefined, { backgroundJobs: false });
  [admin, ben, cal, outsider, invited] = await Promise.all([
    createMember(t, { name: 'Ana Ruiz' }),
    createMember(t, { name: 'Ben Cho' }),
    createMember(t, { name: 'Cal Ide' }),
    createMember(t, { name: 'Olu Outside' }),
    createMember(t, { name: 'Ivy Invited' }),
  ]);
  postingId = await createGroup(t, admin, [ben, cal], { invited: [invited] });
  for (const [member, bedtime] of [
    [admin, 'before-11'],
    [ben, 'after-1'],
    [cal, '11-to-12'],
  ] as const) {
    const saved = await call(member, 'PUT', '/api/me/lifestyle', answers(bedtime, 'weekends'));
    expect(saved.statusCode, saved.body).toBe(200);
  }
});
afterAll(async () => {
  await t?.close();
});

describe('the roommate agreement', () => {
  it('is drafted from the joined members’ answers: agreed clauses filled in, differing ones to discuss', async () => {
    const view = await read(ben);
    expect(view.version).toBe(1);
    const clause = (key: string) => view.clauses.find((c) => c.key === key);
    expect(clause('guests')).toMatchObject({
      status: 'agreed',
      text: 'Guests are welcome on weekends; tell the others by the day before.',
    });
    expect(clause('smoking')).toMatchObject({
      status: 'agreed',
      text: 'No smoking or vaping, in the room or at the door.',
    });
    expect(clause('quiet-hours')).toMatchObject({
      status: 'to-discuss',
      difference: 'Your answers on bedtime differ: before 11 pm, between 11 pm and midnight and after 1 am.',
    });
    expect(clause('rent')).toBeUndefined();
    expect(view.parties).toEqual([
      { name: 'Ana Ruiz', isYou: false, signedAt: null },
      { name: 'Ben Cho', isYou: true, signedAt: null },
      { name: 'Cal Ide', isYou: false, signedAt: null },
    ]);
    expect(view.textHash).toBe(sha256(agreementText(1, view.clauses)));
    // Reading stores nothing.
    expect(
      await t.database.db.select().from(agreementVersion).where(eq(agreementVersion.postingId, postingId)),
    ).toEqual([]);
  });

  it('is 404 to a student outside the group and to one only invited, 401 signed out, and they change nothing', async () => {
    const { textHash } = await read(admin);
    for (const stranger of [outsider, invited]) {
      for (const response of [
        await call(stranger, 'GET', base()),
        await edit(stranger, 'guests', 'Anything goes.', textHash),
        await sign(stranger, textHash),
      ]) {
        expect(response.statusCode).toBe(404);
      }
    }
    expect((await call(null, 'GET', base())).statusCode).toBe(401);
    expect((await read(admin)).textHash).toBe(textHash);
  });

  it('an edit makes a new version with who changed what; a stale one is refused in words', async () => {
    const before = await read(admin);
    const response = await edit(cal, 'quiet-hours', 'Quiet hours from 11 pm to 8 am every night.', before.textHash);
    expect(response.statusCode, response.body).toBe(200);
    const after = response.json<AgreementView>();
    expect(after.version).toBe(2);
    expect(after.clauses.find((c) => c.key === 'quiet-hours')).toMatchObject({
      text: 'Quiet hours from 11 pm to 8 am every night.',
      changedBy: { name: 'Cal Ide' },
    });
    expect(after.history.map((h) => [h.version, h.by, h.clause])).toEqual([
      [2, 'Cal Ide', 'Quiet hours'],
      [1, null, null],
    ]);
    // Every party's open pages hear of it on the live stream: one pending event each, whatever the changes.
    const events = async () =>
      (await t.database.db.select().from(liveEvent).where(eq(liveEvent.type, 'agreement')))
        .filter((e) => (e.data as { postingId: string }).postingId === postingId)
        .map((e) => e.userId)
        .sort();
    expect(await events()).toEqual([admin.id, ben.id, cal.id].sort());
    const stale = await edit(ben, 'guests', 'No guests.', before.textHash);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(agreementMessages.changedSinceOpened);
    const unknown = await edit(ben, 'no-such-clause', 'x', after.textHash);
    expect(unknown.statusCode).toBe(404);
    const empty = await edit(ben, 'guests', '   ', after.textHash);
    expect(empty.statusCode).toBe(400);
    // The same words again make no new version.
    const same = await edit(ben, 'quiet-hours', ' Quiet hours from 11 pm to 8 am every night. ', after.textHash);
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json<AgreementView>().version).toBe(2);
  });

  it('signing asks for the typed name and the confirmation; all three sign; an edit clears every signature and says so', async () => {
    const { textHash } = await read(admin);
    const wrongName = await sign(admin, textHash, 'Someone Else');
    expect([wrongName.statusCode, wrongName.json().error.message]).toEqual([400, agreementMessages.nameMismatch]);
    const unconfirmed = await sign(admin, textHash, admin.name, false);
    expect([unconfirmed.statusCode, unconfirmed.json().error.message]).toEqual([400, agreementMessages.confirmToSign]);

    await signOk(admin, textHash);
    const twice = await sign(admin, textHash);
    expect(twice.statusCode).toBe(409);
    await signOk(ben, textHash);
    const all = await signOk(cal, textHash);
    expect(all.signedByAllAt).not.toBeNull();
    expect(all.parties.every((p) => p.signedAt !== null)).toBe(true);
    const stored = await t.database.db
      .select()
      .from(agreementSignature)
      .where(and(eq(agreementSignature.postingId, postingId), eq(agreementSignature.version, all.version)));
    expect(stored.map((s) => s.textHash)).toEqual([textHash, textHash, textHash]);

    const edited = await edit(ben, 'guests', 'Guests are announced a day ahead.', textHash);
    expect(edited.statusCode, edited.body).toBe(200);
    const cleared = edited.json<AgreementView>();
    expect(cleared.signaturesCleared).toBe(true);
    expect(cleared.signedByAllAt).toBeNull();
    expect(cleared.parties.map((p) => p.signedAt)).toEqual([null, null, null]);
    // An old version's hash signs nothing.
    expect((await sign(admin, textHash)).statusCode).toBe(409);
  });

  it('a member who leaves is no longer a party; a member who joins needs a new round', async () => {
    const pending = async (userId: string) =>
      (await t.database.db.select().from(liveEvent).where(eq(liveEvent.userId, userId))).filter(
        (e) => e.type === 'agreement',
      ).length;
    let { textHash } = await read(admin);
    for (const member of [admin, ben, cal]) await signOk(member, textHash);

    const left = await call(cal, 'POST', `/api/postings/${postingId}/leave`, {});
    expect(left.statusCode, left.body).toBe(200);
    const afterLeaving = await read(admin);
    expect(afterLeaving.parties.map((p) => p.name)).toEqual(['Ana Ruiz', 'Ben Cho']);
    expect(afterLeaving.signedByAllAt).not.toBeNull();
    expect((await call(cal, 'GET', base())).statusCode).toBe(404);

    const dee = await createUser(t, { name: 'Dee Park', verified: true, acceptedTerms: true });
    await addMember(t, postingId, dee, 13, 'joined');
    const afterJoining = await read(dee);
    expect(afterJoining.parties.map((p) => [p.name, p.signedAt])).toEqual([
      ['Ana Ruiz', null],
      ['Ben Cho', null],
      ['Dee Park', null],
    ]);
    expect(afterJoining.signedByAllAt).toBeNull();
    ({ textHash } = afterJoining);
    for (const member of [admin, ben, dee]) await signOk(member, textHash);
    expect((await read(ben)).signedByAllAt).not.toBeNull();
    // Many changes later, still one pending event a party.
    expect([await pending(admin.id), await pending(dee.id)]).toEqual([1, 1]);
  });
});
