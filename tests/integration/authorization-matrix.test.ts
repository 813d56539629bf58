/**
 * The authorization matrix (issue 12, item 1): every API route, called as every kind of caller,
 * answers exactly the status and error code in its row, and a refused call changes nothing (every
 * table but the rate limiter's, and the stored files, are compared before and after).
 *
 * The route list comes from the running app (buildApp's `onRoute` option): a route added without
 * a row here fails the first test.
 *
 * The rows are enumerated from the shared vocabulary of who may do what (src/shared/authorization.ts,
 * decision 0043): each row names the actions it exercises, every action of the vocabulary must be
 * exercised by at least one row (a new action without one fails), and a route's guard, read from
 * the registered route, must be among its rows' actions. What each caller gets stays written here,
 * cell by cell, never derived from `can`: the code under test does not grade itself.
 *
 * Callers:
 * - anonymous: no cookie.
 * - unverified: signed up and signed in, e-mail not verified.
 * - termsNotAccepted: verified, has not accepted the Terms & Conditions in force.
 * - otherStudent: a member who does not own the resource (and sent the ping that the owner answers).
 * - owner: the posting's admin, the ping's recipient, or the account itself.
 * - nonCollege: an address outside the college's domain. Such an account cannot exist: sign-up
 *   answers 400 EMAIL_DOMAIN_NOT_ALLOWED and writes no row, sign-in finds nobody (asserted each
 *   time the caller is made), so this caller holds whatever cookie those answers gave: none.
 * - expiredSession: a member whose session's expiry has passed, still sending its cookie.
 * - moderator (an eighth caller, only in the rows that name it: reports and /api/moderation/*): a
 *   member whose e-mail the college config lists as a moderator's. Every other caller is refused
 *   there; moderation.test.ts covers what each moderator action does.
 * - group callers (issue 23, only in the rows that name them: a group's routes and the posting
 *   routes a group changes): in a group of the owner's made for the call, `coadmin` and `member`
 *   joined it (as a co-admin, as a member), and `invited` holds a pending invitation to it. The
 *   owner is the group's admin; otherStudent is nobody in it. groups.test.ts covers what each does.
 *
 * Links mailed to students (renewals, unsubscribe) carry a signed token, which is their only
 * authority: every caller holding a genuine link gets the same answer, and nobody a forged one.
 *
 * better-auth's own routes are one Fastify route (`GET|POST /api/auth/*`); their rows are a few
 * representative calls: reading the session, signing out, signing up from outside the college,
 * and trying to grant oneself verification or terms, or to change one's e-mail.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Guard } from '../../src/server/auth/guard';
import { unreadEmailUnsubscribeToken } from '../../src/server/conversations/unread-mail';
import { queryRows } from '../../src/server/db/client';
import {
  account,
  agreementSignature,
  agreementVersion,
  bookmark,
  contactMessage,
  conversation,
  conversationMessage,
  conversationParticipant,
  conversationSetting,
  lifestyleAnswer,
  liveEvent,
  mailOutbox,
  memberSharing,
  messageReport,
  moderationAction,
  ping,
  posting,
  postingFulfilment,
  postingImage,
  postingMember,
  postingReport,
  savedSearch,
  savedSearchAlertSent,
  savedSearchDigest,
  savedSearchDigestItem,
  savedSearchEvent,
  session,
  studentBlock,
  studentUsage,
  user,
  verification,
} from '../../src/server/db/schema';
import { hashToken } from '../../src/server/groups/invitations';
import { createRenewalToken } from '../../src/server/postings/renewal-token';
import { unsubscribeToken } from '../../src/server/saved-searches/token';
import { ACTIONS, type Action } from '../../src/shared/authorization';
import { createTestApp, type TestApp } from '../support/app';
import { insertPosting } from '../support/browse-fixtures';
import { collegeConfigWith } from '../support/college-config';
import { cookieFrom, createMember, createUser, originHeader } from '../support/users';
import { jpegFile, multipart, onCampusPosting, sendPosting, storedFiles } from './postings-support';

const CALLERS = [
  'anonymous',
  'unverified',
  'termsNotAccepted',
  'otherStudent',
  'owner',
  'nonCollege',
  'expiredSession',
] as const;
type CallerKind = (typeof CALLERS)[number];
/** A group's people besides its admin (the owner): asked only in the rows that give them outcomes. */
const GROUP_CALLERS = ['coadmin', 'member', 'invited'] as const;
type GroupCallerKind = (typeof GROUP_CALLERS)[number];
/** The eighth caller, and the group callers, asked only in the rows that give them an outcome. */
type AnyCallerKind = CallerKind | 'moderator' | GroupCallerKind;

interface Caller {
  kind: AnyCallerKind;
  /** The account's id; null when there is none. */
  id: string | null;
  /** The account's e-mail; null when there is none. */
  email: string | null;
  cookie: string;
}

/** What a cell expects: a status, and for a refusal the error code. */
interface Outcome {
  status: number;
  code?: string;
}

interface Call {
  url: string;
  payload?: string | Buffer | object;
  contentType?: string;
}

interface Row {
  /** `METHOD /path` exactly as the route is registered. */
  route: string;
  /**
   * The vocabulary's actions the call exercises: its route's guard and the decisions its answer
   * carries. Empty for a route that asks no sign-in (public, a mailed link's token, better-auth's).
   */
  actions: readonly Action[];
  /** Several rows for one route (better-auth's): what this one does. */
  name?: string;
  /** Each caller is a new account of its kind, because the call changes or ends the caller. */
  fresh?: boolean;
  call(caller: Caller): Promise<Call>;
  expect: Record<CallerKind, Outcome>;
  /** What a moderator gets; the moderator is asked only when this is given. */
  moderator?: Outcome;
  /** What each of a group's people gets (the call makes the group with groupOfOwner). */
  group?: Record<GroupCallerKind, Outcome>;
  /** More about an allowed answer. */
  check?(response: LightMyRequestResponse, caller: Caller): void | Promise<void>;
}

const ok = (status = 200): Outcome => ({ status });
const refused = (status: number, code: string): Outcome => ({ status, code });
const UNAUTHORIZED = refused(401, 'UNAUTHORIZED');

/** A member's action (guard): signed in, verified, terms accepted; then what the member and the owner get. */
const membersOnly = (other: Outcome, owner: Outcome = other): Record<CallerKind, Outcome> => ({
  anonymous: UNAUTHORIZED,
  unverified: refused(403, 'EMAIL_NOT_VERIFIED'),
  termsNotAccepted: refused(403, 'TERMS_NOT_ACCEPTED'),
  otherStudent: other,
  owner,
  nonCollege: UNAUTHORIZED,
  expiredSession: UNAUTHORIZED,
});

/** One's own account (guard('account.own')): any live session. */
const signedIn = (outcome: Outcome): Record<CallerKind, Outcome> => ({
  anonymous: UNAUTHORIZED,
  unverified: outcome,
  termsNotAccepted: outcome,
  otherStudent: outcome,
  owner: outcome,
  nonCollege: UNAUTHORIZED,
  expiredSession: UNAUTHORIZED,
});

const everyone = (outcome: Outcome): Record<CallerKind, Outcome> =>
  Object.fromEntries(CALLERS.map((kind) => [kind, outcome])) as Record<CallerKind, Outcome>;

/** Moderators are named in the college config: enough addresses for every moderator caller made here. */
const MODERATOR_EMAILS = Array.from({ length: 8 }, (_, i) => `moderator${i}.${Date.now()}@bc.edu`);
let moderatorsMade = 0;

let t: TestApp;
const registered: string[] = [];
/** The action each registered route's guard names (a form route names it on its handler). */
const guarded = new Map<string, Action>();
let owner: Caller;
let other: Caller;
const shared = new Map<AnyCallerKind, Caller>();
let imageUrl: string;
let addressCounter = 0;

