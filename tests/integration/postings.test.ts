import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookmark, ping, posting, postingImage, postingMember, studentUsage } from '../../src/server/db/schema';
import { messages } from '../../src/shared/messages';
import { postingValidation } from '../../src/shared/posting-validation-messages';
import { validatePosting } from '../../src/shared/schemas/posting';
import type { PostingDetail } from '../../src/shared/schemas/posting-view';
import { createTestApp, type TestApp } from '../support/app';
import { createMember, createUser, originHeader, type TestMember } from '../support/users';
import { jpegFile, keyOf, offCampusPosting, onCampusPosting, png, sendPosting, storedFiles } from './postings-support';

let t: TestApp;
let admin: TestMember;
let other: TestMember;
let dormKeys: string[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await createMember(t, { name: 'Maeve Kelly' });
  other = await createMember(t, { name: 'Liam Walsh' });
  dormKeys = t.config.college.dorms.map((d) => d.key);
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

async function createPosting(body: unknown = onCampusPosting(), files: Awaited<ReturnType<typeof jpegFile>>[] = []) {
  // One admin creates more postings here than the daily limit allows (decision 0022); the limit has
  // tests of its own (upload-and-student-limits.test.ts), so this admin's count starts afresh.
  await t.database.db.delete(studentUsage).where(eq(studentUsage.userId, admin.id));
  const response = await sendPosting(t, { cookie: admin.cookie, posting: body, files });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as PostingDetail;
}

describe('create and read', () => {
  it('creates an on-campus posting with two images; the server decides the admin, sizes and status', async () => {
    const detail = await createPosting(
      // The client's admin name and e-mail, sizes and status are ignored.
      {
        ...onCampusPosting(),
        adminName: 'Someone Else',
        adminEmail: 'x@example.com',
        aimInteger: 99,
        status: 'Fulfilled',
      },
      [await jpegFile('first.jpg', 800, 600), { name: 'second.png', type: 'image/png', buffer: await png(300, 900) }],
    );
    expect(detail).toMatchObject({
      listingLocation: 'oncampus',
      dorm: 'Walsh',
      address: null,
      adminContact: {
        name: 'Maeve Kelly',
        email: admin.email,
        academicYear: 'junior',
        gender: 'female',
        phoneNumber: '617-555-0101',
        instagramHandle: 'maeve.k',
      },
      curGroupSize: 2,
      curNumSeek: 2,
      aimInteger: 4,
      monthlyRent: null,
      rentStart: null,
      status: 'Unfulfilled',
      interestCount: 0,
      viewerIsAdmin: true,
      viewerBookmarked: false,
    });
    expect(detail.members.map((m) => m.name)).toEqual(['Maeve Kelly', 'Priya Patel']);
    expect(detail.images).toHaveLength(2);
    expect(detail.images[0]).toMatchObject({ width: 800, height: 600 });
    expect(detail.images[1]).toMatchObject({ width: 300, height: 900 });

    const image = await get(detail.images[0]?.cardUrl as string, other.cookie);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(image.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    // Images are for signed-in members only, and unknown or crafted keys are 404.
    expect((await get(detail.images[0]?.cardUrl as string)).statusCode).toBe(401);
    expect((await get('/api/images/postings/../../auth-secret', other.cookie)).statusCode).toBe(404);
    expect((await get('/api/images/postings/nope/x-card.webp', other.cookie)).statusCode).toBe(404);
  });

  it("shows the admin's phone and Instagram to other students only when the admin ticked them (issue 19)", async () => {
    const contactAs = async (id: string, cookie: string) =>
      ((await get(`/api/postings/${id}`, cookie)).json() as PostingDetail).adminContact;
    // Not ticked: another student sees neither; the admin's own edit form gets both back.
    const hidden = await createPosting(offCampusPosting());
    expect(hidden).toMatchObject({ adminShowsPhone: false, adminShowsInstagram: false });
    expect(hidden.adminContact).toMatchObject({ phoneNumber: '617-555-0101', instagramHandle: 'maeve.k' });
    expect(await contactAs(hidden.id, other.cookie)).toMatchObject({
      email: admin.email,
      phoneNumber: null,
      instagramHandle: null,
    });
    // The member list's admin row carries the same contact: nothing there either.
    const asOther = (await get(`/api/postings/${hidden.id}`, other.cookie)).json() as PostingDetail;
    expect(JSON.stringify(asOther)).not.toContain('617-555-0101');
    expect(JSON.stringify(asOther)).not.toContain('maeve.k');

    // Ticked: shown (the phone on an off-campus posting only, as docs/product-spec.md says).
    const shown = await createPosting(offCampusPosting({ adminShowsPhone: true, adminShowsInstagram: true }));
    expect(await contactAs(shown.id, other.cookie)).toMatchObject({
      phoneNumber: '617-555-0101',
      instagramHandle: 'maeve.k',
    });
    const onCampus = await createPosting(onCampusPosting({ adminShowsPhone: true, adminShowsInstagram: true }));
    expect(await contactAs(onCampus.id, other.cookie)).toMatchObject({ phoneNumber: null, instagramHandle: 'maeve.k' });
  });

  it('creates an off-campus posting with rent and dates and computes the rent per person', async () => {
    const detail = await createPosting(offCampusPosting({ curNumSeek: '1' }));
    expect(detail).toMatchObject({
      listingLocation: 'offcampus',
      dorm: null,
      address: '12 Foster Street, Brighton, MA',
      monthlyRent: 3600,
      rentType: 'total',
      rentStart: '2027-06-01',
      rentEnd: '2028-05-31',
      utilities: 'not-included',
      aimInteger: 3,
    });
    const [row] = await t.database.db.select().from(posting).where(eq(posting.id, detail.id));
    expect(row?.rentPerPerson).toBe(1200);
  });

  it('clears the other location’s fields', async () => {
    const onCampus = await createPosting({ ...offCampusPosting(), listingLocation: 'oncampus', dorm: 'Voute' });
    expect(onCampus).toMatchObject({
      address: null,
      monthlyRent: null,
      rentType: null,
      rentStart: null,
      utilities: null,
    });
    const offCampus = await createPosting({ ...offCampusPosting(), dorm: 'Voute' });
    expect(offCampus.dorm).toBeNull();
  });

  it('shows another member the posting without admin rights, with pings and bookmarks counted', async () => {
    const detail = await createPosting();
    await t.database.db.insert(bookmark).values({ userId: other.id, postingId: detail.id });
    await t.database.db.insert(ping).values({
      postingId: detail.id,
      searcherUserId: other.id,
      senderName: other.name,
      searcherEmail: other.email,
      adminUserId: admin.id,
    });
    const seen = await get(`/api/postings/${detail.id}`, other.cookie);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ viewerIsAdmin: false, viewerBookmarked: true, interestCount: 1 });
  });

  it('answers 404 with a clear message for an unknown or malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const response = await get(`/api/postings/${id}`, admin.cookie);
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toMatchObject(messages.postingAccess.notFound);
    }
  });
});

