/**
 * The posting answer (GET /api/postings/:id) is served from memory (decision 0006,
 * src/server/postings/detail-cache.ts), yet every change to what it shows, committed through the
 * API or written straight into the database, is on the very next request, and what one viewer may
 * see never reaches another. Each answer is compared with a second server on the same database
 * that reads everything afresh, after warming the cache with the answer before the change.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { Change } from '../../src/server/db/changes';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/client';
import {
  bookmark,
  mailOutbox,
  memberSharing,
  ping,
  posting,
  postingImage,
  postingMember,
  user,
} from '../../src/server/db/schema';
import type { PostingMemberInput } from '../../src/shared/schemas/posting';
import type { PostingDetail } from '../../src/shared/schemas/posting-view';
import { createTestApp, type TestApp } from '../support/app';
import { collegeConfigWith } from '../support/college-config';
import { createMember, originHeader, type TestMember } from '../support/users';
import { jpegFile, offCampusPosting, sendPosting } from './postings-support';

const MODERATOR_EMAIL = `mod.answer.${Date.now()}@bc.edu`;
let t: TestApp;
/** The same application on the same database with its answer caches off: the truth to compare with. */
let fresh: FastifyInstance;
let moderator: TestMember;

// Each test signs several students up through the real API: slow on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

beforeAll(async () => {
  t = await createTestApp({ COLLEGE_CONFIG: collegeConfigWith({ moderators: [MODERATOR_EMAIL] }) }, undefined, {
    backgroundJobs: false,
  });
  fresh = await buildApp({
    config: t.config,
    database: t.database,
    logger: false,
    backgroundJobs: false,
    searchCache: false,
    postingCache: false,
  });
  await fresh.ready();
  moderator = await createMember(t, { email: MODERATOR_EMAIL, name: 'Morgan Moderator' });
});
afterAll(async () => {
  await fresh?.close();
  await t?.close();
});

const headers = (member: TestMember) => ({ ...originHeader(t), cookie: member.cookie });
const call = (member: TestMember, method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: headers(member), ...(payload !== undefined ? { payload } : {}) });

/**
 * `viewer`'s answer from `app` (this server by default), checked against the server that reads
 * afresh: the same status and the same body. Returns the body, or null for a 404.
 */
async function answer(viewer: TestMember, id: string, app: FastifyInstance = t.app): Promise<PostingDetail | null> {
  const [served, truth] = await Promise.all(
    [app, fresh].map((server) =>
      server.inject({ method: 'GET', url: `/api/postings/${id}`, headers: { cookie: viewer.cookie } }),
    ),
  );
  expect(served?.statusCode, served?.body).toBe(truth?.statusCode);
  expect(served?.json()).toEqual(truth?.json());
  if (served?.statusCode === 404) return null;
  expect(served?.statusCode, served?.body).toBe(200);
  return served?.json<PostingDetail>() ?? null;
}

/** Every viewer's answer, which the cache then holds. */
async function answers(viewers: TestMember[], id: string, app?: FastifyInstance) {
  const all: (PostingDetail | null)[] = [];
  for (const viewer of viewers) all.push(await answer(viewer, id, app));
  return all;
}

const typed = (name: string, email = ''): PostingMemberInput => ({
  name,
  academicYear: 'sophomore',
  gender: 'male',
  customGender: '',
  email,
  instagramHandle: '',
});

/** An off-campus posting (its admin's phone may show) created through the API, with members as given. */
async function createGroup(admin: TestMember, members: PostingMemberInput[] = []): Promise<string> {
  const response = await sendPosting(t, {
    cookie: admin.cookie,
    posting: offCampusPosting({ members: [typed('(the admin)'), ...members], curNumSeek: 2 }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<PostingDetail>().id;
}

/** The student opens their newest invitation link and joins; returns their member row's id. */
async function joinByLink(student: TestMember): Promise<string> {
  const [mail] = await t.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.kind, 'group-invitation'), eq(mailOutbox.recipient, student.email)))
    .orderBy(desc(mailOutbox.createdAt));
  const token = decodeURIComponent(mail?.link?.split('/').at(-1) ?? '');
  const view = await call(student, 'GET', `/api/invitations/by-token/${encodeURIComponent(token)}`);
  expect(view.statusCode, view.body).toBe(200);
  const joined = await call(student, 'POST', `/api/invitations/${view.json().id}/join`, { token });
  expect(joined.statusCode, joined.body).toBe(200);
  return view.json().id as string;
}