/** Each sign-up and sign-in from an address of its own, so the auth rate limits stay out of the way. */
const nextAddress = () => {
  addressCounter += 1;
  return `10.250.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
};

const authPost = (url: string, payload: object, cookie = '') =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...originHeader(t), 'x-forwarded-for': nextAddress(), ...(cookie ? { cookie } : {}) },
    payload,
  });

async function makeCaller(kind: AnyCallerKind): Promise<Caller> {
  switch (kind) {
    case 'anonymous':
      return { kind, id: null, email: null, cookie: '' };
    case 'unverified': {
      // No unverified account can sign in any more (decision 0020): this caller is a session
      // opened before that rule, on an account not yet removed by the expiry job.
      const created = await createUser(t, { verified: true, acceptedTerms: true });
      await t.database.db.update(user).set({ emailVerified: false }).where(eq(user.id, created.id));
      return { kind, id: created.id, email: created.email, cookie: created.cookie };
    }
    case 'termsNotAccepted': {
      const created = await createUser(t, { verified: true, acceptedTerms: false });
      return { kind, id: created.id, email: created.email, cookie: created.cookie };
    }
    case 'otherStudent':
    case 'coadmin':
    case 'member':
    case 'invited':
    case 'owner': {
      const created = await createMember(t);
      return { kind, id: created.id, email: created.email, cookie: created.cookie };
    }
    case 'moderator': {
      const email = MODERATOR_EMAILS[moderatorsMade];
      moderatorsMade += 1;
      if (!email) throw new Error('more moderator callers than MODERATOR_EMAILS');
      const created = await createMember(t, { email, name: 'Morgan Moderator' });
      return { kind, id: created.id, email: created.email, cookie: created.cookie };
    }
    case 'nonCollege': {
      const email = `outsider.${addressCounter}@evil.example`;
      const signUp = await authPost('/api/auth/sign-up/email', {
        email,
        name: 'Outsider',
        password: 'correct-horse-battery',
      });
      expect(signUp.statusCode, signUp.body).toBe(400);
      expect(signUp.json().code).toBe('EMAIL_DOMAIN_NOT_ALLOWED');
      const signIn = await authPost('/api/auth/sign-in/email', { email, password: 'correct-horse-battery' });
      expect(signIn.statusCode, signIn.body).toBe(401);
      expect(signIn.json().code).toBe('INVALID_EMAIL_OR_PASSWORD');
      expect(await t.database.db.select().from(user).where(eq(user.email, email))).toEqual([]);
      return {
        kind,
        id: null,
        email: null,
        cookie: cookieFrom(
          [signUp.headers['set-cookie'], signIn.headers['set-cookie']].flat().filter((c) => c !== undefined),
        ),
      };
    }
    case 'expiredSession': {
      const created = await createMember(t);
      await t.database.db
        .update(session)
        .set({ expiresAt: new Date(Date.now() - 60_000) })
        .where(eq(session.userId, created.id));
      return { kind, id: created.id, email: created.email, cookie: created.cookie };
    }
  }
}

/** A fresh posting of the owner's. */
const ownersPosting = () => insertPosting(t.database.db, owner.id as string);

/** A pending ping from the other student to a fresh posting of the owner's. */
async function pingToOwner(): Promise<string> {
  const postingId = await ownersPosting();
  const [row] = await t.database.db
    .insert(ping)
    .values({
      postingId,
      searcherUserId: other.id as string,
      senderName: 'Other Student',
      searcherEmail: 'other@bc.edu',
      message: 'Hello',
      adminUserId: owner.id as string,
    })
    .returning({ id: ping.id });
  return row?.id as string;
}

/** A valid posting form (multipart) sent to `url`. */
async function postingForm(url: string): Promise<Call> {
  const body = await multipart({ posting: onCampusPosting() });
  return { url, payload: body.payload, contentType: body.contentType };
}

/** A valid posting form as a browser posts it without scripts (its fields by name, no image chosen). */
async function postingFormFields(url: string): Promise<Call> {
  const body = await multipart({
    listingLocation: 'oncampus',
    dorm: 'Walsh',
    adminAcademicYear: 'junior',
    adminGender: 'female',
    adminPhone: '617-555-0101',
    curNumSeek: '2',
  });
  return { url, payload: body.payload, contentType: body.contentType };
}

/** A posting of the owner's that a moderator has hidden: only its admin and moderators may see it. */
async function hiddenPosting(): Promise<string> {
  const id = await ownersPosting();
  await t.database.db
    .update(posting)
    .set({ hiddenAt: new Date(), hiddenKind: 'moderator', hiddenReason: 'Photos of another building.' })
    .where(eq(posting.id, id));
  return id;
}

/** A posting of a student made for the call (a moderator's suspension ends its admin, not the owner). */
async function strangersPosting(): Promise<string> {
  const stranger = await createMember(t);
  return insertPosting(t.database.db, stranger.id);
}

/**
 * A fresh posting of the owner's with its group: the co-admin and the member joined, the invited
 * caller holds a live invitation (its link's token given back), and a typed row has a college
 * address nobody was sent yet.
 */
async function groupOfOwner(): Promise<{
  postingId: string;
  coadminId: string;
  memberId: string;
  invitedId: string;
  typedId: string;
  token: string;
}> {
  const postingId = await ownersPosting();
  const token = randomBytes(32).toString('base64url');
  const person = (kind: GroupCallerKind) => shared.get(kind) as Caller;
  addressCounter += 1;
  const base = { postingId, academicYear: 'junior', gender: 'female' } as const;
  const rows = await t.database.db
    .insert(postingMember)
    .values([
      {
        ...base,
        position: 1,
        name: 'Co Admin',
        email: person('coadmin').email,
        userId: person('coadmin').id,
        state: 'joined',
        role: 'coadmin',
        joinedAt: new Date(),
      },
      {
        ...base,
        position: 2,
        name: 'Plain Member',
        email: person('member').email,
        userId: person('member').id,
        state: 'joined',
        joinedAt: new Date(),
      },
      {
        ...base,
        position: 3,
        name: 'Invited Student',
        email: person('invited').email,
        state: 'invited',
        invitedAt: new Date(),
        invitationExpiresAt: new Date(Date.now() + 86_400_000),
        lastSentAt: new Date(Date.now() - 3_600_000),
        invitationTokenHash: hashToken(token),
      },
      { ...base, position: 4, name: 'Typed Only', email: `typed.${addressCounter}.${Date.now()}@bc.edu` },
    ])
    .returning({ id: postingMember.id });
  await t.database.db
    .update(posting)
    .set({ curGroupSize: 5, curNumSeek: 2, aimInteger: 7 })
    .where(eq(posting.id, postingId));
  const [coadminId, memberId, invitedId, typedId] = rows.map((row) => row.id) as [string, string, string, string];
  return { postingId, coadminId, memberId, invitedId, typedId, token };
}

/** Every group caller gets the same outcome. */
/** An exact pin (issue 33), with digits no area centre has: its text must never reach an excluded caller. */
const EXACT_PIN = { latitude: 42.3366123, longitude: -71.1498321 };

/** groupOfOwner's posting, moved off campus with a pin the admin did not choose to show exactly. */
async function pinnedGroupOfOwner(): Promise<string> {
  const { postingId } = await groupOfOwner();
  await t.database.db
    .update(posting)
    .set({
      listingLocation: 'offcampus',
      dorm: null,
      address: '1 Pin Street, Brighton, MA',
      pinLatitude: EXACT_PIN.latitude,
      pinLongitude: EXACT_PIN.longitude,
      pinExact: false,
      pinAreaLatitude: 42.3371,
      pinAreaLongitude: -71.1489,
    })
    .where(eq(posting.id, postingId));
  return postingId;
}

/** The exact pin's digits are nowhere in the answer. */
function expectNoExactPin(response: LightMyRequestResponse, cell: string): void {
  expect(response.body, cell).not.toContain(String(EXACT_PIN.latitude));
  expect(response.body, cell).not.toContain(String(EXACT_PIN.longitude));
}

const allGroup = (outcome: Outcome): Record<GroupCallerKind, Outcome> => ({
  coadmin: outcome,
  member: outcome,
  invited: outcome,
});
const ONLY_ADMIN = refused(403, 'NOT_GROUP_ADMIN');
/** The roommate agreement (issue 34) is the admin's and joined members' only: to anyone else it does not exist. */
const NOT_A_PARTY = refused(404, 'NOT_FOUND');

/** A group of the owner's (groupOfOwner) and its agreement's text hash, read as the owner. */
async function agreementOfOwner(): Promise<{ postingId: string; textHash: string }> {
  const { postingId } = await groupOfOwner();
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/postings/${postingId}/agreement`,
    headers: { cookie: owner.cookie },
  });
  return { postingId, textHash: response.json().textHash };
}
const sharingBody = {
  academicYear: 'junior',
  gender: null,
  customGender: null,
  phoneNumber: null,
  instagramHandle: 'me.here',
  share: { academicYear: true, gender: false, email: false, phoneNumber: false, instagramHandle: true },
};

/** A 'Still looking?' link of a fresh posting of the owner's, as the reminder e-mails it. */
async function renewalLink(
  secret = t.config.authSecret,
  issuedAt = new Date(),
): Promise<{ postingId: string; token: string }> {
  const postingId = await ownersPosting();
  const nonce = randomUUID();
  await t.database.db
    .update(posting)
    .set({ renewalRemindedAt: new Date(), renewalNonce: nonce })
    .where(eq(posting.id, postingId));
  return { postingId, token: createRenewalToken(secret, { postingId, nonce, action: 'renew' }, issuedAt) };
}

/** A saved search of the owner's with its alert on (written directly: the per-student limit is not tested here). */
async function ownersSearch(): Promise<string> {
  const [row] = await t.database.db
    .insert(savedSearch)
    .values({
      userId: owner.id as string,
      name: 'Walsh doubles',
      alert: 'immediately',
      filters: { location: 'oncampus' },
      location: 'oncampus',
    })
    .returning({ id: savedSearch.id });
  return row?.id as string;
}

/** The unsubscribe link of a fresh saved search of the owner's, as its alert e-mails carry it. */
async function unsubscribeLink(secret = t.config.authSecret, issuedAt = new Date()): Promise<string> {
  const id = await ownersSearch();
  return `/api/saved-searches/unsubscribe?id=${id}&token=${unsubscribeToken(secret, id, owner.id as string, issuedAt)}`;
}

/** Links are dated (issue 22): a renewal link works for the stale period, an unsubscribe link a year. */
const longAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60_000);

/** The image of a posting of the owner's that a moderator then hid. */
async function hiddenPostingImage(): Promise<string> {
  const created = await sendPosting(t, { cookie: owner.cookie, posting: onCampusPosting(), files: [await jpegFile()] });
  expect(created.statusCode, created.body).toBe(201);
  await t.database.db
    .update(posting)
    .set({ hiddenAt: new Date(), hiddenKind: 'moderator', hiddenReason: 'Photos of another building.' })
    .where(eq(posting.id, created.json().id));
  return created.json().images[0].cardUrl;
}

const FORGED_SECRET = 'another-secret-that-is-long-enough-0123456789';
const NOT_MODERATOR = refused(403, 'NOT_MODERATOR');

// ---- Conversations (issue 19): rows of the conversations' routes, kept in this one block. ----
// The conversation is the other student's ping to a group of the owner's: otherStudent is its
// sender, the owner its admin, the co-admin and the member joined the group; the invited student
// (not joined), a moderator and everyone else take no part in it and hear 404.

/** A conversation of the owner's group with its first message from the other student (written directly). */
async function conversationOfOwner(status: 'pending' | 'accepted' = 'accepted') {
  const { postingId } = await groupOfOwner();
  const [pinged] = await t.database.db
    .insert(ping)
    .values({
      postingId,
      searcherUserId: other.id as string,
      senderName: 'Other Student',
      searcherEmail: other.email as string,
      message: 'Hello',
      adminUserId: owner.id as string,
      status,
    })
    .returning({ id: ping.id });
  const [opened] = await t.database.db
    .insert(conversation)
    .values({ pingId: pinged?.id as string, postingId })
    .returning({ id: conversation.id });
  const [first] = await t.database.db
    .insert(conversationMessage)
    .values({ conversationId: opened?.id as string, senderUserId: other.id as string, body: 'Hello' })
    .returning({ seq: conversationMessage.seq });
  return { id: opened?.id as string, seq: first?.seq as number };
}

/** An open report of a message, for the moderators' rows. */
async function messageReportOfOwner(): Promise<string> {
  const { seq } = await conversationOfOwner();
  const [row] = await t.database.db
    .insert(messageReport)
    .values({ messageSeq: seq, reporterUserId: owner.id as string, reason: 'scam' })
    .returning({ id: messageReport.id });
  return row?.id as string;
}

