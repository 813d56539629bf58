/**
 * Fresh listings (issue 14): the 'Still looking?' reminder after the configured days (once, even
 * with two job runs side by side), its signed single-use links (a GET changes nothing, tampering
 * fails), stale after the second interval (left out of default search, shown with showStale), and
 * restoration by renewing, by editing and by the detail page's button.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, ping, posting } from '../../src/server/db/schema';
import { freshnessMessages } from '../../src/shared/freshness';
import type { PostingDetail, PostingPage } from '../../src/shared/schemas/posting-view';
import { createTestApp, type TestApp } from '../support/app';
import { insertPosting } from '../support/browse-fixtures';
import { collegeConfigWith } from '../support/college-config';
import { createMember, originHeader, type TestMember } from '../support/users';
import { onCampusPosting, sendPosting } from './postings-support';

const DAY = 24 * 60 * 60_000;
let t: TestApp;

beforeAll(async () => {
  // Intervals from the college config: 10 days to the reminder, 3 more to stale.
  const college = collegeConfigWith({ freshness: { remindAfterDays: 10, staleAfterDays: 3 } });
  t = await createTestApp({ COLLEGE_CONFIG: college }, undefined, { backgroundJobs: false });
});
afterAll(async () => {
  await t?.close();
});

const row = async (id: string) => {
  const [found] = await t.database.db.select().from(posting).where(eq(posting.id, id));
  if (!found) throw new Error('no posting');
  return found;
};

/** A posting last updated `daysAgo` days ago (the UPDATE names updated_at, so it is kept). */
async function postingUpdated(admin: TestMember, daysAgo: number, fields: Parameters<typeof insertPosting>[2] = {}) {
  const id = await insertPosting(t.database.db, admin.id, { dorm: 'Walsh', curNumSeek: 3, ...fields });
  await t.database.db
    .update(posting)
    .set({ updatedAt: new Date(Date.now() - daysAgo * DAY) })
    .where(eq(posting.id, id));
  return id;
}

const reminders = (to: string) =>
  t.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.recipient, to))
    .then((rows) => rows.filter((r) => r.kind === 'posting-still-looking'));

/** The two links of the latest reminder to `to`: their tokens, by label. */
async function linksTo(to: string): Promise<{ renew: string; fulfil: string }> {
  const mails = await reminders(to);
  const text = mails.at(-1)?.textBody ?? '';
  const token = (label: string) => {
    const match = new RegExp(`${label}: \\S+/renew\\?token=(\\S+)`).exec(text);
    if (!match?.[1]) throw new Error(`no ${label} link in:\n${text}`);
    return decodeURIComponent(match[1]);
  };
  return { renew: token('Still looking'), fulfil: token('Mark Fulfilled') };
}

const preview = (token: string) =>
  t.app.inject({ method: 'GET', url: `/api/renewals?token=${encodeURIComponent(token)}` });
const confirm = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/renewals', headers: originHeader(t), payload: { token } });

const search = async (member: TestMember, query = '') =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/postings?location=oncampus&dorm=Walsh&groupSize=3&limit=50${query}`,
      headers: { cookie: member.cookie },
    })
  ).json() as PostingPage;

const detail = async (member: TestMember, id: string) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/postings/${id}`, headers: { cookie: member.cookie } })
  ).json() as PostingDetail;