describe('validation: the server lists the same messages as the shared schema', () => {
  const v = postingValidation;
  const base = onCampusPosting();
  const cases: [string, unknown, string[]][] = [
    ['no dorm', { ...base, dorm: '' }, [v.selectDorm]],
    ['a dorm not in the config', { ...base, dorm: 'Hogwarts' }, [v.unknownDorm]],
    ['no address off campus', offCampusPosting({ address: '  ' }), [v.address]],
    ['no members', { ...base, members: [] }, [v.atLeastOneMember]],
    ['seeking zero', { ...base, curNumSeek: 0 }, [v.seekingAtLeastOne]],
    ['seeking blank', { ...base, curNumSeek: '' }, [v.seekingAtLeastOne]],
    ['seeking a fraction', { ...base, curNumSeek: 1.5 }, [v.seekingAtLeastOne]],
    ['a group over 12', { ...base, curNumSeek: 11 }, [v.targetSize(2, 12)]],
    ['rent without a type', offCampusPosting({ rentType: '' }), [v.rentType]],
    ['rent in cents', offCampusPosting({ monthlyRent: '1200.50' }), [v.rentWholeDollars(100_000)]],
    ['no dates off campus', offCampusPosting({ rentStart: '', rentEnd: '' }), [v.rentalDates]],
    ['one date off campus', offCampusPosting({ rentEnd: '' }), [v.bothDates]],
    ['end before start', offCampusPosting({ rentStart: '2027-06-01', rentEnd: '2027-05-01' }), [v.endBeforeStart]],
    ['an impossible date', offCampusPosting({ rentEnd: '2027-02-30' }), [v.invalidDate]],
    ['no academic year', { ...base, adminAcademicYear: '' }, [v.adminAcademicYear]],
    ['no gender', { ...base, adminGender: 'robot' }, [v.adminGender]],
    ['other gender undescribed', { ...base, adminGender: 'other' }, [v.adminCustomGender]],
    ['a bad phone', { ...base, adminPhone: 'call me' }, [v.adminPhone]],
    ['a bad instagram', { ...base, adminInstagram: 'no spaces please' }, [v.adminInstagram]],
    [
      'member rows incomplete',
      {
        ...base,
        members: [
          base.members?.[0],
          { name: '', academicYear: 'x', gender: 'other', email: 'nope', instagramHandle: '!' },
        ],
      },
      [v.memberName(2), v.memberAcademicYear(2), v.memberCustomGender(2), v.memberEmail(2), v.memberInstagram(2)],
    ],
    [
      'a name too long',
      { ...base, members: [base.members?.[0], { ...base.members?.[1], name: 'x'.repeat(101) }] },
      [v.tooLong('The name of member 2', 100)],
    ],
    ['utilities not an option', offCampusPosting({ utilities: 'sometimes' }), [v.utilities]],
    [
      'everything missing',
      {},
      [v.selectDorm, v.adminAcademicYear, v.adminGender, v.atLeastOneMember, v.seekingAtLeastOne],
    ],
    [
      'wrong types everywhere',
      { members: 'many', curNumSeek: { n: 1 }, sublet: 'yes', dorm: 7 },
      [v.selectDorm, v.adminAcademicYear, v.adminGender, v.atLeastOneMember, v.seekingAtLeastOne],
    ],
  ];

  it.each(cases)('%s', async (_label, body, expected) => {
    const response = await sendPosting(t, { cookie: admin.cookie, posting: body });
    expect(response.statusCode).toBe(400);
    const error = response.json().error;
    expect(error.title).toBe(messages.submit.failedTitle);
    expect(error.details).toEqual(expected);
    // The form runs the very same function on the same values (the account fills the admin fields).
    const client = validatePosting({ ...(body as object), adminName: admin.name, adminEmail: admin.email }, dormKeys);
    expect(client.success ? [] : client.messages).toEqual(error.details);
  });

  it('needs a phone or an e-mail (the server takes the e-mail from the account, so only the schema can miss both)', () => {
    const result = validatePosting({ ...base, adminName: 'A', adminEmail: '', adminPhone: '' }, dormKeys);
    expect(result.success ? [] : result.messages).toEqual([v.phoneOrEmail]);
  });

  it('refuses a body that is not multipart or has unreadable JSON', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/postings',
      headers: { ...originHeader(t), cookie: admin.cookie },
      payload: { posting: onCampusPosting() },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().error).toMatchObject({ title: messages.submit.failedTitle, details: [v.unreadable] });
    const broken = await sendPosting(t, { cookie: admin.cookie, posting: '{not json' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.details).toEqual([v.unreadable]);
  });
});