const NOT_IN_CONVERSATION = refused(404, 'CONVERSATION_NOT_FOUND');
/** A participant's route: the sender, the admin, the co-admin and the member; nobody else. */
const participantsOnly = (outcome: Outcome = ok()) => ({
  expect: membersOnly(outcome, outcome),
  group: { coadmin: outcome, member: outcome, invited: NOT_IN_CONVERSATION },
  moderator: NOT_IN_CONVERSATION,
});

/**
 * The pages' plain forms (issue 31) answer a browser with a redirect, never 401/403: a refusal is
 * 303 back (or to the sign-in page) with the refusal's notice code in the address, and, as every
 * refusal here, changes nothing.
 */
const formRefused = (code: string): Outcome => ({ status: 303, code });
const FORM_POSTED = ok(303);
const formMembersOnly = (unsigned: string, other: Outcome, owner: Outcome = other): Record<CallerKind, Outcome> => ({
  anonymous: formRefused(unsigned),
  unverified: formRefused('EMAIL_NOT_VERIFIED'),
  termsNotAccepted: formRefused('TERMS_NOT_ACCEPTED'),
  otherStudent: other,
  owner,
  nonCollege: formRefused(unsigned),
  expiredSession: formRefused(unsigned),
});
/** A form's fields as a browser sends them. */
const formCall = (url: string, fields: Record<string, string>): Call => ({
  url,
  payload: new URLSearchParams(fields).toString(),
  contentType: 'application/x-www-form-urlencoded',
});
/** The notice a form's 303 carries ('' for none). */
const noticeOf = (response: LightMyRequestResponse) =>
  new URL(String(response.headers.location), 'http://page').searchParams.get('notice') ?? '';

