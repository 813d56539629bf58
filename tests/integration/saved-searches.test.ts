/**
 * Saved searches and alerts over HTTP (issue 14, part 1): saving with the shared filter schema,
 * the owner-only list and edits, matching every filter kind, immediate alerts and the daily digest
 * through the outbox (one e-mail per student per digest, never their own posting, never twice for
 * a posting), re-opened postings, and the unsubscribe link (valid, tampered, another student's,
 * GET changes nothing, POST and one-click POST turn the alert off).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, savedSearch } from '../../src/server/db/schema';
import { digestCutoff } from '../../src/server/saved-searches/service';
import { unsubscribeToken } from '../../src/server/saved-searches/token';
import { postingValidation } from '../../src/shared/posting-validation-messages';
import { SAVED_SEARCHES_MAX, savedSearchMessages } from '../../src/shared/saved-searches';
import { createTestApp, type TestApp } from '../support/app';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp';
import { createMember, originHeader, type TestMember } from '../support/users';
import { offCampusPosting, onCampusPosting, sendPosting } from './postings-support';

let t: TestApp;
let smtp: TestSmtpServer;
const DAY_MS = 24 * 60 * 60_000;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url }, undefined, { backgroundJobs: false });
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

const headers = (member: TestMember | null) => ({
  ...originHeader(t),
  ...(member?.cookie ? { cookie: member.cookie } : {}),
});

const save = (member: TestMember | null, body: object) =>
  t.app.inject({ method: 'POST', url: '/api/saved-searches', headers: headers(member), payload: body });

async function saved(member: TestMember, filters: object, alert = 'immediately', name = 'My search'): Promise<string> {
  const response = await save(member, { name, alert, filters });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

const patch = (member: TestMember | null, id: string, body: object) =>
  t.app.inject({ method: 'PATCH', url: `/api/saved-searches/${id}`, headers: headers(member), payload: body });

const list = async (member: TestMember) => {
  const response = await t.app.inject({ method: 'GET', url: '/api/saved-searches', headers: headers(member) });
  expect(response.statusCode).toBe(200);
  return response.json().items as { id: string; name: string; alert: string; filters: Record<string, unknown> }[];
};

/** Creates a posting through the API (so it is listed as a student would list it); returns its id. */
async function post(admin: TestMember, posting: object): Promise<string> {
  const response = await sendPosting(t, { cookie: admin.cookie, posting });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

const setStatus = async (admin: TestMember, postingId: string, status: string) => {
  const response = await t.app.inject({
    method: 'PATCH',
    url: `/api/postings/${postingId}/status`,
    headers: headers(admin),
    payload: { status },
  });
  expect(response.statusCode, response.body).toBe(200);
};

/** The alert e-mails (immediate and digest) queued for `to`. */
const alertsTo = (to: string) =>
  t.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.recipient, to), inArray(mailOutbox.kind, ['saved-search-alert', 'saved-search-digest'])));

/** Posting ids named in an e-mail's links. */
const postingsIn = (text: string) => [...text.matchAll(/detailView\?id=([0-9a-f-]{36})/g)].map((m) => m[1]).sort();

/** The unsubscribe page link of an e-mail, split into id and token. */
function unsubscribeLink(text: string): { id: string; token: string } {
  const match = /\/alerts\/unsubscribe\?id=([0-9a-f-]{36})&token=([\w.-]+)/.exec(text);
  if (!match) throw new Error(`no unsubscribe link in: ${text}`);
  return { id: match[1] as string, token: match[2] as string };
}