describe('the reminder', () => {
  it('goes once to the admin of a posting not updated for the configured days, with two links', async () => {
    const admin = await createMember(t);
    const due = await postingUpdated(admin, 11);
    const recent = await postingUpdated(admin, 9);
    const fulfilled = await postingUpdated(admin, 30, { status: 'Fulfilled' });

    // Two servers' runs at once: each posting is claimed by exactly one of them.
    const [a, b] = await Promise.all([t.app.freshness.run(), t.app.freshness.run()]);
    expect(a.reminded + b.reminded).toBeGreaterThanOrEqual(1);
    await t.app.freshness.run();
    const mails = await reminders(admin.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Still looking? Your posting at Walsh Hall');
    expect(mails[0]?.textBody).toContain('has not been updated for 10 days');
    expect((await row(due)).renewalRemindedAt).not.toBeNull();
    expect((await row(recent)).renewalRemindedAt).toBeNull();
    expect((await row(fulfilled)).renewalRemindedAt).toBeNull();
    // Reminding does not count as an update.
    expect(Date.now() - (await row(due)).updatedAt.getTime()).toBeGreaterThan(10 * DAY);
    const links = await linksTo(admin.email);
    expect(links.renew).not.toBe(links.fulfil);
  });
});

describe('the renewal links', () => {
  it('a GET only describes the link; the POST renews once and the sibling link dies with it', async () => {
    const admin = await createMember(t);
    const id = await postingUpdated(admin, 12);
    await t.app.freshness.run();
    const { renew, fulfil } = await linksTo(admin.email);

    const looked = await preview(renew);
    expect(looked.statusCode).toBe(200);
    expect(looked.json()).toEqual({ action: 'renew', postingId: id, place: 'Walsh Hall' });
    // Opening the link (as a mail scanner would), twice, changed nothing.
    await preview(renew);
    expect((await row(id)).renewalRemindedAt).not.toBeNull();
    expect(Date.now() - (await row(id)).updatedAt.getTime()).toBeGreaterThan(11 * DAY);

    const done = await confirm(renew);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ action: 'renew', postingId: id, message: freshnessMessages.renewed });
    const after = await row(id);
    expect(Date.now() - after.updatedAt.getTime()).toBeLessThan(60_000);
    expect(after.renewalRemindedAt).toBeNull();
    expect(after.status).toBe('Unfulfilled');

    for (const used of [renew, fulfil]) {
      const again = await confirm(used);
      expect(again.statusCode).toBe(410);
      expect(again.json().error).toMatchObject({
        code: 'RENEWAL_LINK_USED',
        title: freshnessMessages.usedLink.title,
        message: freshnessMessages.usedLink.message,
      });
      expect((await preview(used)).statusCode).toBe(410);
    }
    expect((await row(id)).status).toBe('Unfulfilled');
  });

  it("'Mark Fulfilled' follows the status change's rules: the open pings close and their senders hear", async () => {
    const admin = await createMember(t);
    const searcher = await createMember(t);
    const id = await postingUpdated(admin, 12);
    const pinged = await t.app.inject({
      method: 'POST',
      url: `/api/postings/${id}/pings`,
      headers: { ...originHeader(t), cookie: searcher.cookie },
      payload: { message: 'Room for one more?' },
    });
    expect(pinged.statusCode).toBe(201);
    // The ping was an interaction, not an update by the admin: the posting is still due.
    await t.app.freshness.run();
    const { fulfil } = await linksTo(admin.email);

    const done = await confirm(fulfil);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ action: 'fulfil', message: freshnessMessages.fulfilled });
    expect((await row(id)).status).toBe('Fulfilled');
    const pings = await t.database.db.select().from(ping).where(eq(ping.postingId, id));
    expect(pings.map((p) => p.status)).toEqual(['closed']);
    const closed = (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, searcher.email)))
      .map((m) => m.kind)
      .filter((kind) => kind === 'ping-closed');
    expect(closed).toHaveLength(1);
    expect((await confirm(fulfil)).statusCode).toBe(410);
  });

  it('refuses a tampered, foreign or malformed token with a clear message and changes nothing', async () => {
    const admin = await createMember(t);
    const id = await postingUpdated(admin, 12);
    await t.app.freshness.run();
    const { renew } = await linksTo(admin.email);
    const [payload, signature] = renew.split('.') as [string, string];
    const decoded = Buffer.from(payload, 'base64url').toString('utf8');
    // The same posting and nonce, the action switched, the old signature kept.
    const switched = `${Buffer.from(decoded.replace('|renew', '|fulfil'), 'utf8').toString('base64url')}.${signature}`;
    const flipped = `${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'AB' : 'AA'}`;
    for (const bad of [switched, flipped, 'not-a-token', `${payload}.`, `${payload}.${signature}.x`]) {
      for (const response of [await preview(bad), await confirm(bad)]) {
        expect(response.statusCode).toBe(400);
        expect(response.json().error).toMatchObject({
          code: 'RENEWAL_LINK_INVALID',
          message: freshnessMessages.invalidLink.message,
        });
      }
    }
    const after = await row(id);
    expect(after.status).toBe('Unfulfilled');
    expect(after.renewalRemindedAt).not.toBeNull();
    // The genuine link still works.
    expect((await confirm(renew)).statusCode).toBe(200);
  });
});