const formRows: Row[] = [
  {
    route: 'GET /api/forms/sign-in/provider',
    actions: [],
    // No OpenID provider in this app: the sign-in page says so, to everyone alike.
    call: async () => ({ url: '/api/forms/sign-in/provider?returnTo=%2Fpostings' }),
    expect: everyone(FORM_POSTED),
    check(response) {
      expect(String(response.headers.location)).toMatch(/^\/signin-wall\?error=/);
    },
  },
  {
    route: 'POST /api/forms/page-warnings',
    actions: [],
    // Anyone may answer a warning drawn over a page: the answer is a cookie of their own browser.
    call: async () => formCall('/api/forms/page-warnings', { warning: 'mobile', returnTo: '/about' }),
    expect: everyone(FORM_POSTED),
    check(response) {
      expect(String(response.headers.location)).toBe('/about');
      expect(String(response.headers['set-cookie'])).toContain('quadmates-mobile-warning-seen=1; Path=/');
    },
  },
  {
    route: 'POST /api/forms/sign-in',
    actions: [],
    call: async () => formCall('/api/forms/sign-in', { email: 'nobody.here@bc.edu', password: 'wrong-password-1' }),
    expect: everyone(FORM_POSTED),
    check(response) {
      expect(String(response.headers.location)).toBe('/signin-wall?error=INVALID_EMAIL_OR_PASSWORD');
      expect(String(response.headers['set-cookie'] ?? '')).not.toMatch(/session_token=[^;]/);
    },
  },
  {
    route: 'POST /api/forms/postings/:id/bookmark',
    actions: ['posting.bookmark'],
    call: async () => formCall(`/api/forms/postings/${await ownersPosting()}/bookmark`, { bookmarked: 'true' }),
    expect: formMembersOnly('BOOKMARK_UNSIGNED', FORM_POSTED, formRefused('OWN_POSTING')),
    async check(response, caller) {
      expect(noticeOf(response)).toBe('');
      const postingId = new URL(String(response.headers.location), 'http://page').searchParams.get('id') as string;
      expect(
        await t.database.db
          .select()
          .from(bookmark)
          .where(and(eq(bookmark.userId, caller.id as string), eq(bookmark.postingId, postingId))),
      ).toHaveLength(1);
    },
  },
  {
    route: 'POST /api/forms/postings/:id/pings',
    actions: ['posting.ping'],
    async call(caller) {
      // The rows before have made the other student's pings of the hour (written as sent now):
      // moved an hour back, they leave the per-student limit (pings.test.ts) out of this row.
      if (caller.id) {
        await t.database.db
          .update(ping)
          .set({ createdAt: new Date(Date.now() - 2 * 3_600_000) })
          .where(eq(ping.searcherUserId, caller.id));
      }
      return formCall(`/api/forms/postings/${await ownersPosting()}/pings`, { message: 'Hi!' });
    },
    expect: formMembersOnly('PING_UNSIGNED', FORM_POSTED, formRefused('PING_OWN_POST')),
    check(response) {
      expect(noticeOf(response)).toBe('PING_SENT');
    },
  },
  {
    route: 'POST /api/forms/pings/:id',
    actions: ['ping.answer'],
    call: async () => formCall(`/api/forms/pings/${await pingToOwner()}`, { status: 'accepted' }),
    // The other student sent this ping: the sender may not answer it.
    expect: formMembersOnly('SIGN_IN_FIRST', formRefused('NOT_POSTING_ADMIN'), FORM_POSTED),
    check(response) {
      expect(noticeOf(response)).toBe('PING_ANSWERED');
    },
  },
  {
    route: 'POST /api/forms/conversations/:id/messages',
    actions: ['conversation.send'],
    call: async () => formCall(`/api/forms/conversations/${(await conversationOfOwner()).id}/messages`, { body: 'Hi' }),
    expect: formMembersOnly('SIGN_IN_FIRST', FORM_POSTED),
    group: { coadmin: FORM_POSTED, member: FORM_POSTED, invited: formRefused('CONVERSATION_NOT_FOUND') },
    moderator: formRefused('CONVERSATION_NOT_FOUND'),
    check(response) {
      expect(noticeOf(response)).toBe('');
    },
  },
  {
    route: 'POST /api/forms/postings/:id/reports',
    actions: ['posting.report'],
    // A fresh posting each time: a student reports a posting once.
    call: async () => formCall(`/api/forms/postings/${await ownersPosting()}/reports`, { reason: 'scam' }),
    expect: formMembersOnly('SIGN_IN_FIRST', FORM_POSTED, formRefused('REPORT_OWN_POSTING')),
    moderator: FORM_POSTED,
    check(response) {
      expect(noticeOf(response)).toBe('REPORT_SENT');
    },
  },
  {
    route: 'POST /api/forms/postings/:id/reports',
    actions: ['posting.report'],
    name: 'a posting hidden by a moderator',
    call: async () => formCall(`/api/forms/postings/${await hiddenPosting()}/reports`, { reason: 'scam' }),
    // Hidden: not there for other students, as the API's row; still the admin's own.
    expect: formMembersOnly('SIGN_IN_FIRST', formRefused('POSTING_GONE'), formRefused('REPORT_OWN_POSTING')),
    moderator: FORM_POSTED,
    check(response) {
      expect(noticeOf(response)).toBe('REPORT_SENT');
    },
  },
  {
    route: 'POST /api/forms/postings/:id/status',
    actions: ['posting.changeStatus'],
    call: async () =>
      formCall(`/api/forms/postings/${(await groupOfOwner()).postingId}/status`, { status: 'Likely Fulfilled' }),
    expect: formMembersOnly('STATUS_UNSIGNED', formRefused('POSTING_ADMIN_ONLY'), FORM_POSTED),
    group: {
      coadmin: FORM_POSTED,
      member: formRefused('POSTING_ADMIN_ONLY'),
      invited: formRefused('POSTING_ADMIN_ONLY'),
    },
    moderator: formRefused('POSTING_ADMIN_ONLY'),
    check(response) {
      expect(noticeOf(response)).toBe('STATUS_UPDATED');
    },
  },
  {
    route: 'POST /api/forms/postings/:id/delete',
    actions: ['posting.delete'],
    call: async () => formCall(`/api/forms/postings/${(await groupOfOwner()).postingId}/delete`, {}),
    expect: formMembersOnly('DELETE_UNSIGNED', formRefused('POSTING_ADMIN_ONLY'), FORM_POSTED),
    group: allGroup(formRefused('POSTING_ADMIN_ONLY')),
    moderator: formRefused('POSTING_ADMIN_ONLY'),
    check(response) {
      expect(noticeOf(response)).toBe('POSTING_DELETED');
      expect(new URL(String(response.headers.location), 'http://page').pathname).toBe('/postings');
    },
  },
  {
    route: 'POST /api/forms/sign-up',
    actions: [],
    // Refused by the form's own checks (the passwords differ): nothing reaches better-auth.
    call: async () =>
      formCall('/api/forms/sign-up', {
        name: 'Nobody New',
        email: 'nobody.new@bc.edu',
        password: 'a-long-password-1',
        confirmPassword: 'another-password-1',
      }),
    expect: everyone(FORM_POSTED),
    check(response) {
      expect(String(response.headers.location)).toBe('/signin-wall?mode=signUp&error=PASSWORDS_DIFFER');
    },
  },
  {
    route: 'POST /api/forms/saved-searches',
    actions: ['product.use'],
    // New accounts: the shared ones reach the limit of saved searches over the other rows.
    fresh: true,
    call: async () =>
      formCall('/api/forms/saved-searches', { name: 'On campus', alert: 'daily', filters: 'location=oncampus' }),
    expect: formMembersOnly('SIGN_IN_FIRST', FORM_POSTED),
    check(response) {
      expect(noticeOf(response)).toBe('SEARCH_SAVED');
    },
  },
  {
    route: 'POST /api/forms/saved-searches/:id/delete',
    actions: ['product.use'],
    call: async () => formCall(`/api/forms/saved-searches/${await ownersSearch()}/delete`, {}),
    expect: formMembersOnly('SIGN_IN_FIRST', formRefused('SAVED_SEARCH_NOT_FOUND'), FORM_POSTED),
    check(response) {
      expect(noticeOf(response)).toBe('SEARCH_DELETED');
    },
  },
  {
    route: 'POST /api/forms/saved-searches/:id/alert',
    actions: ['product.use'],
    call: async () => formCall(`/api/forms/saved-searches/${await ownersSearch()}/alert`, { alert: 'off' }),
    expect: formMembersOnly('SIGN_IN_FIRST', formRefused('SAVED_SEARCH_NOT_FOUND'), FORM_POSTED),
    check(response) {
      expect(noticeOf(response)).toBe('ALERT_UPDATED');
    },
  },
  {
    route: 'POST /api/forms/saved-searches/:id/edit',
    actions: ['product.use'],
    call: async () =>
      formCall(`/api/forms/saved-searches/${await ownersSearch()}/edit`, { name: 'Walsh, two of us', alert: 'off' }),
    expect: formMembersOnly('SIGN_IN_FIRST', formRefused('SAVED_SEARCH_NOT_FOUND'), FORM_POSTED),
    check(response) {
      expect(noticeOf(response)).toBe('SEARCH_UPDATED');
    },
  },
  {
    route: 'POST /api/forms/account/blocks/:id/unblock',
    actions: ['student.block'],
    async call() {
      // The owner has blocked the other student: only the owner's own Unblock lifts it.
      await t.database.db
        .insert(studentBlock)
        .values({ blockerUserId: owner.id as string, blockedUserId: other.id as string })
        .onConflictDoNothing();
      return formCall(`/api/forms/account/blocks/${other.id}/unblock`, {});
    },
    expect: formMembersOnly('SIGN_IN_FIRST', FORM_POSTED),
    async check(response, caller) {
      expect(noticeOf(response)).toBe('STUDENT_UNBLOCKED');
      const kept = await t.database.db
        .select()
        .from(studentBlock)
        .where(
          and(eq(studentBlock.blockerUserId, owner.id as string), eq(studentBlock.blockedUserId, other.id as string)),
        );
      expect(kept).toHaveLength(caller.id === owner.id ? 0 : 1);
    },
  },
  {
    route: 'POST /api/forms/invitations/:id',
    actions: ['invitation.answer'],
    name: 'join',
    async call() {
      const group = await groupOfOwner();
      return formCall(`/api/forms/invitations/${group.invitedId}`, { answer: 'join', token: group.token });
    },
    expect: formMembersOnly('SIGN_IN_FIRST', formRefused('INVITATION_OTHER_ACCOUNT')),
    group: {
      coadmin: formRefused('INVITATION_OTHER_ACCOUNT'),
      member: formRefused('INVITATION_OTHER_ACCOUNT'),
      invited: FORM_POSTED,
    },
    moderator: formRefused('INVITATION_OTHER_ACCOUNT'),
    check(response) {
      expect(noticeOf(response)).toBe('INVITATION_JOINED');
      expect(new URL(String(response.headers.location), 'http://page').pathname).toBe('/detailView');
    },
  },
  {
    route: 'POST /api/forms/invitations/:id',
    actions: ['invitation.answer'],
    name: 'decline',
    // Without the link: only the invitation's own address finds it.
    call: async () => formCall(`/api/forms/invitations/${(await groupOfOwner()).invitedId}`, { answer: 'decline' }),
    expect: formMembersOnly('SIGN_IN_FIRST', formRefused('INVITATION_NOT_FOUND')),
    group: {
      coadmin: formRefused('INVITATION_NOT_FOUND'),
      member: formRefused('INVITATION_NOT_FOUND'),
      invited: FORM_POSTED,
    },
    moderator: formRefused('INVITATION_NOT_FOUND'),
    check(response) {
      expect(noticeOf(response)).toBe('INVITATION_DECLINED');
    },
  },
  {
    route: 'POST /api/forms/postings/:id/leave',
    actions: ['group.leave'],
    call: async () => formCall(`/api/forms/postings/${(await groupOfOwner()).postingId}/leave`, {}),
    expect: formMembersOnly('SIGN_IN_FIRST', formRefused('NOT_A_MEMBER'), formRefused('ADMIN_CANNOT_LEAVE')),
    group: { coadmin: FORM_POSTED, member: FORM_POSTED, invited: formRefused('NOT_A_MEMBER') },
    moderator: formRefused('NOT_A_MEMBER'),
    check(response) {
      expect(noticeOf(response)).toBe('GROUP_LEFT');
    },
  },
  {
    route: 'POST /api/forms/account/sharing',
    actions: ['product.use'],
    call: async () =>
      formCall('/api/forms/account/sharing', { academicYear: 'junior', 'share.academicYear': 'on', phoneNumber: '' }),
    expect: formMembersOnly('SIGN_IN_FIRST', FORM_POSTED),
    check(response) {
      expect(noticeOf(response)).toBe('SHARING_SAVED');
    },
  },
  {
    route: 'POST /api/forms/account/conversation-settings',
    actions: ['product.use'],
    call: async () => formCall('/api/forms/account/conversation-settings', { unreadEmail: 'on' }),
    expect: formMembersOnly('SIGN_IN_FIRST', FORM_POSTED),
    check(response) {
      expect(noticeOf(response)).toBe('UNREAD_EMAIL_ON');
    },
  },
  {
    route: 'POST /api/forms/account/password',
    actions: ['account.own'],
    // A wrong current password: refused by better-auth for any account, changing nothing.
    call: async () =>
      formCall('/api/forms/account/password', {
        currentPassword: 'not-the-password-1',
        password: 'b-long-new-password',
        confirmPassword: 'b-long-new-password',
      }),
    expect: {
      ...everyone(formRefused('CURRENT_PASSWORD_WRONG')),
      anonymous: formRefused('SIGN_IN_FIRST'),
      nonCollege: formRefused('SIGN_IN_FIRST'),
      expiredSession: formRefused('SIGN_IN_FIRST'),
    },
  },
  {
    route: 'POST /api/forms/account/delete',
    actions: ['account.own'],
    fresh: true,
    call: async (caller) => formCall('/api/forms/account/delete', { confirmEmail: caller.email ?? 'nobody@bc.edu' }),
    expect: {
      ...everyone(FORM_POSTED),
      anonymous: formRefused('SIGN_IN_FIRST'),
      nonCollege: formRefused('SIGN_IN_FIRST'),
      expiredSession: formRefused('SIGN_IN_FIRST'),
    },
    async check(response, caller) {
      expect(noticeOf(response)).toBe('ACCOUNT_DELETED');
      expect(
        await t.database.db
          .select()
          .from(user)
          .where(eq(user.id, caller.id as string)),
      ).toEqual([]);
    },
  },
  {
    route: 'POST /api/forms/postings',
    actions: ['posting.create'],
    async call(caller) {
      // The rows before have spent the student's postings of the day: forgotten, they leave the
      // per-student limit (upload-and-student-limits.test.ts) out of this row.
      if (caller.id) await t.database.db.delete(studentUsage).where(eq(studentUsage.userId, caller.id));
      return postingFormFields('/api/forms/postings');
    },
    expect: formMembersOnly('POSTING_UNSIGNED', FORM_POSTED),
    check(response) {
      expect(noticeOf(response)).toBe('');
      expect(String(response.headers.location)).toMatch(/^\/detailView\?id=/);
    },
  },
  {
    route: 'POST /api/forms/postings/:id',
    actions: ['posting.edit', 'group.editMembers'],
    call: async () => postingFormFields(`/api/forms/postings/${(await groupOfOwner()).postingId}`),
    expect: formMembersOnly('POSTING_UNSIGNED', formRefused('POSTING_ADMIN_ONLY'), FORM_POSTED),
    group: {
      coadmin: FORM_POSTED,
      member: formRefused('POSTING_ADMIN_ONLY'),
      invited: formRefused('POSTING_ADMIN_ONLY'),
    },
    moderator: formRefused('POSTING_ADMIN_ONLY'),
  },
  {
    route: 'POST /api/forms/postings/:id/agreement/clauses',
    actions: ['group.agreement'],
    async call() {
      const { postingId, textHash } = await agreementOfOwner();
      return formCall(`/api/forms/postings/${postingId}/agreement/clauses`, {
        clause: 'guests',
        text: 'No guests.',
        textHash,
      });
    },
    // To anyone but its parties the agreement is not there, as the API's row.
    expect: formMembersOnly('SIGN_IN_FIRST', formRefused('POSTING_GONE'), FORM_POSTED),
    group: { coadmin: FORM_POSTED, member: FORM_POSTED, invited: formRefused('POSTING_GONE') },
    moderator: formRefused('POSTING_GONE'),
    check(response) {
      expect(noticeOf(response)).toBe('CLAUSE_SAVED');
      expect(new URL(String(response.headers.location), 'http://page').pathname).toMatch(
        /^\/postings\/[^/]+\/agreement$/,
      );
    },
  },
  {
    route: 'POST /api/forms/postings/:id/agreement/signatures',
    actions: ['group.agreement'],
    async call(caller) {
      const { postingId, textHash } = await agreementOfOwner();
      const [account] = caller.id ? await t.database.db.select().from(user).where(eq(user.id, caller.id)) : [];
      return formCall(`/api/forms/postings/${postingId}/agreement/signatures`, {
        name: account?.name ?? 'Nobody',
        confirm: 'on',
        textHash,
      });
    },
    expect: formMembersOnly('SIGN_IN_FIRST', formRefused('POSTING_GONE'), FORM_POSTED),
    group: { coadmin: FORM_POSTED, member: FORM_POSTED, invited: formRefused('POSTING_GONE') },
    moderator: formRefused('POSTING_GONE'),
    check(response) {
      expect(noticeOf(response)).toBe('AGREEMENT_SIGNED');
    },
  },
];

