/**
 * Hostile input to the pages' plain forms (issue 31, src/server/http/form-posts.ts), with the rules
 * of hostile-input.test.ts: never a 500, and a refusal changes nothing. A form route answers a
 * browser's form with a redirect, so each answer here must also send the browser to a page of this
 * site (never off it, never to the API), whatever the body, the return field or the path's id.
 * All the routes share FUZZ_RUNS payloads (one route per payload). The detail view's Status and
 * Delete act on a posting of their own, so a deletion or a Fulfilled status that gets through leaves
 * the shared posting and its ping to the other routes.
 */
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { conversation } from '../../src/server/db/schema';
import { AGREEMENT_FORM_ROUTES } from '../../src/shared/agreement-form-posts';
import { BROWSE_FORM_ROUTES } from '../../src/shared/browse-form-posts';
import { FORM_ROUTES as APP_FORM_ROUTES, RETURN_FIELD } from '../../src/shared/form-posts';
import { MEMBER_FORM_ROUTES } from '../../src/shared/member-form-posts';
import { ANSWER_WARNING_ROUTE } from '../../src/shared/page-warnings';
import { PROFILE_FORM_ROUTES } from '../../src/shared/profile-form-posts';
import { POSTING_FORM_FIELDS, postingFormStepValue } from '../../src/shared/schemas/posting-form-sent';
import { insertPosting } from '../support/browse-fixtures';
import { errorProblems, FUZZ_RUNS, hostileString, idSegment, keyFrom } from '../support/hostile';
import { originHeader } from '../support/users';
import { admin, fuzz, pinger, pingId, postingId, setUpHostileApp, TIMEOUT, t } from './hostile-setup';

setUpHostileApp();

/** Every plain form's route: sign-in's, the signed-in pages', the profile's sections', the agreement's and the warnings' answer. */
const FORM_ROUTES = {
  ...APP_FORM_ROUTES,
  ...BROWSE_FORM_ROUTES,
  ...MEMBER_FORM_ROUTES,
  ...PROFILE_FORM_ROUTES,
  ...AGREEMENT_FORM_ROUTES,
  answerWarning: ANSWER_WARNING_ROUTE,
};

const FIELDS = [
  RETURN_FIELD,
  'email',
  'password',
  'bookmarked',
  'message',
  'status',
  'body',
  'clientKey',
  'reason',
  'details',
  'name',
  'confirmPassword',
  'currentPassword',
  'confirmEmail',
  'alert',
  'filters',
  'clause',
  'text',
  'textHash',
  'confirm',
  'warning',
  'answer',
  'token',
  'academicYear',
  'gender',
  'customGender',
  'phoneNumber',
  'instagramHandle',
  'share.email',
  'unreadEmail',
  POSTING_FORM_FIELDS.step,
  POSTING_FORM_FIELDS.keptImages,
];

const ESCAPES = [
  '//evil.example/',
  'https://evil.example/',
  '/\\evil.example',
  '\\\\evil.example',
  '/%2F%2Fevil.example',
  'javascript:alert(1)',
  ' //evil.example',
  '/api/me',
  '/API/me',
];

/** A form body as a browser (or anyone) might send it: the routes' fields, repeated or missing, hostile values. */
const formBody = fc.oneof(
  {
    weight: 8,
    arbitrary: fc
      .tuple(
        fc.array(fc.tuple(keyFrom(FIELDS), hostileString), { maxLength: 8 }),
        // Return addresses that lead off the site or into the API, as an attacker's link would carry.
        fc.option(fc.constantFrom(...ESCAPES).map((to): [string, string] => [RETURN_FIELD, to])),
      )
      .map(([entries, away]) => new URLSearchParams(away ? [...entries, away] : entries).toString()),
  },
  { weight: 1, arbitrary: fc.string() },
);
const formType = fc.oneof(
  { weight: 8, arbitrary: fc.constant('application/x-www-form-urlencoded') },
  { weight: 1, arbitrary: fc.constantFrom('application/json', 'text/plain', 'multipart/form-data; boundary=x') },
);

/** Where a redirect sends the browser: a page of this site, not the API and not another site. */
function redirectProblem(status: number, location: unknown): string | null {
  if (status < 300 || status >= 400) return null;
  if (typeof location !== 'string') return `a ${status} without a Location`;
  const target = new URL(location, 'http://this.site');
  if (target.origin !== 'http://this.site') return `a ${status} off the site: ${location}`;
  if (target.pathname.startsWith('/api/')) return `a ${status} to the API: ${location}`;
  return null;
}

/**
 * A refusal's answer: the API's error shape, or (the posting form's routes) the form's page drawn
 * again, for the form's own address.
 */
function formPageOrError(status: number, body: string): string[] {
  if (body.startsWith('<!doctype html>')) {
    return /<div id="root" data-address="\/create-posting[?"]/.test(body) ? [] : [`a ${status} page not the form's`];
  }
  return errorProblems(status, body);
}

