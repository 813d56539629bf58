/**
 * The lifestyle profile and the group fit over HTTP (issue 13): saving, editing and deleting
 * answers, the fit on a posting (both ways, every member, members skipped and named), the admin's
 * view of a ping's sender, 'Best fit' on /postings, and privacy: no route answers another
 * student's answers, and only members who joined a group are compared (decision 0024).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lifestyleAnswer, postingMember } from '../../src/server/db/schema';
import { SKIPPED_NO_PROFILE } from '../../src/shared/lifestyle';
import type { FitView, MyLifestyle } from '../../src/shared/schemas/lifestyle';
import type { PostingPage } from '../../src/shared/schemas/posting-view';
import { createTestApp, type TestApp } from '../support/app';
import { insertPosting, type PostingFields } from '../support/browse-fixtures';
import { createMember, originHeader, type TestMember } from '../support/users';

let t: TestApp;

beforeAll(async () => {
  // The live stream (GET /api/events) ends after 200 ms here, so the every-GET-route check below returns.
  t = await createTestApp({}, undefined, { backgroundJobs: false, liveStreamMaxMs: 200 });
});
afterAll(async () => {
  await t?.close();
});

const headers = (member: TestMember | null) => ({
  ...originHeader(t),
  ...(member?.cookie ? { cookie: member.cookie } : {}),
});
const get = (member: TestMember | null, url: string) => t.app.inject({ method: 'GET', url, headers: headers(member) });
const save = (member: TestMember | null, answers: unknown) =>
  t.app.inject({ method: 'PUT', url: '/api/me/lifestyle', headers: headers(member), payload: { answers } });

type A = { question: string; self: string; accept: string[]; importance: 'none' | 'somewhat' | 'very' };
const a = (question: string, self: string, accept: string[], importance: A['importance']): A => ({
  question,
  self,
  accept,
  importance,
});

/**
 * A posting of `admin` with extra members (position 0 is the admin, decision 0008): a member with
 * `joined` joined with that account; any other is a row the admin typed (not invited).
 */
async function postingWith(
  admin: TestMember,
  members: { name: string; email: string | null; joined?: TestMember }[],
  fields: PostingFields = {},
) {
  const id = await insertPosting(t.database.db, admin.id, { adminName: admin.name, ...fields });
  if (members.length > 0) {
    await t.database.db.insert(postingMember).values(
      members.map((m, i) => ({
        postingId: id,
        position: i + 1,
        name: m.name,
        academicYear: 'junior',
        gender: 'female',
        email: m.email,
        ...(m.joined ? { userId: m.joined.id, state: 'joined' as const, joinedAt: new Date() } : {}),
      })),
    );
  }
  return id;
}

const evelynAnswers = [
  a('bedtime', 'before-11', ['before-11', '11-to-12'], 'somewhat'),
  a('cleanliness', 'tidy', ['spotless', 'tidy'], 'somewhat'),
  a('guests', 'rarely', ['rarely', 'weekends'], 'none'),
];
const samAnswers = [
  a('bedtime', 'after-1', ['12-to-1', 'after-1'], 'somewhat'),
  a('cleanliness', 'tidy', ['tidy', 'lived-in'], 'somewhat'),
  a('noise', 'some', ['quiet', 'some'], 'very'),
];