const conversationRows: Row[] = [
  {
    route: 'GET /api/conversations',
    actions: ['product.use'],
    call: async () => ({ url: '/api/conversations' }),
    expect: membersOnly(ok()),
  },
  {
    route: 'GET /api/conversations/unread-count',
    actions: ['product.use'],
    call: async () => ({ url: '/api/conversations/unread-count' }),
    expect: membersOnly(ok()),
  },
  {
    route: 'GET /api/conversations/:id',
    actions: ['conversation.open'],
    call: async () => ({ url: `/api/conversations/${(await conversationOfOwner('pending')).id}` }),
    ...participantsOnly(),
  },
  {
    route: 'POST /api/conversations/:id/messages',
    actions: ['conversation.send'],
    call: async () => ({
      url: `/api/conversations/${(await conversationOfOwner()).id}/messages`,
      payload: { body: 'Hi' },
    }),
    ...participantsOnly(ok(201)),
  },
  {
    route: 'POST /api/conversations/:id/messages',
    actions: ['conversation.send'],
    name: 'the sender of a pending ping before the group replied',
    call: async () => ({
      url: `/api/conversations/${(await conversationOfOwner('pending')).id}/messages`,
      payload: { body: 'Hi again' },
    }),
    expect: membersOnly(refused(409, 'WAIT_FOR_GROUP'), ok(201)),
    group: { coadmin: ok(201), member: ok(201), invited: NOT_IN_CONVERSATION },
    moderator: NOT_IN_CONVERSATION,
  },
  {
    route: 'POST /api/conversations/:id/read',
    actions: ['conversation.open'],
    call: async () => {
      const { id, seq } = await conversationOfOwner();
      return { url: `/api/conversations/${id}/read`, payload: { seq } };
    },
    ...participantsOnly(),
  },
  {
    route: 'PUT /api/conversations/:id/share',
    actions: ['conversation.share'],
    call: async () => ({
      url: `/api/conversations/${(await conversationOfOwner()).id}/share`,
      payload: { email: true, phone: false, instagram: true },
    }),
    ...participantsOnly(),
  },
  {
    route: 'POST /api/conversations/:id/messages/:seq/report',
    actions: ['conversation.report'],
    call: async () => {
      const { id, seq } = await conversationOfOwner();
      return { url: `/api/conversations/${id}/messages/${seq}/report`, payload: { reason: 'scam' } };
    },
    // The message is the other student's own.
    expect: membersOnly(refused(403, 'OWN_MESSAGE'), ok()),
    group: { coadmin: ok(), member: ok(), invited: NOT_IN_CONVERSATION },
    moderator: NOT_IN_CONVERSATION,
  },
  {
    route: 'GET /api/me/blocks',
    actions: ['student.block'],
    call: async () => ({ url: '/api/me/blocks' }),
    expect: membersOnly(ok()),
  },
  {
    route: 'PUT /api/me/blocks/:userId',
    actions: ['student.block'],
    call: async () => ({ url: `/api/me/blocks/${(await createMember(t)).id}` }),
    expect: membersOnly(ok()),
  },
  {
    route: 'DELETE /api/me/blocks/:userId',
    actions: ['student.block'],
    call: async () => ({ url: `/api/me/blocks/${other.id}` }),
    expect: membersOnly(ok()),
  },
  {
    route: 'GET /api/me/conversation-settings',
    actions: ['product.use'],
    call: async () => ({ url: '/api/me/conversation-settings' }),
    expect: membersOnly(ok()),
  },
  {
    route: 'PUT /api/me/conversation-settings',
    actions: ['product.use'],
    call: async () => ({ url: '/api/me/conversation-settings', payload: { unreadEmail: true } }),
    expect: membersOnly(ok()),
  },
  {
    route: 'POST /api/conversation-emails/unsubscribe',
    actions: [],
    name: "the owner's genuine link",
    call: async () => ({
      url: `/api/conversation-emails/unsubscribe?user=${owner.id}&token=${unreadEmailUnsubscribeToken(t.config.authSecret, owner.id as string)}`,
    }),
    expect: everyone(ok()),
  },
  {
    route: 'POST /api/conversation-emails/unsubscribe',
    actions: [],
    name: 'a forged link',
    call: async () => ({
      url: `/api/conversation-emails/unsubscribe?user=${owner.id}&token=${unreadEmailUnsubscribeToken(FORGED_SECRET, owner.id as string)}`,
    }),
    expect: everyone(refused(400, 'INVALID_UNSUBSCRIBE_LINK')),
  },
  {
    route: 'GET /api/moderation/message-reports',
    actions: ['moderation.moderate'],
    call: async () => ({ url: '/api/moderation/message-reports' }),
    expect: membersOnly(NOT_MODERATOR),
    moderator: ok(),
  },
  {
    route: 'POST /api/moderation/message-reports/:id/dismiss',
    actions: ['moderation.moderate'],
    call: async () => ({ url: `/api/moderation/message-reports/${await messageReportOfOwner()}/dismiss` }),
    expect: membersOnly(NOT_MODERATOR),
    moderator: ok(),
  },
  {
    // The stream ends after liveStreamMaxMs here, so an allowed call returns.
    route: 'GET /api/events',
    actions: ['product.use'],
    call: async () => ({ url: '/api/events' }),
    expect: membersOnly(ok()),
    check(response) {
      expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
    },
  },
];
// ---- end of the conversations' block ----