describe('authorization of every write', () => {
  let id: string;
  let unverified: TestMember;
  let noTerms: TestMember;

  beforeAll(async () => {
    id = (await createPosting()).id;
    noTerms = await createUser(t, { verified: true, acceptedTerms: false });
    // An unverified account cannot sign in with a password; give it a session directly.
    unverified = await createMember(t);
    const { user } = await import('../../src/server/db/schema');
    await t.database.db.update(user).set({ emailVerified: false }).where(eq(user.id, unverified.id));
  });

  const writes = () => [
    { label: 'create', run: (cookie?: string) => sendPosting(t, { cookie, posting: onCampusPosting() }) },
    {
      label: 'edit',
      run: (cookie?: string) =>
        sendPosting(t, { method: 'PUT', url: `/api/postings/${id}`, cookie, posting: onCampusPosting() }),
    },
    {
      label: 'status',
      run: (cookie?: string) =>
        t.app.inject({
          method: 'PATCH',
          url: `/api/postings/${id}/status`,
          headers: { ...originHeader(t), ...(cookie ? { cookie } : {}) },
          payload: { status: 'Likely Fulfilled' },
        }),
    },
    {
      label: 'delete',
      run: (cookie?: string) =>
        t.app.inject({
          method: 'DELETE',
          url: `/api/postings/${id}`,
          headers: { ...originHeader(t), ...(cookie ? { cookie } : {}) },
        }),
    },
  ];

  it('answers an unsigned user 401 with the spec’s words', async () => {
    const expected = {
      create: messages.submit.notSignedIn,
      edit: messages.submit.notSignedIn,
      status: { title: messages.api.unauthorized.title, message: messages.postingAccess.statusUnsigned },
      delete: { title: messages.api.unauthorized.title, message: messages.deletePosting.unsigned },
    };
    for (const write of writes()) {
      const response = await write.run();
      expect(response.statusCode, write.label).toBe(401);
      expect(response.json().error, write.label).toMatchObject(expected[write.label as keyof typeof expected]);
    }
    expect((await get(`/api/postings/${id}`)).statusCode).toBe(401);
  });

  it('answers an unverified user and one who has not accepted the terms 403', async () => {
    for (const person of [unverified, noTerms]) {
      for (const write of writes()) {
        const response = await write.run(person.cookie);
        expect(response.statusCode, write.label).toBe(403);
        expect(response.json().error.code).toMatch(/EMAIL_NOT_VERIFIED|TERMS_NOT_ACCEPTED/);
      }
    }
  });

  it("answers another student 403 on someone else's posting and leaves it unchanged", async () => {
    for (const write of writes().filter((w) => w.label !== 'create')) {
      const response = await write.run(other.cookie);
      expect(response.statusCode, write.label).toBe(403);
      expect(response.json().error.message).toBe(messages.postingAccess.notAdmin);
    }
    const [row] = await t.database.db.select().from(posting).where(eq(posting.id, id));
    expect(row?.status).toBe('Unfulfilled');
    // Another student may of course create their own posting.
    const own = await sendPosting(t, { cookie: other.cookie, posting: onCampusPosting() });
    expect(own.statusCode).toBe(201);
  });

  it('lets the admin do every write', async () => {
    const results = [];
    for (const write of writes()) results.push((await write.run(admin.cookie)).statusCode);
    expect(results).toEqual([201, 200, 200, 204]);
  });

  it('refuses writes from another site', async () => {
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/postings/${id}`,
      headers: { origin: 'https://evil.example', cookie: admin.cookie },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('status', () => {
  const patch = (id: string, payload: Record<string, unknown>, cookie = admin.cookie) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/postings/${id}/status`,
      headers: { ...originHeader(t), cookie },
      payload,
    });

  it('changes freely between the three values; the same value changes nothing', async () => {
    const { id, updatedAt } = await createPosting();
    for (const status of ['Fulfilled', 'Unfulfilled', 'Likely Fulfilled']) {
      const response = await patch(id, { status });
      expect(response.json()).toEqual({ status, changed: true });
    }
    const before = (await get(`/api/postings/${id}`, admin.cookie)).json() as PostingDetail;
    expect(before.updatedAt >= updatedAt).toBe(true);
    const same = await patch(id, { status: 'Likely Fulfilled' });
    expect(same.json()).toEqual({ status: 'Likely Fulfilled', changed: false });
    const after = (await get(`/api/postings/${id}`, admin.cookie)).json() as PostingDetail;
    expect(after.updatedAt).toBe(before.updatedAt);
  });

  it('refuses a value that is not a status', async () => {
    const { id } = await createPosting();
    const response = await patch(id, { status: 'Done' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      title: messages.status.failed.title,
      message: messages.postingAccess.badStatus,
    });
  });
});

