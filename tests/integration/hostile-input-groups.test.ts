/**
 * Hostile input to the group routes (issue 23): sharing, invitations, joins, member management,
 * roles, leaving and hand-over, with the rules of hostile-input.test.ts.
 *
 * FUZZ_RUNS payloads per route (200 by default; `npm run test:hostile` sends 10,000 unless told).
 */
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { postingMember } from '../../src/server/db/schema';
import { hashToken } from '../../src/server/groups/invitations';
import { insertPosting } from '../support/browse-fixtures';
import { encodePathSegment, FUZZ_RUNS, hostileString, idSegment } from '../support/hostile';
import { createMember, type TestMember } from '../support/users';
import { admin, fuzz, json, jsonBody, other, setUpHostileApp, TIMEOUT, t } from './hostile-setup';

setUpHostileApp();

describe(`hostile input to groups (issue 23): ${FUZZ_RUNS} generated payloads per route`, () => {
  let groupId: string;
  let invitee: TestMember;
  let joiner: TestMember;
  let invitedRow: string;
  let joinedRow: string;
  let typedRow: string;
  let token: string;

  beforeAll(async () => {
    invitee = await createMember(t);
    joiner = await createMember(t);
    groupId = await insertPosting(t.database.db, admin.id, { curGroupSize: 4, curNumSeek: 2 });
    token = randomBytes(32).toString('base64url');
    const base = { postingId: groupId, academicYear: 'junior', gender: 'female' } as const;
    const rows = await t.database.db
      .insert(postingMember)
      .values([
        {
          ...base,
          position: 1,
          name: 'Invitee',
          email: invitee.email,
          state: 'invited',
          invitedAt: new Date(),
          invitationExpiresAt: new Date(Date.now() + 86_400_000),
          invitationTokenHash: hashToken(token),
        },
        {
          ...base,
          position: 2,
          name: 'Joiner',
          email: joiner.email,
          userId: joiner.id,
          state: 'joined',
          joinedAt: new Date(),
        },
        { ...base, position: 3, name: 'Typed', email: `typed.${Date.now()}@bc.edu` },
      ])
      .returning({ id: postingMember.id });
    [invitedRow, joinedRow, typedRow] = rows.map((row) => row.id) as [string, string, string];
  }, 120_000);

  it(
    'PUT /api/me/sharing',
    async () => {
      const valid = {
        academicYear: 'senior',
        gender: 'other',
        customGender: 'Nonbinary',
        phoneNumber: '617-555-0100',
        instagramHandle: '@me.here',
        share: { academicYear: true, gender: true, email: false, phoneNumber: true, instagramHandle: false },
      };
      const statuses = await fuzz(jsonBody(Object.keys(valid), valid), json(other, 'PUT', '/api/me/sharing'));
      expect(statuses.get(400)).toBeGreaterThan(0);
    },
    TIMEOUT,
  );

  it(
    'GET /api/invitations/by-token/:token',
    async () => {
      await fuzz(
        fc.oneof(fc.constant(token), hostileString.filter((s) => s.length < 500).map(encodePathSegment)),
        (value) =>
          t.app.inject({
            method: 'GET',
            url: `/api/invitations/by-token/${value === token ? token : value}`,
            headers: { cookie: invitee.cookie },
          }),
        { readOnly: true },
      );
    },
    TIMEOUT,
  );

  it(
    'POST /api/invitations/:id/join and /decline',
    async () => {
      await fuzz(
        fc.tuple(
          fc.constantFrom('join', 'decline'),
          idSegment([invitedRow, joinedRow]),
          jsonBody(['token'], { token: 'not-the-token' }),
        ),
        ([action, id, body]) => json(invitee, 'POST', `/api/invitations/${id}/${action}`)(body),
      );
    },
    TIMEOUT,
  );

  it(
    'POST /api/postings/:id/members/:memberId/invite and /withdraw, DELETE .../:memberId',
    async () => {
      await fuzz(
        fc.tuple(
          fc.constantFrom('invite', 'withdraw', 'remove'),
          idSegment([groupId]),
          idSegment([typedRow, invitedRow]),
          jsonBody(['memberId']),
        ),
        ([action, id, memberId, body]) =>
          action === 'remove'
            ? json(admin, 'DELETE', `/api/postings/${id}/members/${memberId}`)(body)
            : json(admin, 'POST', `/api/postings/${id}/members/${memberId}/${action}`)(body),
      );
    },
    TIMEOUT,
  );

  it(
    'PUT /api/postings/:id/members/:memberId/role',
    async () => {
      await fuzz(
        fc.tuple(idSegment([groupId]), idSegment([joinedRow, typedRow]), jsonBody(['role'], { role: 'coadmin' })),
        ([id, memberId, body]) => json(admin, 'PUT', `/api/postings/${id}/members/${memberId}/role`)(body),
      );
    },
    TIMEOUT,
  );

  it(
    'POST /api/postings/:id/leave and /hand-over',
    async () => {
      await fuzz(fc.tuple(idSegment([groupId]), jsonBody(['memberId'])), ([id, body]) =>
        json(joiner, 'POST', `/api/postings/${id}/leave`)(body),
      );
      await fuzz(fc.tuple(idSegment([groupId]), jsonBody(['memberId'], { memberId: typedRow })), ([id, body]) =>
        json(admin, 'POST', `/api/postings/${id}/hand-over`)(body),
      );
    },
    TIMEOUT * 2,
  );
  it(
    'GET /api/postings/:id/agreement and .../agreement.pdf, POST .../agreement/clauses/:clause and .../agreement/signatures (issue 34)',
    async () => {
      // The joiner may have left above; the admin is a party for good.
      const opened = await t.app.inject({
        method: 'GET',
        url: `/api/postings/${groupId}/agreement`,
        headers: { cookie: admin.cookie },
      });
      expect(opened.statusCode, opened.body).toBe(200);
      const { textHash } = opened.json<{ textHash: string }>();
      await fuzz(
        idSegment([groupId]),
        (id) =>
          t.app.inject({ method: 'GET', url: `/api/postings/${id}/agreement`, headers: { cookie: admin.cookie } }),
        { readOnly: true },
      );
      await fuzz(
        idSegment([groupId]),
        (id) =>
          t.app.inject({ method: 'GET', url: `/api/postings/${id}/agreement.pdf`, headers: { cookie: admin.cookie } }),
        { readOnly: true },
      );
      await fuzz(
        fc.tuple(
          idSegment([groupId]),
          fc.oneof(
            fc.constantFrom('guests', 'quiet-hours'),
            hostileString.filter((s) => s.length < 200).map(encodePathSegment),
          ),
          jsonBody(['text', 'textHash'], { text: 'Guests are announced a day ahead.', textHash }),
        ),
        ([id, clause, body]) => json(admin, 'POST', `/api/postings/${id}/agreement/clauses/${clause}`)(body),
      );
      await fuzz(
        fc.tuple(
          idSegment([groupId]),
          jsonBody(['name', 'confirm', 'textHash'], { name: admin.name, confirm: true, textHash }),
        ),
        ([id, body]) => json(admin, 'POST', `/api/postings/${id}/agreement/signatures`)(body),
      );
    },
    TIMEOUT * 4,
  );
});