const rows: Row[] = [
  {
    route: 'GET /api/openapi.json',
    actions: [],
    call: async () => ({ url: '/api/openapi.json' }),
    expect: everyone(ok()),
  },
  {
    route: 'GET /api/config',
    actions: [],
    call: async () => ({ url: '/api/config' }),
    expect: everyone(ok()),
  },
  {
    route: 'GET /api/map/geocode',
    actions: ['product.use'],
    // This college config names no geocoder: a member is told there is no address search
    // (map-geocode.test.ts asks one that is configured).
    call: async () => ({ url: '/api/map/geocode?q=12%20Foster%20Street' }),
    expect: membersOnly(refused(404, 'NOT_FOUND')),
  },
  {
    route: 'GET /api/me',
    actions: [],
    call: async () => ({ url: '/api/me' }),
    expect: everyone(ok()),
    check(response, caller) {
      const live = !['anonymous', 'nonCollege', 'expiredSession'].includes(caller.kind);
      expect(response.json().user?.id ?? null).toBe(live ? caller.id : null);
    },
  },
  {
    route: 'POST /api/me/terms',
    actions: ['account.own'],
    fresh: true,
    call: async () => ({ url: '/api/me/terms', payload: { version: t.config.college.termsVersion } }),
    // Terms come after verification.
    expect: { ...signedIn(ok()), unverified: refused(403, 'EMAIL_NOT_VERIFIED') },
  },
  {
    route: 'POST /api/me/decline',
    actions: ['account.own'],
    fresh: true,
    call: async () => ({ url: '/api/me/decline', payload: {} }),
    expect: signedIn(ok()),
    async check(_response, caller) {
      expect(
        await t.database.db
          .select()
          .from(user)
          .where(eq(user.id, caller.id as string)),
      ).toEqual([]);
    },
  },
  {
    route: 'POST /api/contact',
    actions: ['product.use'],
    call: async () => ({
      url: '/api/contact',
      payload: { name: 'A Student', email: 'a.student@bc.edu', message: 'Hello team' },
    }),
    expect: membersOnly(ok(202)),
  },
  {
    route: 'GET /api/postings',
    actions: ['product.use'],
    call: async () => ({ url: '/api/postings?location=oncampus' }),
    expect: membersOnly(ok()),
  },
  {
    route: 'GET /api/postings',
    name: 'off-campus cards: never the exact pin, whoever asks',
    actions: ['product.use'],
    call: async () => {
      await pinnedGroupOfOwner();
      return { url: '/api/postings?location=offcampus&limit=50' };
    },
    expect: membersOnly(ok()),
    group: allGroup(ok()),
    moderator: ok(),
    check(response, caller) {
      // A card is shared by every viewer (the search cache): the area only, even for the group.
      expect(response.json().items.some((card: { pin: unknown }) => card.pin !== null)).toBe(true);
      expectNoExactPin(response, caller.kind);
    },
  },
  {
    route: 'POST /api/postings',
    actions: ['posting.create'],
    call: () => postingForm('/api/postings'),
    expect: membersOnly(ok(201)),
  },
  {
    route: 'GET /api/postings/:id',
    actions: ['posting.view', 'posting.seeModeration', 'group.seeTypedMembers'],
    call: async () => ({ url: `/api/postings/${(await groupOfOwner()).postingId}` }),
    expect: membersOnly(ok()),
    group: allGroup(ok()),
    moderator: ok(),
    check(response, caller) {
      const detail = response.json();
      expect(detail.viewerIsAdmin).toBe(caller.kind === 'owner');
      const roles: Record<string, string | null> = { owner: 'admin', coadmin: 'coadmin', member: 'member' };
      expect(detail.viewerRole).toBe(roles[caller.kind] ?? null);
      // What the admin typed (the invitation addresses) is the admin's alone.
      const typedShown = detail.members.some((m: { typed: unknown }) => m.typed !== null);
      expect(typedShown).toBe(caller.kind === 'owner');
      if (caller.kind !== 'owner') expect(response.body).not.toMatch(/typed\.\d+\.\d+@bc\.edu/);
    },
  },
  {
    route: 'GET /api/postings/:id',
    name: "an off-campus posting's exact pin",
    actions: ['posting.view', 'posting.seeExactPin'],
    call: async () => ({ url: `/api/postings/${await pinnedGroupOfOwner()}` }),
    expect: membersOnly(ok()),
    group: allGroup(ok()),
    moderator: ok(),
    check(response, caller) {
      // The group sees it; an invited student who has not joined, a moderator and anyone else see the area.
      const exact = ['owner', 'coadmin', 'member'].includes(caller.kind);
      const pin = response.json().pin;
      expect(pin.exact, caller.kind).toBe(exact);
      if (exact) expect([pin.latitude, pin.longitude]).toEqual([EXACT_PIN.latitude, EXACT_PIN.longitude]);
      else {
        expect(pin.radiusMeters).toBe(200);
        expectNoExactPin(response, caller.kind);
      }
    },
  },
  {
    route: 'PUT /api/postings/:id',
    actions: ['posting.edit', 'group.editMembers'],
    call: async () => postingForm(`/api/postings/${(await groupOfOwner()).postingId}`),
    expect: membersOnly(refused(403, 'NOT_POSTING_ADMIN'), ok()),
    group: { coadmin: ok(), member: refused(403, 'NOT_POSTING_ADMIN'), invited: refused(403, 'NOT_POSTING_ADMIN') },
    moderator: refused(403, 'NOT_POSTING_ADMIN'),
  },
  {
    route: 'PATCH /api/postings/:id/status',
    actions: ['posting.changeStatus'],
    call: async () => ({
      url: `/api/postings/${(await groupOfOwner()).postingId}/status`,
      payload: { status: 'Likely Fulfilled' },
    }),
    expect: membersOnly(refused(403, 'NOT_POSTING_ADMIN'), ok()),
    group: { coadmin: ok(), member: refused(403, 'NOT_POSTING_ADMIN'), invited: refused(403, 'NOT_POSTING_ADMIN') },
    moderator: refused(403, 'NOT_POSTING_ADMIN'),
  },
  {
    route: 'DELETE /api/postings/:id',
    actions: ['posting.delete'],
    call: async () => ({ url: `/api/postings/${(await groupOfOwner()).postingId}` }),
    expect: membersOnly(refused(403, 'NOT_POSTING_ADMIN'), ok(204)),
    group: allGroup(refused(403, 'NOT_POSTING_ADMIN')),
    moderator: refused(403, 'NOT_POSTING_ADMIN'),
  },
  {
    route: 'GET /api/images/*',
    actions: ['posting.view'],
    call: async () => ({ url: imageUrl }),
    expect: membersOnly(ok()),
  },
  {
    route: 'GET /api/images/*',
    actions: ['posting.view'],
    name: 'of a posting hidden by a moderator',
    call: async () => ({ url: await hiddenPostingImage() }),
    // As a missing image to other students; still its admin's and the moderators'.
    expect: membersOnly(refused(404, 'NOT_FOUND'), ok()),
    moderator: ok(),
  },
  {
    route: 'PUT /api/postings/:id/bookmark',
    actions: ['posting.bookmark'],
    call: async () => ({ url: `/api/postings/${await ownersPosting()}/bookmark` }),
    expect: membersOnly(ok(), refused(403, 'OWN_POSTING')),
  },
  {
    route: 'PUT /api/postings/:id/bookmark',
    actions: ['posting.bookmark'],
    name: 'a posting hidden by a moderator',
    call: async () => ({ url: `/api/postings/${await hiddenPosting()}/bookmark` }),
    // As bookmarking a missing posting, for moderators too; still the admin's own.
    expect: membersOnly(refused(404, 'NOT_FOUND'), refused(403, 'OWN_POSTING')),
    moderator: refused(404, 'NOT_FOUND'),
  },
  {
    route: 'DELETE /api/postings/:id/bookmark',
    actions: ['posting.bookmark'],
    async call() {
      const postingId = await ownersPosting();
      // The other student's bookmark exists, so a refused removal would show.
      await t.database.db.insert(bookmark).values({ userId: other.id as string, postingId });
      return { url: `/api/postings/${postingId}/bookmark` };
    },
    expect: membersOnly(ok()),
  },
  {
    route: 'GET /api/me/postings/administered',
    actions: ['product.use'],
    call: async () => ({ url: '/api/me/postings/administered' }),
    expect: membersOnly(ok()),
  },
  {
    route: 'GET /api/me/postings/bookmarked',
    actions: ['posting.bookmark'],
    call: async () => ({ url: '/api/me/postings/bookmarked' }),
    expect: membersOnly(ok()),
  },
  {
    route: 'POST /api/postings/:id/pings',
    actions: ['posting.ping'],
    call: async () => ({ url: `/api/postings/${await ownersPosting()}/pings`, payload: { message: 'Hi!' } }),
    expect: membersOnly(ok(201), refused(403, 'PING_OWN_POST')),
  },
  {
    route: 'GET /api/pings/received',
    actions: ['ping.answer'],
    call: async () => ({ url: '/api/pings/received' }),
    expect: membersOnly(ok()),
  },
  {
    route: 'GET /api/pings/sent',
    actions: ['posting.ping'],
    call: async () => ({ url: '/api/pings/sent' }),
    expect: membersOnly(ok()),
  },
  {
    route: 'GET /api/pings/awaiting-count',
    actions: ['ping.answer'],
    call: async () => ({ url: '/api/pings/awaiting-count' }),
    expect: membersOnly(ok()),
  },
  {
    route: 'PATCH /api/pings/:id',
    actions: ['ping.answer'],
    call: async () => ({ url: `/api/pings/${await pingToOwner()}`, payload: { status: 'accepted' } }),
    // The other student sent this ping: the sender may not answer it.
    expect: membersOnly(refused(403, 'NOT_POSTING_ADMIN'), ok()),
  },
  {
    route: 'GET /api/stats',
    actions: [],
    call: async () => ({ url: '/api/stats' }),
    expect: everyone(ok()),
  },
  {
    route: 'GET /api/me/account',
    actions: ['account.own'],
    call: async () => ({ url: '/api/me/account' }),
    expect: signedIn(ok()),
    check(response, caller) {
      expect(response.json().email).toBe(caller.email);
    },
  },
  {
    route: 'DELETE /api/me',
    actions: ['account.own'],
    fresh: true,
    call: async (caller) => ({ url: '/api/me', payload: { confirmEmail: caller.email ?? 'nobody@bc.edu' } }),
    expect: signedIn(ok()),
    async check(_response, caller) {
      expect(
        await t.database.db
          .select()
          .from(user)
          .where(eq(user.id, caller.id as string)),
      ).toEqual([]);
    },
  },
  {
    route: 'DELETE /api/me',
    actions: ['account.own'],
    name: "confirmed with another account's e-mail",
    fresh: true,
    call: async () => ({ url: '/api/me', payload: { confirmEmail: other.email } }),
    expect: signedIn(refused(400, 'BAD_REQUEST')),
  },
  {
    route: 'POST /api/postings/:id/reports',
    actions: ['posting.report'],
    // A fresh posting each time: a student reports a posting once.
    call: async () => ({ url: `/api/postings/${await ownersPosting()}/reports`, payload: { reason: 'scam' } }),
    expect: membersOnly(ok(201), refused(403, 'OWN_POSTING')),
    moderator: ok(201),
  },
  {
    route: 'POST /api/postings/:id/reports',
    actions: ['posting.report'],
    name: 'a posting hidden by a moderator',
    call: async () => ({ url: `/api/postings/${await hiddenPosting()}/reports`, payload: { reason: 'scam' } }),
    // Hidden: not there for other students (404, as its detail), still the admin's own.
    expect: membersOnly(refused(404, 'NOT_FOUND'), refused(403, 'OWN_POSTING')),
    moderator: ok(201),
  },
  {
    route: 'GET /api/moderation/queue',
    actions: ['moderation.moderate'],
    call: async () => ({ url: '/api/moderation/queue' }),
    expect: membersOnly(NOT_MODERATOR),
    moderator: ok(),
  },
  {
    route: 'GET /api/moderation/actions',
    actions: ['moderation.moderate'],
    call: async () => ({ url: '/api/moderation/actions' }),
    expect: membersOnly(NOT_MODERATOR),
    moderator: ok(),
  },
  {
    route: 'POST /api/moderation/postings/:id/dismiss',
    actions: ['moderation.moderate'],
    call: async () => ({ url: `/api/moderation/postings/${await ownersPosting()}/dismiss`, payload: {} }),
    expect: membersOnly(NOT_MODERATOR),
    moderator: ok(),
  },
  {
    route: 'POST /api/moderation/postings/:id/hide',
    actions: ['moderation.moderate'],
    call: async () => ({
      url: `/api/moderation/postings/${await ownersPosting()}/hide`,
      payload: { reason: 'Photos of another building.' },
    }),
    expect: membersOnly(NOT_MODERATOR),
    moderator: ok(),
  },
  {
    route: 'POST /api/moderation/postings/:id/suspend',
    actions: ['moderation.moderate'],
    call: async (caller) => ({
      url: `/api/moderation/postings/${caller.kind === 'moderator' ? await strangersPosting() : await ownersPosting()}/suspend`,
      payload: { reason: 'Asked students for deposits by wire.' },
    }),
    // The owner may not suspend anyone either, themselves included.
    expect: membersOnly(NOT_MODERATOR),
    moderator: ok(),
  },
  {
    route: 'POST /api/postings/:id/renew',
    actions: ['posting.renew'],
    call: async () => ({ url: `/api/postings/${await ownersPosting()}/renew`, payload: {} }),
    expect: membersOnly(refused(403, 'NOT_POSTING_ADMIN'), ok()),
  },
  {
    route: 'GET /api/renewals',
    actions: [],
    call: async () => ({ url: `/api/renewals?token=${encodeURIComponent((await renewalLink()).token)}` }),
    expect: everyone(ok()),
  },
  {
    route: 'GET /api/renewals',
    actions: [],
    name: 'a forged link',
    call: async () => ({
      url: `/api/renewals?token=${encodeURIComponent((await renewalLink(FORGED_SECRET)).token)}`,
    }),
    expect: everyone(refused(400, 'RENEWAL_LINK_INVALID')),
  },
  {
    route: 'GET /api/renewals',
    actions: [],
    name: 'an expired link',
    call: async () => ({
      url: `/api/renewals?token=${encodeURIComponent((await renewalLink(undefined, longAgo(30))).token)}`,
    }),
    expect: everyone(refused(410, 'RENEWAL_LINK_EXPIRED')),
  },
  {
    route: 'POST /api/renewals',
    actions: [],
    call: async () => ({ url: '/api/renewals', payload: { token: (await renewalLink()).token } }),
    expect: everyone(ok()),
  },
  {
    route: 'POST /api/renewals',
    actions: [],
    name: 'an expired link',
    call: async () => ({ url: '/api/renewals', payload: { token: (await renewalLink(undefined, longAgo(30))).token } }),
    expect: everyone(refused(410, 'RENEWAL_LINK_EXPIRED')),
  },
  {
    route: 'POST /api/renewals',
    actions: [],
    name: 'a forged link',
    call: async () => ({ url: '/api/renewals', payload: { token: (await renewalLink(FORGED_SECRET)).token } }),
    expect: everyone(refused(400, 'RENEWAL_LINK_INVALID')),
  },
  {
    route: 'GET /api/saved-searches',
    actions: ['product.use'],
    call: async () => ({ url: '/api/saved-searches' }),
    expect: membersOnly(ok()),
  },
  {
    route: 'POST /api/saved-searches',
    actions: ['product.use'],
    call: async () => ({
      url: '/api/saved-searches',
      payload: { name: 'Walsh doubles', alert: 'daily', filters: { location: 'oncampus', dorm: 'Walsh' } },
    }),
    expect: membersOnly(ok(201)),
  },
  {
    route: 'PATCH /api/saved-searches/:id',
    actions: ['product.use'],
    call: async () => ({ url: `/api/saved-searches/${await ownersSearch()}`, payload: { name: 'Renamed' } }),
    expect: membersOnly(refused(404, 'SAVED_SEARCH_NOT_FOUND'), ok()),
  },
  {
    route: 'DELETE /api/saved-searches/:id',
    actions: ['product.use'],
    call: async () => ({ url: `/api/saved-searches/${await ownersSearch()}` }),
    expect: membersOnly(refused(404, 'SAVED_SEARCH_NOT_FOUND'), ok(204)),
  },
  {
    route: 'GET /api/saved-searches/unsubscribe',
    actions: [],
    call: async () => ({ url: await unsubscribeLink() }),
    expect: everyone(ok()),
  },
  {
    route: 'POST /api/saved-searches/unsubscribe',
    actions: [],
    call: async () => ({ url: await unsubscribeLink(), payload: {} }),
    expect: everyone(ok()),
  },
  {
    route: 'GET /api/saved-searches/unsubscribe',
    actions: [],
    name: 'an expired link',
    call: async () => ({ url: await unsubscribeLink(undefined, longAgo(366)) }),
    expect: everyone(refused(410, 'UNSUBSCRIBE_LINK_EXPIRED')),
  },
  {
    route: 'POST /api/saved-searches/unsubscribe',
    actions: [],
    name: 'an expired link',
    call: async () => ({ url: await unsubscribeLink(undefined, longAgo(366)), payload: {} }),
    expect: everyone(refused(410, 'UNSUBSCRIBE_LINK_EXPIRED')),
  },
  {
    route: 'POST /api/saved-searches/unsubscribe',
    actions: [],
    name: 'a forged link',
    call: async () => ({ url: await unsubscribeLink(FORGED_SECRET), payload: {} }),
    expect: everyone(refused(400, 'INVALID_UNSUBSCRIBE_LINK')),
  },
  {
    route: 'GET /api/me/lifestyle',
    actions: ['product.use'],
    call: async () => ({ url: '/api/me/lifestyle' }),
    expect: membersOnly(ok()),
  },
  {
    route: 'PUT /api/me/lifestyle',
    actions: ['product.use'],
    call: async () => ({
      url: '/api/me/lifestyle',
      payload: {
        answers: [
          { question: 'bedtime', self: 'before-11', accept: ['before-11', '11-to-12'], importance: 'somewhat' },
        ],
      },
    }),
    expect: membersOnly(ok()),
  },
  {
    route: 'DELETE /api/me/lifestyle',
    actions: ['product.use'],
    call: async () => ({ url: '/api/me/lifestyle' }),
    expect: membersOnly(ok()),
  },
  {
    route: 'GET /api/postings/:id/fit',
    actions: ['posting.view'],
    call: async () => ({ url: `/api/postings/${await ownersPosting()}/fit` }),
    expect: membersOnly(ok()),
    check(response, caller) {
      expect(response.json().status).toEqual(
        caller.kind === 'owner' ? 'own' : expect.stringMatching(/^(ok|no-profile)$/),
      );
    },
  },
  {
    route: 'GET /api/postings/:id/fit',
    actions: ['posting.view'],
    name: 'a posting hidden by a moderator',
    call: async () => ({ url: `/api/postings/${await hiddenPosting()}/fit` }),
    // As its detail: not there for other students, still the admin's own. (Fails when written: the
    // lifestyle service reads the group without looking at hidden_at, so the fit answers 200.)
    expect: membersOnly(refused(404, 'NOT_FOUND'), ok()),
  },
  {
    route: 'GET /api/pings/:id/fit',
    actions: ['ping.answer'],
    call: async () => ({ url: `/api/pings/${await pingToOwner()}/fit` }),
    // The other student sent this ping: the fit is for the posting's admin only.
    expect: membersOnly(refused(404, 'PING_NOT_FOUND'), ok()),
  },
  {
    route: 'GET /api/invitations/by-token/:token',
    actions: ['invitation.answer'],
    call: async () => ({ url: `/api/invitations/by-token/${(await groupOfOwner()).token}` }),
    // The link works only for the address it was sent to.
    expect: membersOnly(refused(403, 'INVITATION_OTHER_ACCOUNT')),
    group: {
      coadmin: refused(403, 'INVITATION_OTHER_ACCOUNT'),
      member: refused(403, 'INVITATION_OTHER_ACCOUNT'),
      invited: ok(),
    },
    moderator: refused(403, 'INVITATION_OTHER_ACCOUNT'),
  },
  {
    route: 'GET /api/invitations/by-token/:token',
    actions: ['invitation.answer'],
    name: 'a forged token',
    call: async () => ({ url: `/api/invitations/by-token/${randomBytes(32).toString('base64url')}` }),
    expect: membersOnly(refused(404, 'INVITATION_NOT_FOUND')),
    group: allGroup(refused(404, 'INVITATION_NOT_FOUND')),
    moderator: refused(404, 'INVITATION_NOT_FOUND'),
  },
  {
    route: 'POST /api/invitations/:id/join',
    actions: ['invitation.answer'],
    async call() {
      const group = await groupOfOwner();
      return { url: `/api/invitations/${group.invitedId}/join`, payload: { token: group.token } };
    },
    expect: membersOnly(refused(403, 'INVITATION_OTHER_ACCOUNT')),
    group: {
      coadmin: refused(403, 'INVITATION_OTHER_ACCOUNT'),
      member: refused(403, 'INVITATION_OTHER_ACCOUNT'),
      invited: ok(),
    },
    moderator: refused(403, 'INVITATION_OTHER_ACCOUNT'),
  },
  {
    route: 'POST /api/invitations/:id/decline',
    actions: ['invitation.answer'],
    async call() {
      const group = await groupOfOwner();
      // Without the link: only the invitation's own address finds it.
      return { url: `/api/invitations/${group.invitedId}/decline`, payload: {} };
    },
    expect: membersOnly(refused(404, 'INVITATION_NOT_FOUND')),
    group: {
      coadmin: refused(404, 'INVITATION_NOT_FOUND'),
      member: refused(404, 'INVITATION_NOT_FOUND'),
      invited: ok(),
    },
    moderator: refused(404, 'INVITATION_NOT_FOUND'),
  },
  {
    route: 'GET /api/me/invitations',
    actions: ['invitation.answer'],
    call: async () => ({ url: '/api/me/invitations' }),
    expect: membersOnly(ok()),
    group: allGroup(ok()),
  },
  {
    route: 'GET /api/me/invitations/count',
    actions: ['invitation.answer'],
    call: async () => ({ url: '/api/me/invitations/count' }),
    expect: membersOnly(ok()),
    group: allGroup(ok()),
  },
  {
    route: 'GET /api/me/groups',
    actions: ['product.use'],
    call: async () => ({ url: '/api/me/groups' }),
    expect: membersOnly(ok()),
    group: allGroup(ok()),
  },
  {
    route: 'GET /api/me/sharing',
    actions: ['product.use'],
    call: async () => ({ url: '/api/me/sharing' }),
    expect: membersOnly(ok()),
  },
  {
    route: 'PUT /api/me/sharing',
    actions: ['product.use'],
    call: async () => ({ url: '/api/me/sharing', payload: sharingBody }),
    expect: membersOnly(ok()),
  },
  {
    route: 'POST /api/postings/:id/members/:memberId/invite',
    actions: ['group.invite'],
    async call() {
      const group = await groupOfOwner();
      return { url: `/api/postings/${group.postingId}/members/${group.typedId}/invite`, payload: {} };
    },
    expect: membersOnly(ONLY_ADMIN, ok()),
    group: allGroup(ONLY_ADMIN),
    moderator: ONLY_ADMIN,
  },
  {
    route: 'POST /api/postings/:id/members/:memberId/withdraw',
    actions: ['group.invite'],
    async call() {
      const group = await groupOfOwner();
      return { url: `/api/postings/${group.postingId}/members/${group.invitedId}/withdraw`, payload: {} };
    },
    expect: membersOnly(ONLY_ADMIN, ok()),
    group: allGroup(ONLY_ADMIN),
    moderator: ONLY_ADMIN,
  },
  {
    route: 'DELETE /api/postings/:id/members/:memberId',
    actions: ['group.remove'],
    async call() {
      const group = await groupOfOwner();
      return { url: `/api/postings/${group.postingId}/members/${group.memberId}` };
    },
    expect: membersOnly(ONLY_ADMIN, ok()),
    group: allGroup(ONLY_ADMIN),
    moderator: ONLY_ADMIN,
  },
  {
    route: 'PUT /api/postings/:id/members/:memberId/role',
    actions: ['group.setRole'],
    async call() {
      const group = await groupOfOwner();
      return { url: `/api/postings/${group.postingId}/members/${group.memberId}/role`, payload: { role: 'coadmin' } };
    },
    expect: membersOnly(ONLY_ADMIN, ok()),
    group: allGroup(ONLY_ADMIN),
    moderator: ONLY_ADMIN,
  },
  {
    route: 'POST /api/postings/:id/hand-over',
    actions: ['group.handOver'],
    async call() {
      const group = await groupOfOwner();
      return { url: `/api/postings/${group.postingId}/hand-over`, payload: { memberId: group.memberId } };
    },
    expect: membersOnly(ONLY_ADMIN, ok()),
    group: allGroup(ONLY_ADMIN),
    moderator: ONLY_ADMIN,
  },
  {
    route: 'POST /api/postings/:id/leave',
    actions: ['group.leave'],
    call: async () => ({ url: `/api/postings/${(await groupOfOwner()).postingId}/leave`, payload: {} }),
    expect: membersOnly(refused(403, 'NOT_A_MEMBER'), refused(409, 'ADMIN_CANNOT_LEAVE')),
    group: { coadmin: ok(), member: ok(), invited: refused(403, 'NOT_A_MEMBER') },
    moderator: refused(403, 'NOT_A_MEMBER'),
  },
  {
    route: 'GET /api/postings/:id/agreement',
    actions: ['group.agreement'],
    call: async () => ({ url: `/api/postings/${(await groupOfOwner()).postingId}/agreement` }),
    expect: membersOnly(NOT_A_PARTY, ok()),
    group: { coadmin: ok(), member: ok(), invited: NOT_A_PARTY },
    moderator: NOT_A_PARTY,
  },
  {
    route: 'GET /api/postings/:id/agreement.pdf',
    actions: ['group.agreement'],
    call: async () => ({ url: `/api/postings/${(await groupOfOwner()).postingId}/agreement.pdf` }),
    expect: membersOnly(NOT_A_PARTY, ok()),
    group: { coadmin: ok(), member: ok(), invited: NOT_A_PARTY },
    moderator: NOT_A_PARTY,
  },
  {
    route: 'POST /api/postings/:id/agreement/clauses/:clause',
    actions: ['group.agreement'],
    async call() {
      const { postingId, textHash } = await agreementOfOwner();
      return { url: `/api/postings/${postingId}/agreement/clauses/guests`, payload: { text: 'No guests.', textHash } };
    },
    expect: membersOnly(NOT_A_PARTY, ok()),
    group: { coadmin: ok(), member: ok(), invited: NOT_A_PARTY },
    moderator: NOT_A_PARTY,
  },
  {
    route: 'POST /api/postings/:id/agreement/signatures',
    actions: ['group.agreement'],
    async call(caller) {
      const { postingId, textHash } = await agreementOfOwner();
      const [account] = caller.id ? await t.database.db.select().from(user).where(eq(user.id, caller.id)) : [];
      return {
        url: `/api/postings/${postingId}/agreement/signatures`,
        payload: { name: account?.name ?? 'Nobody', confirm: true, textHash },
      };
    },
    expect: membersOnly(NOT_A_PARTY, ok()),
    group: { coadmin: ok(), member: ok(), invited: NOT_A_PARTY },
    moderator: NOT_A_PARTY,
  },
  {
    route: 'GET /api/auth/*',
    actions: [],
    name: 'get-session',
    call: async () => ({ url: '/api/auth/get-session' }),
    expect: everyone(ok()),
    check(response, caller) {
      const live = !['anonymous', 'nonCollege', 'expiredSession'].includes(caller.kind);
      expect(response.json()?.user?.id ?? null).toBe(live ? caller.id : null);
    },
  },
  {
    route: 'POST /api/auth/*',
    actions: [],
    name: 'sign-up/email from outside the college',
    call: async () => ({
      url: '/api/auth/sign-up/email',
      payload: { email: `someone.${addressCounter}@evil.example`, name: 'Someone', password: 'correct-horse-battery' },
    }),
    expect: everyone(refused(400, 'EMAIL_DOMAIN_NOT_ALLOWED')),
  },
  {
    route: 'POST /api/auth/*',
    actions: [],
    name: 'update-user granting itself verification and terms',
    call: async () => ({
      url: '/api/auth/update-user',
      payload: { emailVerified: true, termsAcceptedAt: new Date().toISOString(), termsVersion: 'any' },
    }),
    expect: signedIn(refused(400, 'FIELD_NOT_ALLOWED')),
  },
  {
    route: 'POST /api/auth/*',
    actions: [],
    name: 'update-user with a name holding a bidi override',
    call: async () => ({ url: '/api/auth/update-user', payload: { name: 'Eve\u202Eevil' } }),
    expect: signedIn(refused(400, 'NAME_INVALID')),
  },
  {
    route: 'POST /api/auth/*',
    actions: [],
    name: 'update-user with a name posing as the college office (issue 30)',
    call: async () => ({ url: '/api/auth/update-user', payload: { name: 'BC Housing Office' } }),
    expect: signedIn(refused(400, 'NAME_POSING')),
  },
  {
    route: 'POST /api/auth/*',
    actions: [],
    name: 'verify-email/confirm with a forged token',
    call: async () => ({
      url: '/api/auth/verify-email/confirm',
      payload: { token: 'forged.token.value', name: 'Anyone', password: 'correct-horse-battery' },
    }),
    expect: everyone(refused(400, 'INVALID_VERIFICATION_LINK')),
  },
  {
    route: 'POST /api/auth/*',
    actions: [],
    name: 'change-email to an address outside the college',
    call: async () => ({ url: '/api/auth/change-email', payload: { newEmail: 'me@evil.example' } }),
    expect: signedIn(refused(400, 'CHANGE_EMAIL_DISABLED')),
  },
  {
    route: 'POST /api/auth/*',
    actions: [],
    name: 'sign-out',
    fresh: true,
    call: async () => ({ url: '/api/auth/sign-out', payload: {} }),
    expect: everyone(ok()),
  },
  ...conversationRows,
  ...formRows,
];