const sharing = (share: boolean) => ({
  academicYear: 'senior',
  gender: 'female',
  customGender: null,
  phoneNumber: '617-555-0142',
  instagramHandle: '@shared.handle',
  share: { academicYear: share, gender: share, email: share, phoneNumber: share, instagramHandle: share },
});

describe('changes through the API are on the next answer', () => {
  it('an edit with new images, and a status change', async () => {
    const admin = await createMember(t);
    const viewer = await createMember(t);
    const id = await createGroup(admin);
    await answers([admin, viewer], id);

    const edit = await sendPosting(t, {
      method: 'PUT',
      url: `/api/postings/${id}`,
      cookie: admin.cookie,
      posting: offCampusPosting({ description: 'Now with a yard', members: [typed('(the admin)')] }),
      imageOrder: ['new:0'],
      files: [await jpegFile()],
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const [, seen] = await answers([admin, viewer], id);
    expect(seen?.description).toBe('Now with a yard');
    expect(seen?.images).toHaveLength(1);

    const status = await call(admin, 'PATCH', `/api/postings/${id}/status`, { status: 'Likely Fulfilled' });
    expect(status.statusCode, status.body).toBe(200);
    expect((await answer(viewer, id))?.status).toBe('Likely Fulfilled');
  });

  it("a ping sent and answered, and a bookmark: each on its sender's answer alone", async () => {
    const admin = await createMember(t);
    const pinger = await createMember(t);
    const other = await createMember(t);
    const id = await createGroup(admin);
    await answers([admin, pinger, other], id);

    const sent = await call(pinger, 'POST', `/api/postings/${id}/pings`, {});
    expect(sent.statusCode, sent.body).toBe(201);
    let [own, theirs, others] = await answers([admin, pinger, other], id);
    expect(own?.interestCount).toBe(1);
    expect(theirs?.viewerPing).toMatchObject({ status: 'pending' });
    expect(others?.viewerPing).toBeNull();
    expect(own?.viewerPing).toBeNull();

    const accepted = await call(admin, 'PATCH', `/api/pings/${theirs?.viewerPing?.id}`, { status: 'accepted' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await answer(pinger, id))?.viewerPing).toMatchObject({ status: 'accepted' });

    const saved = await call(pinger, 'PUT', `/api/postings/${id}/bookmark`);
    expect(saved.statusCode, saved.body).toBe(200);
    [own, theirs, others] = await answers([admin, pinger, other], id);
    expect(theirs?.viewerBookmarked).toBe(true);
    expect(others?.viewerBookmarked).toBe(false);
    expect(own?.viewerBookmarked).toBe(false);
    expect((await call(pinger, 'DELETE', `/api/postings/${id}/bookmark`)).statusCode).toBe(200);
    expect((await answer(pinger, id))?.viewerBookmarked).toBe(false);
  });

  it('members joining, changing role and leaving, and what a member shares: each viewer sees only what they may', async () => {
    const admin = await createMember(t);
    const joiner = await createMember(t, { name: 'Jo Joiner' });
    const stranger = await createMember(t);
    const id = await createGroup(admin, [typed('Jo typed', joiner.email)]);
    const viewers = [admin, joiner, stranger];
    let [own, jo, seen] = await answers(viewers, id);
    // Not joined yet: what the admin typed is the admin's alone.
    expect(own?.members[1]?.typed).toMatchObject({ state: 'invited', email: joiner.email });
    expect(seen?.members[1]?.typed).toBeNull();
    expect(jo?.viewerRole).toBeNull();

    const memberId = await joinByLink(joiner);
    [own, jo, seen] = await answers(viewers, id);
    expect(jo?.viewerRole).toBe('member');
    expect(jo?.members[1]).toMatchObject({ joined: true, name: 'Jo Joiner', isYou: true, email: null });
    expect(seen?.members[1]).toMatchObject({ joined: true, name: 'Jo Joiner', isYou: false, email: null });
    // The admin's phone is not shown (not ticked), but a manager's edit form needs it.
    expect(seen?.adminContact.phoneNumber).toBeNull();
    expect(jo?.adminContact.phoneNumber).toBeNull();
    expect(own?.adminContact.phoneNumber).toBe('617-555-0101');

    expect((await call(joiner, 'PUT', '/api/me/sharing', sharing(true))).statusCode).toBe(200);
    [, , seen] = await answers(viewers, id);
    expect(seen?.members[1]).toMatchObject({ email: joiner.email, phoneNumber: '617-555-0142' });
    expect((await call(joiner, 'PUT', '/api/me/sharing', sharing(false))).statusCode).toBe(200);
    [, , seen] = await answers(viewers, id);
    expect(seen?.members[1]).toMatchObject({ email: null, phoneNumber: null, instagramHandle: null });

    const role = await call(admin, 'PUT', `/api/postings/${id}/members/${memberId}/role`, { role: 'coadmin' });
    expect(role.statusCode, role.body).toBe(200);
    [, jo, seen] = await answers(viewers, id);
    expect(jo?.viewerRole).toBe('coadmin');
    expect(jo?.adminContact.phoneNumber).toBe('617-555-0101');
    expect(seen?.adminContact.phoneNumber).toBeNull();
    expect(jo?.members[1]?.typed).toBeNull();

    expect((await call(joiner, 'POST', `/api/postings/${id}/leave`)).json()).toEqual({ left: true });
    [, jo] = await answers(viewers, id);
    expect(jo?.viewerRole).toBeNull();
    expect(jo?.adminContact.phoneNumber).toBeNull();
  });

  it("a member's and the admin's new account names", async () => {
    const admin = await createMember(t, { name: 'Ada Before' });
    const joiner = await createMember(t, { name: 'Jo Before' });
    const id = await createGroup(admin, [typed('Jo typed', joiner.email)]);
    await joinByLink(joiner);
    await answers([admin, joiner], id);
    for (const [member, name] of [
      [joiner, 'Jo After'],
      [admin, 'Ada After'],
    ] as const) {
      const renamed = await call(member, 'POST', '/api/auth/update-user', { name });
      expect(renamed.statusCode, renamed.body).toBe(200);
    }
    const [own] = await answers([admin, joiner], id);
    expect(own?.members[1]?.name).toBe('Jo After');
  });

  it('hidden by a moderator: gone for everyone but its group and the moderators; then deleted', async () => {
    const admin = await createMember(t);
    const stranger = await createMember(t);
    const id = await createGroup(admin);
    await answers([admin, stranger, moderator], id);
    const hidden = await call(moderator, 'POST', `/api/moderation/postings/${id}/hide`, {
      reason: 'Not a real place.',
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    const [own, seen, moderated] = await answers([admin, stranger, moderator], id);
    expect(seen).toBeNull();
    expect(own?.moderation).toMatchObject({ hidden: true, kind: 'moderator', reason: 'Not a real place.' });
    expect(moderated?.moderation).toMatchObject({ hidden: true });

    expect((await call(admin, 'DELETE', `/api/postings/${id}`)).statusCode).toBe(204);
    expect(await answers([admin, stranger, moderator], id)).toEqual([null, null, null]);
  });
});

describe('changes written straight into the database (another server, a script) are on the next answer', () => {
  it('every part of the answer, one change at a time', async () => {
    const admin = await createMember(t);
    const joiner = await createMember(t, { name: 'Jo Joiner' });
    const stranger = await createMember(t);
    const id = await createGroup(admin);
    const viewers = [admin, joiner, stranger];
    const db = t.database.db;
    await answers(viewers, id);

    /** One change, then every viewer's answer; `check` looks at the stranger's and the joiner's. */
    const afterChange = async (
      change: () => Promise<unknown>,
      check: (seen: PostingDetail | null, jo: PostingDetail | null) => void,
    ) => {
      await change();
      const [, jo, seen] = await answers(viewers, id);
      check(seen ?? null, jo ?? null);
    };

    await afterChange(
      () => db.update(posting).set({ description: 'Written by a script' }).where(eq(posting.id, id)),
      (seen) => expect(seen?.description).toBe('Written by a script'),
    );
    await afterChange(
      () => db.update(posting).set({ adminShowsPhone: true }).where(eq(posting.id, id)),
      (seen) => expect(seen?.adminContact.phoneNumber).toBe('617-555-0101'),
    );
    await afterChange(
      () =>
        db.insert(postingImage).values({
          postingId: id,
          position: 0,
          cardKey: 'postings/straight/card.webp',
          fullKey: 'postings/straight/full.webp',
          width: 800,
          height: 600,
        }),
      (seen) => expect(seen?.images.map((image) => image.cardUrl)).toEqual(['/api/images/postings/straight/card.webp']),
    );
    await afterChange(
      () =>
        db.insert(ping).values({
          postingId: id,
          searcherUserId: stranger.id,
          senderName: stranger.name,
          searcherEmail: stranger.email,
          adminUserId: admin.id,
        }),
      (seen, jo) => {
        expect(seen?.viewerPing).toMatchObject({ status: 'pending' });
        expect(seen?.interestCount).toBe(1);
        expect(jo?.viewerPing).toBeNull();
      },
    );
    await afterChange(
      () => db.update(ping).set({ status: 'declined', answeredAt: new Date() }).where(eq(ping.postingId, id)),
      (seen) => expect(seen?.viewerPing).toMatchObject({ status: 'declined' }),
    );
    await afterChange(
      () => db.insert(bookmark).values({ userId: stranger.id, postingId: id }),
      (seen, jo) => {
        expect(seen?.viewerBookmarked).toBe(true);
        expect(jo?.viewerBookmarked).toBe(false);
      },
    );
    await afterChange(
      () =>
        db.insert(postingMember).values({
          postingId: id,
          position: 5,
          name: 'Typed by a script',
          academicYear: 'junior',
          gender: 'male',
          userId: joiner.id,
          state: 'joined',
          role: 'member',
          joinedAt: new Date(),
        }),
      (seen, jo) => {
        expect(jo?.viewerRole).toBe('member');
        expect(seen?.members.at(-1)).toMatchObject({ name: 'Jo Joiner', joined: true });
      },
    );
    await afterChange(
      () =>
        db
          .insert(memberSharing)
          .values({ userId: joiner.id, instagramHandle: 'jo.straight', shareInstagramHandle: true }),
      (seen) => expect(seen?.members.at(-1)?.instagramHandle).toBe('jo.straight'),
    );
    await afterChange(
      () => db.update(user).set({ name: 'Jo Renamed' }).where(eq(user.id, joiner.id)),
      (seen) => expect(seen?.members.at(-1)?.name).toBe('Jo Renamed'),
    );
    await afterChange(
      () =>
        db
          .update(postingMember)
          .set({ role: 'coadmin' })
          .where(and(eq(postingMember.postingId, id), eq(postingMember.userId, joiner.id))),
      (_seen, jo) => expect(jo?.viewerRole).toBe('coadmin'),
    );
    await afterChange(
      () =>
        db
          .update(posting)
          .set({ hiddenAt: new Date(), hiddenKind: 'moderator', hiddenReason: 'By a script' })
          .where(eq(posting.id, id)),
      (seen, jo) => {
        expect(seen).toBeNull();
        expect(jo?.moderation).toMatchObject({ hidden: true, reason: 'By a script' });
      },
    );
    await afterChange(
      () => db.delete(postingMember).where(and(eq(postingMember.postingId, id), eq(postingMember.userId, joiner.id))),
      (seen, jo) => {
        expect(seen).toBeNull();
        expect(jo).toBeNull();
      },
    );
    await afterChange(
      () => db.delete(posting).where(eq(posting.id, id)),
      () => undefined,
    );
    expect(await answers(viewers, id)).toEqual([null, null, null]);
  });

  it('a posting put back with the id it had is found again', async () => {
    const admin = await createMember(t);
    const id = await createGroup(admin);
    const [row] = await t.database.db.select().from(posting).where(eq(posting.id, id));
    await answer(admin, id);
    await t.database.db.delete(posting).where(eq(posting.id, id));
    expect(await answer(admin, id)).toBeNull();
    await t.database.db.insert(posting).values(row as typeof posting.$inferInsert);
    expect((await answer(admin, id))?.id).toBe(id);
  });
});

/** Resolves when `database` hears a change that `matches`. */
function heard(database: DatabaseHandle, matches: (change: Change) => boolean): Promise<void> {
  return new Promise((resolve) => {
    const stop = database.changes.subscribe((change) => {
      if (matches(change)) {
        stop();
        resolve();
      }
    });
  });
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe.runIf(process.env.TEST_DATABASE_URL)('two servers on one PostgreSQL database', () => {
  let otherDatabase: DatabaseHandle;
  let other: FastifyInstance;

  beforeAll(async () => {
    otherDatabase = await openDatabase({ kind: 'postgres', url: t.database.url as string, poolSize: 3 });
    other = await buildApp({ config: t.config, database: otherDatabase, logger: false, backgroundJobs: false });
    await other.ready();
    await until(() => otherDatabase.changes.live);
  });
  afterAll(async () => {
    await other?.close();
    await otherDatabase?.close();
  });

  it('shows on one server what was written through the other, once it hears of it', async () => {
    const admin = await createMember(t);
    const joiner = await createMember(t, { name: 'Jo Joiner' });
    const id = await createGroup(admin, [typed('Jo typed', joiner.email)]);
    await answers([admin, joiner], id, other);

    let announced = heard(otherDatabase, (change) => change.kind === 'posting' && change.postingId === id);
    await joinByLink(joiner);
    await announced;
    expect((await answer(joiner, id, other))?.viewerRole).toBe('member');

    announced = heard(otherDatabase, (change) => change.kind === 'posting' && change.postingId === id);
    expect((await call(admin, 'PATCH', `/api/postings/${id}/status`, { status: 'Fulfilled' })).statusCode).toBe(200);
    await announced;
    expect((await answer(joiner, id, other))?.status).toBe('Fulfilled');

    announced = heard(otherDatabase, (change) => change.kind === 'sharing' && change.userId === joiner.id);
    expect((await call(joiner, 'PUT', '/api/me/sharing', sharing(true))).statusCode).toBe(200);
    await announced;
    expect((await answer(admin, id, other))?.members[1]?.email).toBe(joiner.email);

    announced = heard(otherDatabase, (change) => change.kind === 'user' && change.userId === joiner.id);
    await t.database.db.execute(sql`UPDATE "user" SET name = 'Jo From psql' WHERE id = ${joiner.id}`);
    await announced;
    expect((await answer(admin, id, other))?.members[1]?.name).toBe('Jo From psql');

    announced = heard(otherDatabase, (change) => change.kind === 'posting' && change.postingId === id);
    expect((await call(admin, 'DELETE', `/api/postings/${id}`)).statusCode).toBe(204);
    await announced;
    expect(await answer(admin, id, other)).toBeNull();
  });
});
