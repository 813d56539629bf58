/**
 * What the roommate agreement's integration files share (issue 34): a request as a member (or
 * signed out), the agreement as a member reads it, and a group of joined and invited members.
 */
import { expect } from 'vitest';
import { postingMember } from '../../src/server/db/schema';
import type { AgreementView } from '../../src/shared/schemas/agreement-answers';
import type { PostingDetail } from '../../src/shared/schemas/posting-view';
import type { TestApp } from '../support/app';
import { originHeader, type TestMember } from '../support/users';
import { onCampusPosting, sendPosting } from './postings-support';

/** A request from `member`'s browser (or a signed-out one): the site's origin, its session cookie. */
export const callAs = (
  t: TestApp,
  member: TestMember | null,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
) =>
  t.app.inject({
    method,
    url,
    headers: { ...originHeader(t), ...(member ? { cookie: member.cookie } : {}) },
    ...(payload !== undefined ? { payload } : {}),
  });

/** The agreement of the group at `postingId` as `member` reads it (which must be allowed). */
export async function readAgreement(t: TestApp, member: TestMember, postingId: string): Promise<AgreementView> {
  const response = await callAs(t, member, 'GET', `/api/postings/${postingId}/agreement`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AgreementView>();
}

/**
 * A posting of `owner`'s (on campus unless `posting` says otherwise) whose group holds `joined` as
 * joined members and `invited` as invited ones, from position 10 on; its id.
 */
export async function createGroup(
  t: TestApp,
  owner: TestMember,
  joined: TestMember[],
  { invited = [], posting = onCampusPosting() }: { invited?: TestMember[]; posting?: object } = {},
): Promise<string> {
  const created = await sendPosting(t, { cookie: owner.cookie, posting });
  expect(created.statusCode, created.body).toBe(201);
  const postingId = created.json<PostingDetail>().id;
  for (const [i, member] of joined.entries()) await addMember(t, postingId, member, 10 + i, 'joined');
  for (const [i, member] of invited.entries()) await addMember(t, postingId, member, 10 + joined.length + i, 'invited');
  return postingId;
}

/** `member` in the group of `postingId` at `position`: joined (their account linked) or invited. */
export async function addMember(
  t: TestApp,
  postingId: string,
  member: TestMember,
  position: number,
  state: 'joined' | 'invited',
): Promise<void> {
  await t.database.db.insert(postingMember).values({
    postingId,
    position,
    name: member.name,
    academicYear: 'junior',
    gender: 'female',
    email: member.email,
    state,
    ...(state === 'joined' ? { userId: member.id, joinedAt: new Date() } : {}),
  });
}