describe(`hostile input to the plain forms (issue 31): ${FUZZ_RUNS} generated payloads over ${Object.keys(FORM_ROUTES).length} routes`, () => {
  let conversationId: string;
  let spareId: string;

  beforeAll(async () => {
    const [row] = await t.database.db.select().from(conversation).where(eq(conversation.pingId, pingId));
    conversationId = row?.id as string;
    expect(conversationId).toBeTruthy();
    spareId = await insertPosting(t.database.db, admin.id);
  });

  it(
    'POST /api/forms/* and GET /api/forms/sign-in/provider',
    async () => {
      const request = fc.record({
        route: fc.constantFrom(...(Object.keys(FORM_ROUTES) as (keyof typeof FORM_ROUTES)[])),
        id: idSegment([postingId, pingId, '']),
        body: formBody,
        type: formType,
        who: fc.constantFrom('admin', 'pinger', 'nobody'),
      });
      const statuses = await fuzz(
        request,
        async (payload) => {
          const ids = {
            bookmark: postingId,
            ping: postingId,
            answerPing: pingId,
            sendMessage: conversationId,
            report: postingId,
            postingStatus: spareId,
            deletePosting: spareId,
            editPosting: postingId,
            editAgreementClause: postingId,
            signAgreement: postingId,
            unblock: pinger.id,
          };
          const real = ids[payload.route as keyof typeof ids];
          const id = payload.id === '' && real ? real : payload.id;
          const path = FORM_ROUTES[payload.route].replace(':id', id);
          const member = payload.who === 'admin' ? admin : payload.who === 'pinger' ? pinger : null;
          const response = await t.app.inject(
            payload.route === 'providerSignIn'
              ? { method: 'GET', url: `${path}?${payload.body}`, headers: member ? { cookie: member.cookie } : {} }
              : {
                  method: 'POST',
                  url: path,
                  headers: {
                    ...originHeader(t),
                    ...(member ? { cookie: member.cookie } : {}),
                    'content-type': payload.type,
                  },
                  payload: payload.body,
                },
          );
          expect(redirectProblem(response.statusCode, response.headers.location)).toBeNull();
          return response;
        },
        { errorShape: formPageOrError },
      );
      expect(statuses.get(303)).toBeGreaterThan(0);
    },
    TIMEOUT,
  );
});

/**
 * The posting form's step buttons (Add member, Remove member n, Remove image n) send the whole form
 * with a step: whatever the step, the rows and the images kept, nothing is saved (the form is drawn
 * again, done or refused).
 */
const stepForm = fc.record({
  route: fc.constantFrom('createPosting', 'editPosting'),
  step: fc.oneof(
    fc.constantFrom(
      postingFormStepValue.addMember(),
      postingFormStepValue.removeMember(0),
      postingFormStepValue.removeMember(1),
      postingFormStepValue.removeMember(999),
      postingFormStepValue.removeImage('00000000-0000-0000-0000-000000000000'),
      'remove-image:',
      'remove-member:-1',
      '',
    ),
    hostileString,
  ),
  keptImages: fc.option(fc.oneof(hostileString, fc.constantFrom('a a', 'new:0', ' ')), { nil: undefined }),
  rows: fc.array(fc.tuple(fc.nat({ max: 14 }), fc.constantFrom('id', 'name', 'gender'), hostileString), {
    maxLength: 4,
  }),
  who: fc.constantFrom('admin', 'pinger'),
});

describe('hostile steps of the posting form (issue 31)', () => {
  it(
    'POST /api/forms/postings(/:id) with a step saves nothing, whatever it carries',
    async () => {
      const statuses = await fuzz(
        stepForm,
        async (payload) => {
          const form = new FormData();
          form.append('dorm', 'Walsh');
          form.append('curNumSeek', '1');
          for (const [at, field, value] of payload.rows) form.append(`members.${at}.${field}`, value);
          if (payload.keptImages !== undefined) form.append(POSTING_FORM_FIELDS.keptImages, payload.keptImages);
          form.append(POSTING_FORM_FIELDS.step, payload.step);
          form.append('images', new Blob([], { type: 'application/octet-stream' }), '');
          const request = new Request('http://localhost/', { method: 'POST', body: form });
          const member = payload.who === 'admin' ? admin : pinger;
          return t.app.inject({
            method: 'POST',
            url: MEMBER_FORM_ROUTES[payload.route].replace(':id', postingId),
            headers: {
              ...originHeader(t),
              cookie: member.cookie,
              'content-type': request.headers.get('content-type') as string,
            },
            payload: Buffer.from(await request.arrayBuffer()),
          });
        },
        { readOnly: true, errorShape: formPageOrError },
      );
      // Some steps were done (the form drawn again with them), some refused.
      expect(statuses.get(200)).toBeGreaterThan(0);
      expect([...statuses.keys()].some((status) => status >= 400)).toBe(true);
    },
    TIMEOUT,
  );
});