describe('stale postings', () => {
  it('are marked stale once the reminder goes unanswered, left out of default search, shown on request', async () => {
    const admin = await createMember(t);
    const viewer = await createMember(t);
    const id = await postingUpdated(admin, 11);
    await t.app.freshness.run();
    // Two days after the reminder: not yet.
    await t.app.freshness.run(new Date(Date.now() + 2 * DAY));
    expect((await row(id)).staleAt).toBeNull();
    expect((await search(viewer)).items.map((c) => c.id)).toContain(id);

    const later = await t.app.freshness.run(new Date(Date.now() + 3 * DAY + 60_000));
    expect(later.stale).toBeGreaterThanOrEqual(1);
    expect((await row(id)).staleAt).not.toBeNull();
    expect((await search(viewer)).items.map((c) => c.id)).not.toContain(id);
    const shown = (await search(viewer, '&showStale=yes')).items.find((c) => c.id === id);
    expect(shown?.stale).toBe(true);
    const seen = await detail(viewer, id);
    expect(seen.staleAt).not.toBeNull();
  });

  it('are restored by the renewal link, by an edit and by the admin confirming on the detail page', async () => {
    const admin = await createMember(t);
    const viewer = await createMember(t);
    const byLink = await postingUpdated(admin, 11);
    const byEdit = await postingUpdated(admin, 11);
    const byButton = await postingUpdated(admin, 11);
    await t.app.freshness.run();
    await t.app.freshness.run(new Date(Date.now() + 4 * DAY));
    for (const id of [byLink, byEdit, byButton]) expect((await row(id)).staleAt).not.toBeNull();

    const links = (await reminders(admin.email)).map((m) => m.textBody);
    const tokenFor = (id: string) => {
      const text = links.find((body) => {
        const m = /Still looking: \S+\?token=(\S+)/.exec(body);
        return (
          m?.[1] &&
          Buffer.from(decodeURIComponent(m[1]).split('.')[0] ?? '', 'base64url')
            .toString()
            .startsWith(id)
        );
      });
      const m = /Still looking: \S+\?token=(\S+)/.exec(text ?? '');
      return decodeURIComponent(m?.[1] ?? '');
    };
    expect((await confirm(tokenFor(byLink))).statusCode).toBe(200);

    const edited = await sendPosting(t, {
      method: 'PUT',
      url: `/api/postings/${byEdit}`,
      cookie: admin.cookie,
      posting: onCampusPosting({ curNumSeek: 3 }),
    });
    expect(edited.statusCode).toBe(200);

    const notAdmin = await t.app.inject({
      method: 'POST',
      url: `/api/postings/${byButton}/renew`,
      headers: { ...originHeader(t), cookie: viewer.cookie },
    });
    expect(notAdmin.statusCode).toBe(403);
    expect((await row(byButton)).staleAt).not.toBeNull();
    const renewed = await t.app.inject({
      method: 'POST',
      url: `/api/postings/${byButton}/renew`,
      headers: { ...originHeader(t), cookie: admin.cookie },
    });
    expect(renewed.statusCode).toBe(200);

    const found = (await search(viewer)).items.map((c) => c.id);
    for (const id of [byLink, byEdit, byButton]) {
      const fresh = await row(id);
      expect(fresh.staleAt).toBeNull();
      expect(fresh.renewalRemindedAt).toBeNull();
      expect(found).toContain(id);
    }
  });
});