describe('the questionnaire', () => {
  it('saves, reads back, edits and deletes every answer of the viewer only', async () => {
    const sam = await createMember(t, { name: 'Sam' });
    const empty = await get(sam, '/api/me/lifestyle');
    expect(empty.statusCode).toBe(200);
    expect(empty.json<MyLifestyle>().answers).toEqual([]);
    expect(empty.json<MyLifestyle>().questions.map((q) => q.key)).toContain('bedtime');

    const saved = await save(sam, samAnswers);
    expect(saved.statusCode).toBe(200);
    expect(saved.json<MyLifestyle>().answers).toEqual([samAnswers[0], samAnswers[1], samAnswers[2]]);
    const rows = await t.database.db.select().from(lifestyleAnswer).where(eq(lifestyleAnswer.userId, sam.id));
    expect(rows.map((r) => [r.question, r.self, r.accept, r.importance]).sort()).toEqual([
      ['bedtime', 3, 0b1100, 1],
      ['cleanliness', 1, 0b0110, 1],
      ['noise', 1, 0b011, 2],
    ]);

    // Editing replaces the whole questionnaire: a question left out is no longer answered.
    const edited = await save(sam, [a('bedtime', 'before-11', ['before-11'], 'very')]);
    expect(edited.json<MyLifestyle>().answers).toEqual([a('bedtime', 'before-11', ['before-11'], 'very')]);

    const deleted = await t.app.inject({ method: 'DELETE', url: '/api/me/lifestyle', headers: headers(sam) });
    expect(deleted.statusCode).toBe(200);
    const left = await t.database.db.select().from(lifestyleAnswer).where(eq(lifestyleAnswer.userId, sam.id));
    expect(left).toEqual([]);
  });

  it('refuses bad answers with a clear message and keeps what was saved', async () => {
    const sam = await createMember(t);
    await save(sam, samAnswers);
    const bad = await save(sam, [a('bedtime', 'noon', ['before-11'], 'very'), a('pets', 'cat', ['cat'], 'none')]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({
      title: 'Your Lifestyle Answers Were Not Saved',
      details: ['Choose what you are for bedtime.', "'pets' is not a question we ask."],
    });
    const notAList = await save(sam, 'nonsense');
    expect(notAList.statusCode).toBe(400);
    expect(notAList.json().error.title).toBe('Your Lifestyle Answers Were Not Saved');
    expect((await get(sam, '/api/me/lifestyle')).json<MyLifestyle>().answers).toHaveLength(3);
  });

  it('is only for signed-in members', async () => {
    expect((await get(null, '/api/me/lifestyle')).statusCode).toBe(401);
    expect((await save(null, samAnswers)).statusCode).toBe(401);
  });
});

describe('the fit with a group', () => {
  it('compares the viewer both ways with the admin and each joined member, naming those without a profile and never a member who has not joined', async () => {
    const evelyn = await createMember(t, { name: 'Evelyn' });
    const gus = await createMember(t, { name: 'Gus' });
    const sam = await createMember(t, { name: 'Sam' });
    const ivy = await createMember(t, { name: 'Ivy' });
    const hal = await createMember(t, { name: 'Hal' });
    await save(evelyn, evelynAnswers);
    await save(gus, [a('noise', 'lively', ['lively'], 'somewhat')]);
    await save(sam, samAnswers);
    // Ivy has answers and an account with the address the admin typed, but she has not joined:
    // she is neither compared nor named (nothing is linked by an address).
    await save(ivy, [a('bedtime', 'after-1', ['after-1'], 'very')]);
    // Gus joined; Hal joined without a profile; Ivy is only typed.
    const postingId = await postingWith(evelyn, [
      { name: 'Gus', email: gus.email.toUpperCase(), joined: gus },
      { name: 'Typed Ivy', email: ivy.email },
      { name: 'Hal', email: null, joined: hal },
    ]);

    const response = await get(sam, `/api/postings/${postingId}/fit`);
    expect(response.statusCode).toBe(200);
    const fit = response.json<FitView>();
    // Evelyn: bedtime 0 of 1 + 0 of 1, cleanliness 1 + 1 of 2: 2 of 4. Gus: noise, Sam cannot live
    // with lively (very, 0 of 3) and Gus cannot live with some (0 of 1): 0 of 4 and a dealbreaker.
    expect(fit).toEqual({
      status: 'ok',
      studentName: 'Sam',
      band: 'big',
      members: [
        {
          name: 'Evelyn',
          role: 'admin',
          band: 'some',
          agreements: ["You and Evelyn can live with each other's answers on keeping the room tidy."],
          differences: [
            'Your answer on bedtime is not one Evelyn can live with.',
            "Evelyn's answer on bedtime is not one you can live with.",
          ],
        },
        {
          name: 'Gus',
          role: 'member',
          band: 'big',
          agreements: [],
          differences: [
            "Gus's answer on noise in the room is not one you can live with, and you marked noise in the room as very important.",
            'Your answer on noise in the room is not one Gus can live with.',
          ],
        },
        { name: 'Hal', role: 'member', band: null, skipped: SKIPPED_NO_PROFILE },
      ],
    });
    expect(JSON.stringify(fit)).not.toContain('Ivy');
    // Nobody's answer is stated (issue 30): not Evelyn's or Gus's, nor the viewer's own.
    for (const label of ['before 11 pm', 'after 1 am', 'lively and loud', 'with some music and talk', 'marked tidy']) {
      expect(JSON.stringify(fit)).not.toContain(label);
    }
  });

  it("asks for a profile first, and shows the admin each member's state and who has a profile", async () => {
    const evelyn = await createMember(t, { name: 'Evelyn' });
    const ida = await createMember(t, { name: 'Ida' });
    const jo = await createMember(t, { name: 'Jo' });
    await save(ida, evelynAnswers);
    await save(jo, evelynAnswers);
    const postingId = await postingWith(evelyn, [
      { name: 'Ida', email: ida.email, joined: ida },
      // Jo has answers, but only the admin typed her address: no profile is reported for her.
      { name: 'Jo', email: jo.email },
      { name: 'Kit', email: null },
    ]);
    const newcomer = await createMember(t, { name: 'Newcomer' });
    expect((await get(newcomer, `/api/postings/${postingId}/fit`)).json()).toEqual({
      status: 'no-profile',
      studentName: 'Newcomer',
    });
    expect((await get(evelyn, `/api/postings/${postingId}/fit`)).json()).toEqual({
      status: 'own',
      members: [
        { id: expect.any(String), position: 1, name: 'Ida', state: 'joined', hasProfile: true },
        { id: expect.any(String), position: 2, name: 'Jo', state: 'not-invited', hasProfile: false },
        { id: expect.any(String), position: 3, name: 'Kit', state: 'not-invited', hasProfile: false },
      ],
    });
    expect((await get(newcomer, '/api/postings/00000000-0000-4000-8000-000000000000/fit')).statusCode).toBe(404);
    expect((await get(newcomer, '/api/postings/not-an-id/fit')).statusCode).toBe(404);
  });

  it('shows the admin the fit of each student who pinged, and nobody else', async () => {
    const evelyn = await createMember(t, { name: 'Evelyn' });
    const sam = await createMember(t, { name: 'Sam' });
    await save(evelyn, evelynAnswers);
    await save(sam, samAnswers);
    const postingId = await postingWith(evelyn, []);
    const ping = await t.app.inject({
      method: 'POST',
      url: `/api/postings/${postingId}/pings`,
      headers: headers(sam),
      payload: { message: 'Hi!' },
    });
    expect(ping.statusCode).toBe(201);
    const pingId = ping.json().id as string;
    const fit = await get(evelyn, `/api/pings/${pingId}/fit`);
    expect(fit.json()).toEqual({
      status: 'ok',
      studentName: 'Sam',
      band: 'some',
      members: [
        {
          name: 'Evelyn',
          role: 'admin',
          band: 'some',
          agreements: ["Sam and you can live with each other's answers on keeping the room tidy."],
          differences: [
            "Sam's answer on bedtime is not one you can live with.",
            'Your answer on bedtime is not one Sam can live with.',
          ],
        },
      ],
    });
    expect((await get(sam, `/api/pings/${pingId}/fit`)).statusCode).toBe(404);
    expect((await get(await createMember(t), `/api/pings/${pingId}/fit`)).statusCode).toBe(404);
  });
});

describe("'Best fit' on /postings", () => {
  it('orders the postings by the viewer’s fit, carries the band on each card and pages on', async () => {
    const viewer = await createMember(t, { name: 'Viewer' });
    await save(viewer, [a('temperature', 'cool', ['cool'], 'somewhat')]);
    const dorm = 'Gabelli';
    const admins: Record<string, TestMember> = {};
    const ids: Record<string, string> = {};
    // Created in this order, so newest first would be: none, big, great, good.
    for (const [name, answers] of [
      ['good', [a('temperature', 'mild', ['cool', 'mild'], 'very')]], // 3 of 3 + 0 of 1 = 0.75
      ['great', [a('temperature', 'cool', ['cool'], 'somewhat')]], // 2 of 2
      ['big', [a('temperature', 'warm', ['warm'], 'very')]], // dealbreaker
      ['none', null],
    ] as const) {
      const admin = await createMember(t, { name });
      if (answers) await save(admin, answers);
      admins[name] = admin;
      ids[name] = await postingWith(admin, [], { dorm });
    }
    const page = (cursor?: string) =>
      get(viewer, `/api/postings?location=oncampus&dorm=${dorm}&sort=fit&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
    const first = (await page()).json<PostingPage>();
    expect(first.items.map((c) => [c.id, c.fitBand])).toEqual([
      [ids.great, 'great'],
      [ids.good, 'good'],
    ]);
    expect(first.total).toEqual({ count: 4, atLeast: false });
    const second = (await page(first.nextCursor ?? '')).json<PostingPage>();
    expect(second.items.map((c) => [c.id, c.fitBand])).toEqual([
      [ids.big, 'big'],
      [ids.none, null],
    ]);
    expect(second.nextCursor).toBeNull();

    // Without a profile every posting is unscored: newest first.
    const plain = await createMember(t);
    const unscored = (await get(plain, `/api/postings?location=oncampus&dorm=${dorm}&sort=fit`)).json<PostingPage>();
    expect(unscored.items.map((c) => c.id)).toEqual([ids.none, ids.big, ids.great, ids.good]);
    expect(unscored.items.every((c) => c.fitBand === null)).toBe(true);
    // A cursor of another sort is refused.
    const wrong = await get(
      viewer,
      `/api/postings?location=oncampus&dorm=${dorm}&sort=newest&cursor=${first.nextCursor}`,
    );
    expect(wrong.statusCode).toBe(400);
  });
});

describe('privacy', () => {
  /** Every object in a JSON value that looks like a stored or given answer. */
  function answerObjects(value: unknown, found: unknown[] = []): unknown[] {
    if (Array.isArray(value)) for (const item of value) answerObjects(item, found);
    else if (value && typeof value === 'object') {
      const keys = Object.keys(value);
      if (keys.includes('accept') || keys.includes('importance') || keys.includes('self')) found.push(value);
      for (const item of Object.values(value)) answerObjects(item, found);
    }
    return found;
  }

  it("no route answers another student's answers: only their own, on their own profile", async () => {
    const evelyn = await createMember(t, { name: 'Evelyn' });
    const sam = await createMember(t, { name: 'Sam' });
    await save(evelyn, evelynAnswers);
    await save(sam, samAnswers);
    const postingId = await postingWith(evelyn, [{ name: 'Sam', email: sam.email }]);
    const otherId = await postingWith(sam, [{ name: 'Evelyn', email: evelyn.email }]);
    const ping = await t.app.inject({
      method: 'POST',
      url: `/api/postings/${postingId}/pings`,
      headers: headers(sam),
      payload: {},
    });
    const pingId = ping.json().id as string;
    const otherPing = await t.app.inject({
      method: 'POST',
      url: `/api/postings/${otherId}/pings`,
      headers: headers(evelyn),
      payload: {},
    });
    expect(otherPing.statusCode).toBe(201);
    for (const r of [ping, otherPing]) expect(answerObjects(r.json())).toEqual([]);

    // Every GET route the API describes, with every path parameter filled in, as each of them.
    const spec = (await get(null, '/api/openapi.json')).json<{ paths: Record<string, Record<string, unknown>> }>();
    const paths = Object.entries(spec.paths)
      .filter(([, methods]) => 'get' in methods)
      .map(([path]) => path);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/postings/{id}/fit', '/api/pings/{id}/fit', '/api/me/lifestyle']),
    );
    let checked = 0;
    for (const [viewer, own, posting, pingOf] of [
      [sam, samAnswers, postingId, pingId],
      [evelyn, evelynAnswers, otherId, otherPing.json().id as string],
      [sam, samAnswers, otherId, pingId],
      [evelyn, evelynAnswers, postingId, pingId],
    ] as const) {
      for (const path of paths) {
        const url = path
          .replace('/api/pings/{id}', `/api/pings/${pingOf}`)
          .replace('{id}', posting)
          .replace(/\{[^}]+\}/g, 'x');
        for (const query of ['', '?location=oncampus&sort=fit', '?location=oncampus']) {
          const response = await get(viewer, `${url}${query}`);
          if (!String(response.headers['content-type'] ?? '').includes('json')) continue;
          checked += 1;
          const found = answerObjects(response.json());
          if (url === '/api/me/lifestyle') {
            expect(found).toEqual(own);
          } else {
            expect(found, `${url}${query}`).toEqual([]);
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(40);
  });

  it("removes every answer when the student's account goes", async () => {
    const gone = await createMember(t);
    await save(gone, samAnswers);
    await t.database.db.execute(sql`DELETE FROM "user" WHERE id = ${gone.id}`);
    const left = await t.database.db.select().from(lifestyleAnswer).where(eq(lifestyleAnswer.userId, gone.id));
    expect(left).toEqual([]);
  });
});