/** Our error shape's code, or better-auth's ({ code, message }); '' for an empty body. */
function errorCode(response: LightMyRequestResponse): string {
  // A form route's refusal: its notice code, in the address it sends the browser to.
  if (response.statusCode === 303) return noticeOf(response);
  if (response.body === '') return '';
  const body = response.json() as { error?: { code?: string }; code?: string };
  return body.error?.code ?? body.code ?? '';
}

/** The conversations' tables (issue 19), live events included. */
const conversationTables = {
  conversation,
  conversationMessage,
  conversationParticipant,
  conversationSetting,
  studentBlock,
  messageReport,
  liveEvent,
};

/** Everything a call could change: every table but the rate limiter's, and the stored files. */
async function snapshot(now: Date) {
  const db = t.database.db;
  const tables = {
    user,
    account,
    verification,
    posting,
    postingMember,
    postingImage,
    bookmark,
    ping,
    mailOutbox,
    contactMessage,
    postingFulfilment,
    postingReport,
    moderationAction,
    savedSearch,
    savedSearchEvent,
    savedSearchAlertSent,
    savedSearchDigestItem,
    savedSearchDigest,
    lifestyleAnswer,
    memberSharing,
    agreementVersion,
    agreementSignature,
    ...conversationTables,
  };
  // One statement for every table, each as a digest of its rows (PostgreSQL's text of each row,
  // sorted): a round trip per table, and comparing every row twice for each of some 700 refused
  // calls, were most of this file's time. A changed table fails the cell by name.
  const digest = (rows: SQL) =>
    sql`coalesce(md5(string_agg(r::text, E'\n' ORDER BY r::text)), '') AS digest FROM (${rows}) r`;
  const reads = Object.entries(tables).map(
    ([name, table]) => sql`SELECT ${name}::text AS name, ${digest(sql`SELECT * FROM ${table}`)}`,
  );
  // A session already dead may be swept by the call that presents it; that is not a change.
  reads.push(
    sql`SELECT 'session' AS name, ${digest(sql`SELECT * FROM ${session} WHERE ${session.expiresAt} > ${now}`)}`,
  );
  const state: Record<string, string | string[]> = {};
  for (const row of await queryRows<{ name: string; digest: string }>(db, sql.join(reads, sql` UNION ALL `))) {
    state[row.name] = row.digest;
  }
  state.files = storedFiles(t).sort();
  // Uploads' temporary folders (decision 0022): a refused upload never makes one, or leaves it behind.
  const uploads = path.join(t.config.dataDir, 'tmp');
  state.uploads = existsSync(uploads) ? readdirSync(uploads).sort() : [];
  return state;
}