describe('edit', () => {
  it('replaces the field set and adds, removes and reorders images', async () => {
    const created = await createPosting(onCampusPosting(), [
      await jpegFile('a.jpg', 200, 100),
      await jpegFile('b.jpg', 300, 100),
      await jpegFile('c.jpg', 400, 100),
    ]);
    const [a, b, c] = created.images;
    const response = await sendPosting(t, {
      method: 'PUT',
      url: `/api/postings/${created.id}`,
      cookie: admin.cookie,
      posting: offCampusPosting({
        members: [
          {
            name: 'Solo Person',
            academicYear: 'senior',
            gender: 'male',
            customGender: '',
            email: '',
            instagramHandle: '',
          },
        ],
        curNumSeek: 3,
      }),
      // c first, then the new file, then a; b is removed.
      imageOrder: [c?.id, 'new:0', a?.id],
      files: [await jpegFile('d.jpg', 500, 100)],
    });
    expect(response.statusCode, response.body).toBe(200);
    const edited = response.json() as PostingDetail;
    expect(edited).toMatchObject({
      id: created.id,
      listingLocation: 'offcampus',
      dorm: null,
      curGroupSize: 1,
      aimInteger: 4,
      status: 'Unfulfilled',
    });
    // Member 1 is always the admin, whatever the client sent in that place.
    expect(edited.members.map((m) => m.name)).toEqual([admin.name]);
    expect(edited.images.map((i) => i.width)).toEqual([400, 500, 200]);
    expect(edited.images[0]?.id).toBe(c?.id);
    expect(edited.images[2]?.id).toBe(a?.id);
    // The removed image's files are gone; the kept and new ones remain.
    const files = storedFiles(t);
    expect(files).not.toContain(keyOf(b?.cardUrl as string));
    expect(files).not.toContain(keyOf(b?.fullUrl as string));
    for (const image of edited.images) expect(files).toContain(keyOf(image.fullUrl));
  });

  it('refuses an image id of another posting and changes nothing', async () => {
    const mine = await createPosting(onCampusPosting(), [await jpegFile()]);
    const theirs = await createPosting(onCampusPosting(), [await jpegFile()]);
    const before = storedFiles(t).length;
    const response = await sendPosting(t, {
      method: 'PUT',
      url: `/api/postings/${mine.id}`,
      cookie: admin.cookie,
      posting: onCampusPosting({ dorm: 'Voute' }),
      imageOrder: [theirs.images[0]?.id],
      files: [await jpegFile()],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toEqual([messages.images.unknownImage]);
    expect(((await get(`/api/postings/${mine.id}`, admin.cookie)).json() as PostingDetail).dorm).toBe('Walsh');
    expect(storedFiles(t).length).toBe(before);
  });

  it('keeps every image when no order is sent and appends new ones', async () => {
    const created = await createPosting(onCampusPosting(), [await jpegFile('a.jpg', 200, 100)]);
    const response = await sendPosting(t, {
      method: 'PUT',
      url: `/api/postings/${created.id}`,
      cookie: admin.cookie,
      posting: onCampusPosting(),
      files: [await jpegFile('b.jpg', 300, 100)],
    });
    expect((response.json() as PostingDetail).images.map((i) => i.width)).toEqual([200, 300]);
  });
});

describe('delete', () => {
  it('removes the posting, its members, images, files, bookmarks and pings', async () => {
    const created = await createPosting(onCampusPosting(), [await jpegFile(), await jpegFile()]);
    const keep = await createPosting(onCampusPosting(), [await jpegFile()]);
    await t.database.db.insert(bookmark).values([
      { userId: other.id, postingId: created.id },
      { userId: admin.id, postingId: created.id },
      { userId: other.id, postingId: keep.id },
    ]);
    await t.database.db.insert(ping).values({
      postingId: created.id,
      searcherUserId: other.id,
      senderName: other.name,
      searcherEmail: other.email,
      adminUserId: admin.id,
    });
    const keys = created.images.flatMap((i) => [keyOf(i.cardUrl), keyOf(i.fullUrl)]);
    for (const key of keys) expect(storedFiles(t)).toContain(key);

    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/postings/${created.id}`,
      headers: { ...originHeader(t), cookie: admin.cookie },
    });
    expect(response.statusCode).toBe(204);

    const db = t.database.db;
    expect(await db.select().from(posting).where(eq(posting.id, created.id))).toEqual([]);
    expect(await db.select().from(postingMember).where(eq(postingMember.postingId, created.id))).toEqual([]);
    expect(await db.select().from(postingImage).where(eq(postingImage.postingId, created.id))).toEqual([]);
    expect(await db.select().from(bookmark).where(eq(bookmark.postingId, created.id))).toEqual([]);
    expect(await db.select().from(ping).where(eq(ping.postingId, created.id))).toEqual([]);
    for (const key of keys) expect(storedFiles(t)).not.toContain(key);
    // Nothing of the other posting is touched.
    expect(await db.select().from(bookmark).where(eq(bookmark.postingId, keep.id))).toHaveLength(1);
    expect(storedFiles(t)).toContain(keyOf(keep.images[0]?.cardUrl as string));
    expect((await get(`/api/postings/${created.id}`, admin.cookie)).statusCode).toBe(404);
    // Deleting again: the posting is gone.
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/postings/${created.id}`,
      headers: { ...originHeader(t), cookie: admin.cookie },
    });
    expect(again.statusCode).toBe(404);
  });
});
