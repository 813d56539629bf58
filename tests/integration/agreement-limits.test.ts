/**
 * The roommate agreement's limits (issue 34): every edit is a version kept forever, so one student
 * may make at most STUDENT_LIMITS.agreementEdits.max of them an hour in one group, and one agreement
 * keeps at most AGREEMENT_MAX_VERSIONS. Past either, the edit is refused in words and writes nothing;
 * signing what stands still works.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../src/server/agreement/service';
import { agreementVersion } from '../../src/server/db/schema';
import { type AgreementClause, agreementText } from '../../src/shared/agreement-signatures';
import { AGREEMENT_MAX_VERSIONS, limitMessages, STUDENT_LIMITS } from '../../src/shared/limits';
import type { AgreementView } from '../../src/shared/schemas/agreement-answers';
import { createTestApp, type TestApp } from '../support/app';
import { createMember, type TestMember } from '../support/users';
import { callAs, createGroup as createGroupOf, readAgreement } from './agreement-support';

let t: TestApp;
let admin: TestMember;
let ben: TestMember;

const call = (member: TestMember, method: 'GET' | 'POST', url: string, payload?: object) =>
  callAs(t, member, method, url, payload);
const read = (member: TestMember, postingId: string) => readAgreement(t, member, postingId);
const edit = async (member: TestMember, postingId: string, text: string) => {
  const { textHash } = await read(member, postingId);
  return call(member, 'POST', `/api/postings/${postingId}/agreement/clauses/guests`, { text, textHash });
};
const versionCount = async (postingId: string) =>
  (await t.database.db.select().from(agreementVersion).where(eq(agreementVersion.postingId, postingId))).length;

const createGroup = (owner: TestMember, members: TestMember[]) => createGroupOf(t, owner, members);

/** Stores versions from..to of the agreement as the draft with one clause changed each time. */
async function storeVersions(
  postingId: string,
  from: number,
  to: number,
  by: TestMember | null,
  createdAt: Date,
): Promise<void> {
  const draft = (await read(admin, postingId)).clauses.map(
    ({ key, title, status, text }): AgreementClause => ({ key, title, status, text }),
  );
  const rows = [];
  for (let version = from; version <= to; version++) {
    const clauses = draft.map((c) => (c.key === 'guests' ? { ...c, text: `Guests, take ${version}.` } : c));
    rows.push({
      postingId,
      version,
      clauses,
      textHash: sha256(agreementText(version, clauses)),
      editedByUserId: by?.id ?? null,
      editedByName: by?.name ?? null,
      changedClause: version === 1 ? null : 'guests',
      createdAt,
    });
  }
  await t.database.db.insert(agreementVersion).values(rows);
}

beforeAll(async () => {
  t = await createTestApp({}, undefined, { backgroundJobs: false });
  [admin, ben] = await Promise.all([createMember(t, { name: 'Ana Ruiz' }), createMember(t, { name: 'Ben Cho' })]);
});
afterAll(async () => {
  await t?.close();
});

describe('the roommate agreement’s limits', () => {
  it('one student’s edits in one group an hour are limited; the others’, and theirs elsewhere, are not', async () => {
    const postingId = await createGroup(admin, [ben]);
    const max = STUDENT_LIMITS.agreementEdits.max;
    // Ben has made the hour's edits already (stored as the edits make them).
    await storeVersions(postingId, 1, 1, null, new Date(Date.now() - 3 * 60 * 60_000));
    await storeVersions(postingId, 2, max + 1, ben, new Date(Date.now() - 30 * 60_000));

    const refused = await edit(ben, postingId, 'Guests on weekends only.');
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json().error).toMatchObject({
      code: 'AGREEMENT_RATE_LIMITED',
      title: STUDENT_LIMITS.agreementEdits.title,
      message: `You can change this agreement at most ${max} times an hour. Your change was not saved; please try again later.`,
    });
    expect(await versionCount(postingId)).toBe(max + 1);

    // Another party of the group edits as usual.
    const byAdmin = await edit(admin, postingId, 'Guests on weekends, announced the day before.');
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.json<AgreementView>().version).toBe(max + 2);

    // Ben's own group is another agreement, with its own count.
    const bensOwn = await createGroup(ben, []);
    const elsewhere = await edit(ben, bensOwn, 'Guests any day.');
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);

    // An hour later his edits no longer count.
    await t.database.db.execute(
      sql`UPDATE agreement_version SET created_at = now() - interval '61 minutes'
        WHERE posting_id = ${postingId}::uuid AND edited_by_user_id = ${ben.id}`,
    );
    const later = await edit(ben, postingId, 'Guests on weekends only.');
    expect(later.statusCode, later.body).toBe(200);
  });

  it(`an agreement keeps at most ${AGREEMENT_MAX_VERSIONS} versions; then an edit is refused and signing still works`, async () => {
    const postingId = await createGroup(admin, [ben]);
    await storeVersions(postingId, 1, AGREEMENT_MAX_VERSIONS, null, new Date(Date.now() - 3 * 24 * 60 * 60_000));

    const refused = await edit(ben, postingId, 'Guests on weekends only.');
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'AGREEMENT_VERSIONS_FULL',
      title: limitMessages.agreementVersions.title,
      message: limitMessages.agreementVersions.message(AGREEMENT_MAX_VERSIONS),
    });
    expect(await versionCount(postingId)).toBe(AGREEMENT_MAX_VERSIONS);

    for (const member of [admin, ben]) {
      const { textHash } = await read(member, postingId);
      const signed = await call(member, 'POST', `/api/postings/${postingId}/agreement/signatures`, {
        name: member.name,
        confirm: true,
        textHash,
      });
      expect(signed.statusCode, signed.body).toBe(200);
    }
    expect((await read(ben, postingId)).signedByAllAt).not.toBeNull();
  });
});