describe('saving searches', () => {
  it('saves the filters as the shared schema reads them, and lists them for their owner only', async () => {
    const student = await createMember(t);
    const other = await createMember(t);
    const response = await save(student, {
      name: '  Walsh, two of us  ',
      alert: 'daily',
      filters: { location: 'oncampus', dorm: 'Walsh', groupSize: '2', gender: 'Female', maxRent: '900' },
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    // Trimmed name; numbers coerced; case folded; the off-campus field dropped from an on-campus search.
    expect(body).toMatchObject({
      name: 'Walsh, two of us',
      alert: 'daily',
      filters: { location: 'oncampus', dorm: 'Walsh', groupSize: 2, gender: 'female', sort: 'newest' },
    });
    expect(body.filters).not.toHaveProperty('maxRent');
    expect((await list(student)).map((s) => s.id)).toEqual([body.id]);
    expect(await list(other)).toEqual([]);
  });

  it('refuses bad input with the reason and saves nothing', async () => {
    const student = await createMember(t);
    const cases: [object, string][] = [
      [{ name: '', filters: { location: 'oncampus' } }, savedSearchMessages.nameRequired],
      [{ name: 'x'.repeat(81), filters: { location: 'oncampus' } }, savedSearchMessages.nameTooLong(80)],
      [{ name: 'ok', alert: 'hourly', filters: {} }, savedSearchMessages.badAlert],
      [{ name: 'ok', filters: { groupSize: '3', housingAim: '3' } }, 'Housing aim must be greater than the group size'],
      [{ name: 'ok', filters: { groupSize: '99' } }, 'Group size must be at most 8'],
      [{ name: 'ok', filters: { dorm: 'Hogwarts' } }, postingValidation.unknownDorm],
    ];
    for (const [body, message] of cases) {
      const response = await save(student, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.title).toBe(savedSearchMessages.failedTitle);
      expect(response.json().error.details).toContain(message);
    }
    expect(await list(student)).toEqual([]);
  });

  it('needs a signed-in member', async () => {
    const response = await save(null, { name: 'x', filters: {} });
    expect(response.statusCode).toBe(401);
    const listed = await t.app.inject({ method: 'GET', url: '/api/saved-searches' });
    expect(listed.statusCode).toBe(401);
  });

  it(`keeps at most ${SAVED_SEARCHES_MAX} per student`, async () => {
    const student = await createMember(t);
    for (let i = 0; i < SAVED_SEARCHES_MAX; i++) await saved(student, { location: 'oncampus' }, 'off', `S${i}`);
    const response = await save(student, { name: 'one more', filters: {} });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(savedSearchMessages.tooMany(SAVED_SEARCHES_MAX));
    expect(await list(student)).toHaveLength(SAVED_SEARCHES_MAX);
  });

  it('renames, changes the alert and deletes; only the owner may', async () => {
    const student = await createMember(t);
    const other = await createMember(t);
    const id = await saved(student, { location: 'offcampus', maxRent: '1200' }, 'daily', 'Cheap');
    expect((await patch(other, id, { name: 'Mine now' })).statusCode).toBe(404);
    expect((await patch(student, id, {})).statusCode).toBe(400);
    expect((await patch(student, id, { alert: 'weekly' })).statusCode).toBe(400);
    const renamed = await patch(student, id, { name: 'Cheap rooms', alert: 'immediately' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Cheap rooms', alert: 'immediately', filters: { maxRent: 1200 } });

    const foreignDelete = await t.app.inject({
      method: 'DELETE',
      url: `/api/saved-searches/${id}`,
      headers: headers(other),
    });
    expect(foreignDelete.statusCode).toBe(404);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/saved-searches/${id}`,
      headers: headers(student),
    });
    expect(deleted.statusCode).toBe(204);
    expect(await list(student)).toEqual([]);
    expect((await patch(student, 'not-a-uuid', { name: 'x' })).statusCode).toBe(404);
  });
});

describe('matching new postings', () => {
  it('alerts each search for exactly the postings its filters match, one filter kind at a time', async () => {
    const admin = await createMember(t);
    // Each search belongs to its own student, so each student's e-mails show that search's matches.
    const cases = {
      onCampus: { location: 'oncampus' },
      dorm: { location: 'oncampus', dorm: 'Walsh' },
      housingAim: { location: 'oncampus', housingAim: '5' },
      groupSize: { location: 'oncampus', groupSize: '2' },
      gender: { location: 'oncampus', gender: 'male' },
      classYear: { location: 'oncampus', classYear: 'Senior' },
      everything: {
        location: 'oncampus',
        dorm: 'Voute',
        groupSize: '3',
        housingAim: '5',
        gender: 'male',
        classYear: 'senior',
      },
      offCampus: { location: 'offcampus' },
      subletYes: { location: 'offcampus', sublet: 'yes' },
      subletNo: { location: 'offcampus', sublet: 'no' },
      maxRent: { location: 'offcampus', maxRent: '1000' },
      moveIn: { location: 'offcampus', moveIn: '2027-06-15' },
      moveOut: { location: 'offcampus', moveOut: '2027-03-01' },
      nothing: { location: 'oncampus', dorm: 'Gabelli' },
    } as const;
    const students = new Map<keyof typeof cases, TestMember>();
    for (const [key, filters] of Object.entries(cases) as [keyof typeof cases, object][]) {
      const student = await createMember(t);
      students.set(key, student);
      await saved(student, filters, 'immediately', key);
    }

    const walsh = await post(admin, onCampusPosting({ dorm: 'Walsh', curNumSeek: 2 }));
    const voute = await post(
      admin,
      onCampusPosting({ dorm: 'Voute', curNumSeek: 3, adminGender: 'male', adminAcademicYear: 'senior' }),
    );
    // $3,600 in total for 4: $900 each; June 2027 to May 2028.
    const house = await post(admin, offCampusPosting({ curNumSeek: 2 }));
    const sublet = await post(
      admin,
      offCampusPosting({
        curNumSeek: 1,
        sublet: true,
        monthlyRent: '1200',
        rentType: 'per_person',
        rentStart: '2027-01-01',
        rentEnd: '2027-05-31',
      }),
    );
    const report = await t.app.savedSearches.processEvents();
    expect(report.postings).toBe(4);

    const expected: Record<keyof typeof cases, string[]> = {
      onCampus: [walsh, voute],
      dorm: [walsh],
      housingAim: [voute],
      groupSize: [walsh],
      gender: [voute],
      classYear: [voute],
      everything: [voute],
      offCampus: [house, sublet],
      subletYes: [sublet],
      subletNo: [house],
      maxRent: [house],
      moveIn: [house],
      moveOut: [sublet],
      nothing: [],
    };
    for (const [key, postings] of Object.entries(expected) as [keyof typeof cases, string[]][]) {
      const student = students.get(key) as TestMember;
      const mails = await alertsTo(student.email);
      expect(
        mails.every((m) => m.kind === 'saved-search-alert'),
        key,
      ).toBe(true);
      expect(mails.flatMap((m) => postingsIn(m.textBody)).sort(), key).toEqual([...postings].sort());
      for (const mail of mails) expect(mail.subject).toContain(`“${key}”`);
    }
  }, 180_000);

  it('never alerts a student to their own posting, and tells a student once when two searches match', async () => {
    const admin = await createMember(t);
    const student = await createMember(t);
    await saved(admin, { location: 'oncampus' });
    await saved(student, { location: 'oncampus' }, 'immediately', 'Anything');
    await saved(student, { location: 'oncampus', dorm: 'Welch' }, 'immediately', 'Welch');
    const id = await post(admin, onCampusPosting({ dorm: 'Welch' }));
    await t.app.savedSearches.processEvents();
    expect(await alertsTo(admin.email)).toHaveLength(0);
    const mails = await alertsTo(student.email);
    expect(mails).toHaveLength(1);
    expect(postingsIn(mails[0]?.textBody ?? '')).toEqual([id]);
  });

  it('never alerts twice for the same posting, even when it is re-opened', async () => {
    const admin = await createMember(t);
    const student = await createMember(t);
    await saved(student, { location: 'oncampus', dorm: 'Stayer' });
    const id = await post(admin, onCampusPosting({ dorm: 'Stayer' }));
    await t.app.savedSearches.processEvents();
    expect(await alertsTo(student.email)).toHaveLength(1);

    await setStatus(admin, id, 'Fulfilled');
    await setStatus(admin, id, 'Unfulfilled');
    const again = await t.app.savedSearches.processEvents();
    expect(again.postings).toBe(1);
    await t.app.savedSearches.processEvents();
    expect(await alertsTo(student.email)).toHaveLength(1);
  });

  it('alerts when a posting is re-opened from Fulfilled, and not for one fulfilled before matching', async () => {
    const admin = await createMember(t);
    const student = await createMember(t);
    const id = await post(admin, onCampusPosting({ dorm: 'Rubenstein' }));
    await setStatus(admin, id, 'Fulfilled');
    await t.app.savedSearches.processEvents();
    // The student saves the search after the posting was listed (and filled).
    await saved(student, { location: 'oncampus', dorm: 'Rubenstein' });
    expect(await alertsTo(student.email)).toHaveLength(0);

    // A status change that is not a re-opening lists nothing.
    await setStatus(admin, id, 'Likely Fulfilled');
    const reopened = await t.app.savedSearches.processEvents();
    expect(reopened.postings).toBe(1);
    const mails = await alertsTo(student.email);
    expect(mails).toHaveLength(1);
    expect(postingsIn(mails[0]?.textBody ?? '')).toEqual([id]);
    await setStatus(admin, id, 'Unfulfilled');
    expect((await t.app.savedSearches.processEvents()).postings).toBe(0);

    // Filled again before the job came round: nothing to announce.
    const late = await createMember(t);
    await saved(late, { location: 'oncampus', dorm: 'Ignacio' });
    const other = await post(admin, onCampusPosting({ dorm: 'Ignacio' }));
    await setStatus(admin, other, 'Fulfilled');
    await t.app.savedSearches.processEvents();
    expect(await alertsTo(late.email)).toHaveLength(0);
  });
});

describe('the daily digest', () => {
  it('sends one e-mail per student per digest with every match since the last one', async () => {
    const admin = await createMember(t);
    const dana = await createMember(t);
    const eli = await createMember(t);
    await saved(dana, { location: 'oncampus', dorm: 'Vanderslice' }, 'daily', 'Vanderslice');
    await saved(dana, { location: 'oncampus', dorm: 'Reservoir' }, 'daily', 'Reservoir');
    await saved(eli, { location: 'oncampus', dorm: 'Reservoir' }, 'daily', 'Eli reservoir');
    const a = await post(admin, onCampusPosting({ dorm: 'Vanderslice' }));
    const b = await post(admin, onCampusPosting({ dorm: 'Reservoir' }));
    const c = await post(admin, onCampusPosting({ dorm: 'Reservoir', curNumSeek: 3 }));
    await t.app.savedSearches.processEvents();
    // Nothing goes out before the day's cut-off.
    expect(await t.app.savedSearches.sendDigests(new Date(Date.now() - DAY_MS))).toEqual({ mailed: 0 });
    expect(await alertsTo(dana.email)).toHaveLength(0);

    const tomorrow = new Date(Date.now() + DAY_MS);
    // Other students' digests (from the tests above) go out in the same run.
    expect((await t.app.savedSearches.sendDigests(tomorrow)).mailed).toBeGreaterThanOrEqual(2);
    const danas = await alertsTo(dana.email);
    expect(danas).toHaveLength(1);
    expect(danas[0]?.kind).toBe('saved-search-digest');
    expect(danas[0]?.subject).toBe('3 new postings match your saved searches');
    expect(postingsIn(danas[0]?.textBody ?? '')).toEqual([a, b, c].sort());
    const elis = await alertsTo(eli.email);
    expect(elis).toHaveLength(1);
    expect(postingsIn(elis[0]?.textBody ?? '')).toEqual([b, c].sort());

    // The same digest again: nothing. A later match waits for the next day's digest.
    expect(await t.app.savedSearches.sendDigests(tomorrow)).toEqual({ mailed: 0 });
    const d = await post(admin, onCampusPosting({ dorm: 'Vanderslice', curNumSeek: 1 }));
    await t.app.savedSearches.processEvents();
    expect(await t.app.savedSearches.sendDigests(tomorrow)).toEqual({ mailed: 0 });
    expect(await t.app.savedSearches.sendDigests(new Date(Date.now() + 2 * DAY_MS))).toEqual({ mailed: 1 });
    const later = await alertsTo(dana.email);
    expect(later).toHaveLength(2);
    const newest = later.find((m) => m.id !== danas[0]?.id);
    expect(postingsIn(newest?.textBody ?? '')).toEqual([d]);
    expect(newest?.subject).toBe('1 new posting matches your saved searches');
  });

  it('an immediate alert wins over a digest, and turning an alert off drops its waiting matches', async () => {
    const admin = await createMember(t);
    const student = await createMember(t);
    const quiet = await createMember(t);
    await saved(student, { location: 'oncampus', dorm: 'Modulars' }, 'daily', 'Mods daily');
    await saved(student, { location: 'oncampus', dorm: 'Modulars' }, 'immediately', 'Mods now');
    const quietSearch = await saved(quiet, { location: 'oncampus', dorm: 'Modulars' }, 'daily', 'Quiet');
    await post(admin, onCampusPosting({ dorm: 'Modulars' }));
    await t.app.savedSearches.processEvents();
    expect((await patch(quiet, quietSearch, { alert: 'off' })).statusCode).toBe(200);
    await t.app.savedSearches.sendDigests(new Date(Date.now() + DAY_MS));
    const mails = await alertsTo(student.email);
    expect(mails.map((m) => m.kind)).toEqual(['saved-search-alert']);
    expect(await alertsTo(quiet.email)).toHaveLength(0);
  });

  it('jobs running side by side (as on several servers) still send each e-mail once', async () => {
    const admin = await createMember(t);
    const now = await createMember(t);
    const daily = await createMember(t);
    await saved(now, { location: 'oncampus', dorm: 'Thomas-More' }, 'immediately', 'TM now');
    await saved(daily, { location: 'oncampus', dorm: 'Thomas-More' }, 'daily', 'TM daily');
    for (const seek of [1, 2, 3]) await post(admin, onCampusPosting({ dorm: 'Thomas-More', curNumSeek: seek }));
    const runs = await Promise.all([1, 2, 3].map(() => t.app.savedSearches.processEvents()));
    expect(runs.reduce((sum, run) => sum + run.postings, 0)).toBe(3);
    expect(await alertsTo(now.email)).toHaveLength(3);
    const at = new Date(Date.now() + 3 * DAY_MS);
    await Promise.all([1, 2, 3].map(() => t.app.savedSearches.sendDigests(at)));
    const digests = await alertsTo(daily.email);
    expect(digests).toHaveLength(1);
    expect(postingsIn(digests[0]?.textBody ?? '')).toHaveLength(3);
  });

  it('cuts the day at the digest hour', () => {
    expect(digestCutoff(new Date('2027-03-10T12:59:00Z'), 13).toISOString()).toBe('2027-03-09T13:00:00.000Z');
    expect(digestCutoff(new Date('2027-03-10T13:00:00Z'), 13).toISOString()).toBe('2027-03-10T13:00:00.000Z');
    expect(digestCutoff(new Date('2027-03-01T02:00:00Z'), 13).toISOString()).toBe('2027-02-28T13:00:00.000Z');
  });
});

describe('unsubscribing from an e-mail', () => {
  let owner: TestMember;
  let link: { id: string; token: string };
  let otherSearch: string;

  beforeAll(async () => {
    const admin = await createMember(t);
    owner = await createMember(t);
    const other = await createMember(t);
    await saved(owner, { location: 'oncampus', dorm: 'Roncalli' }, 'immediately', 'Roncalli <3');
    otherSearch = await saved(other, { location: 'oncampus', dorm: 'Roncalli' }, 'immediately', 'Theirs');
    await post(admin, onCampusPosting({ dorm: 'Roncalli' }));
    await t.app.savedSearches.processEvents();
    const [mail] = await alertsTo(owner.email);
    link = unsubscribeLink(mail?.textBody ?? '');
  });

  const ask = (method: 'GET' | 'POST', id: string, token: string, extra: object = {}) =>
    t.app.inject({
      method,
      url: `/api/saved-searches/unsubscribe?id=${encodeURIComponent(id)}&token=${encodeURIComponent(token)}`,
      ...extra,
    });
  const alertOf = async (id: string) =>
    (await t.database.db.select().from(savedSearch).where(eq(savedSearch.id, id)))[0]?.alert;

  it('the e-mail carries the link, List-Unsubscribe and one-click headers', async () => {
    const [row] = await alertsTo(owner.email);
    expect(row?.headers?.['List-Unsubscribe']).toBe(
      `<${t.config.publicUrl}/api/saved-searches/unsubscribe?id=${link.id}&token=${link.token}>`,
    );
    expect(row?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    // The search name is escaped in the HTML part.
    expect(row?.htmlBody).toContain('Roncalli &lt;3');
    await t.app.outbox.deliverDue();
    const delivered = await smtp.waitForMail(owner.email, /Roncalli/);
    const header = delivered.headers.find((h) => h.key === 'list-unsubscribe');
    expect(header?.value).toContain(`token=${link.token}`);
  });

  it('GET tells what the link is about and changes nothing, without signing in', async () => {
    const response = await ask('GET', link.id, link.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ name: 'Roncalli <3', alert: 'immediately' });
    expect(await alertOf(link.id)).toBe('immediately');
  });

  it('refuses a tampered token, a token of another search, and a missing one', async () => {
    const tampered = `${link.token.slice(0, -2)}${link.token.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const [id, token] of [
      [link.id, tampered],
      [otherSearch, link.token],
      [link.id, ''],
      ['nope', link.token],
    ] as const) {
      for (const method of ['GET', 'POST'] as const) {
        const response = await ask(method, id, token);
        expect(response.statusCode, `${method} ${id} ${token}`).toBe(400);
        expect(response.json().error.message).toBe(savedSearchMessages.unsubscribe.invalid.message);
      }
    }
    // A token made with another secret is as good as a forged one.
    const forged = unsubscribeToken('another-secret-that-is-long-enough-0123456789', link.id, owner.id);
    expect((await ask('POST', link.id, forged)).statusCode).toBe(400);
    expect(await alertOf(link.id)).toBe('immediately');
    expect(await alertOf(otherSearch)).toBe('immediately');
  });

  it('POST turns that alert off (and only that one)', async () => {
    const response = await ask('POST', link.id, link.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ name: 'Roncalli <3', alert: 'off' });
    expect(await alertOf(link.id)).toBe('off');
    expect(await alertOf(otherSearch)).toBe('immediately');
    // The page's question now says it is off.
    expect((await ask('GET', link.id, link.token)).json().alert).toBe('off');
  });

  it("a mail client's one-click POST (RFC 8058) works too", async () => {
    await patch(owner, link.id, { alert: 'daily' });
    const response = await ask('POST', link.id, link.token, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode).toBe(200);
    expect(await alertOf(link.id)).toBe('off');
  });
});