beforeAll(async () => {
  t = await createTestApp({ COLLEGE_CONFIG: collegeConfigWith({ moderators: MODERATOR_EMAILS }) }, undefined, {
    backgroundJobs: false,
    liveStreamMaxMs: 200,
    onRoute(route) {
      if (!route.url.startsWith('/api')) return;
      const guards = [route.preValidation, route.handler].flat().filter((hook) => hook !== undefined);
      const action = guards.map((hook) => (hook as Partial<Guard>).action).find((name) => name !== undefined);
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue;
        registered.push(`${method} ${route.url}`);
        if (action) guarded.set(`${method} ${route.url}`, action);
      }
    },
  });
  for (const kind of [...CALLERS, 'moderator', ...GROUP_CALLERS] as const) shared.set(kind, await makeCaller(kind));
  owner = shared.get('owner') as Caller;
  other = shared.get('otherStudent') as Caller;
  const created = await sendPosting(t, {
    cookie: owner.cookie,
    posting: onCampusPosting(),
    files: [await jpegFile()],
  });
  expect(created.statusCode, created.body).toBe(201);
  imageUrl = created.json().images[0].cardUrl;
}, 180_000);
afterAll(async () => t?.close());

describe('authorization matrix', () => {
  it('has a row for every API route the app registers, and no row for a route it lacks', () => {
    const covered = [...new Set(rows.map((row) => row.route))].sort();
    expect([...new Set(registered)].sort()).toEqual(covered);
  });

  it('exercises every action of the shared vocabulary with at least one route row', () => {
    const exercised = new Set(rows.flatMap((row) => row.actions));
    expect(ACTIONS.filter((action) => !exercised.has(action))).toEqual([]);
  });

  it("names each route's guard among its rows' actions, and no action for a route without a guard", () => {
    for (const row of rows) {
      const action = guarded.get(row.route);
      if (action) expect(row.actions, row.route).toContain(action);
      else expect(row.actions, row.route).toEqual([]);
    }
  });

  it.each(rows.map((row) => [row.name ? `${row.route} (${row.name})` : row.route, row] as const))(
    '%s',
    async (_label, row) => {
      const [method = 'GET'] = row.route.split(' ');
      const kinds: AnyCallerKind[] = [
        ...CALLERS,
        ...(row.moderator ? (['moderator'] as const) : []),
        ...(row.group ? GROUP_CALLERS : []),
      ];
      for (const kind of kinds) {
        const caller = row.fresh ? await makeCaller(kind) : (shared.get(kind) as Caller);
        const call = await row.call(caller);
        const expected =
          kind === 'moderator'
            ? (row.moderator as Outcome)
            : kind === 'coadmin' || kind === 'member' || kind === 'invited'
              ? (row.group as Record<GroupCallerKind, Outcome>)[kind]
              : row.expect[kind];
        const now = new Date();
        const before = expected.status >= 400 || expected.code !== undefined ? await snapshot(now) : undefined;
        const response = await t.app.inject({
          method: method as 'GET',
          url: call.url,
          headers: {
            ...originHeader(t),
            // Each call from an address of its own: the auth rate limits are not what this tests.
            'x-forwarded-for': nextAddress(),
            ...(caller.cookie ? { cookie: caller.cookie } : {}),
            ...(call.contentType ? { 'content-type': call.contentType } : {}),
          },
          ...(call.payload !== undefined ? { payload: call.payload } : {}),
        });
        const cell = `${row.route}${row.name ? ` (${row.name})` : ''} as ${kind}`;
        expect(response.statusCode, `${cell}: ${response.body.slice(0, 300)}`).toBe(expected.status);
        if (before) {
          expect(errorCode(response), cell).toBe(expected.code);
          expect(await snapshot(now), `${cell} changed something`).toEqual(before);
        } else {
          await row.check?.(response, caller);
        }
      }
    },
    180_000,
  );
});

// The size of the matrix, for docs/testing.md.
afterAll(() => {
  const moderatorCells = rows.filter((row) => row.moderator).length;
  const groupCells = rows.filter((row) => row.group).length * GROUP_CALLERS.length;
  const cells = rows.length * CALLERS.length + moderatorCells + groupCells;
  const actions = new Set(rows.flatMap((row) => row.actions)).size;
  console.info(
    `authorization matrix: ${actions} actions, ${new Set(registered).size} routes (${rows.length} rows) x ${CALLERS.length} callers + ${moderatorCells} moderator cells + ${groupCells} group cells = ${cells} cells`,
  );
});
