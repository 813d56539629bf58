/**
 * One route shape (issue 21): every API route declares its params, query string, body and answers
 * with zod schemas through the type provider, and the OpenAPI document the app serves is made from
 * them.
 *
 * - The document is a valid OpenAPI 3.1 document (checked by @seriousme/openapi-schema-validator,
 *   which validates against the OpenAPI Initiative's own JSON schemas).
 * - Every route, as the running app registers it (buildApp's `onRoute`), declares a schema for its
 *   success answer and for the 4xx/5xx error shape, for its path parameters when its path has any,
 *   for its body when it takes one and for its query string when it reads one. Which routes take no
 *   body and which read a query string is written out below, so a new route must be placed.
 * - Real answers match their schemas: the serializer (fastify-type-provider-zod's
 *   serializerCompiler, set in buildApp) checks every answer against its status code's schema, in
 *   every environment, before it is sent. An answer that does not match is not sent: the request
 *   fails with a 500 in the one error shape and the mismatch is logged. So any integration test
 *   that gets a success status from a route has proved that this answer matches its schema. What it
 *   does not prove: answers no test asks for. Every answer schema is a strict object, so a key
 *   the schema does not name fails too (asserted below) rather than being dropped in silence.
 */
import { Writable } from 'node:stream';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { RouteOptions } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../support/app';

/** Routes outside the one shape, each for a reason. */
const EXEMPT: Record<string, string> = {
  'GET /api/openapi.json': 'the document itself (hidden from it)',
  'GET /api/auth/*': "better-auth's own routes, passed through as they are (hidden from the document)",
  'POST /api/auth/*': "better-auth's own routes, passed through as they are (hidden from the document)",
  // The pages' plain forms (issue 31): a browser's form, answered with a redirect and a notice
  // rather than JSON, so not part of the API the document describes (form-posts.test.ts covers them).
  'GET /api/forms/sign-in/provider': 'a plain link that starts the OpenID sign-in (hidden from the document)',
  'POST /api/forms/sign-in': "the sign-in page's plain form (hidden from the document)",
  'POST /api/forms/postings/:id/bookmark': "the Bookmark button's plain form (hidden from the document)",
  'POST /api/forms/postings/:id/pings': "Ping Interest's plain form (hidden from the document)",
  'POST /api/forms/pings/:id': "Accept and Decline's plain forms (hidden from the document)",
  'POST /api/forms/conversations/:id/messages': "the message composer's plain form (hidden from the document)",
  'POST /api/forms/sign-up': "the sign-up form's plain form (hidden from the document)",
  'POST /api/forms/saved-searches': "Save this search's plain form (hidden from the document)",
  'POST /api/forms/account/password': "Change Password's plain form (hidden from the document)",
  'POST /api/forms/account/delete': "Delete my account's plain form (hidden from the document)",
  'POST /api/forms/postings/:id/reports': "Report posting's plain form (hidden from the document)",
  'POST /api/forms/postings/:id/status': "the detail view's Status as a plain form (hidden from the document)",
  'POST /api/forms/postings/:id/delete': "the detail view's drawn delete confirmation (hidden from the document)",
  'POST /api/forms/postings': "the posting form's plain form, multipart (hidden from the document)",
  'POST /api/forms/postings/:id': "the posting form's plain form for an edit, multipart (hidden from the document)",
  'POST /api/forms/postings/:id/agreement/clauses':
    "the roommate agreement's Change form for a clause (hidden from the document)",
  'POST /api/forms/postings/:id/agreement/signatures': "the roommate agreement's sign form (hidden from the document)",
  'POST /api/forms/page-warnings': "the warnings' answer as a plain form (hidden from the document)",
  'POST /api/forms/saved-searches/:id/delete': "a saved search's drawn delete confirmation (hidden from the document)",
  'POST /api/forms/saved-searches/:id/alert': "a saved search's Alerts as a plain form (hidden from the document)",
  'POST /api/forms/invitations/:id':
    "an invitation's Join and This isn't me as a plain form (hidden from the document)",
  'POST /api/forms/postings/:id/leave': "Leave group's drawn confirmation (hidden from the document)",
  'POST /api/forms/account/sharing': 'What I share as a plain form (hidden from the document)',
  'POST /api/forms/account/conversation-settings': "the unread-message e-mail's plain form (hidden from the document)",
  'POST /api/forms/saved-searches/:id/edit': "a saved search's drawn editor (hidden from the document)",
  'POST /api/forms/account/blocks/:id/unblock': 'Unblock as a plain form (hidden from the document)',
};

/** Writes that take no body: the path says everything. */
const NO_BODY = new Set([
  'PUT /api/postings/:id/bookmark',
  'DELETE /api/postings/:id/bookmark',
  'DELETE /api/postings/:id',
  'POST /api/postings/:id/renew',
  'DELETE /api/saved-searches/:id',
  // RFC 8058's one-click POST sends a form body, which is ignored: the query string carries the link.
  'POST /api/saved-searches/unsubscribe',
  'DELETE /api/me/lifestyle',
  'POST /api/me/decline',
  'POST /api/postings/:id/members/:memberId/invite',
  'POST /api/postings/:id/members/:memberId/withdraw',
  'DELETE /api/postings/:id/members/:memberId',
  'POST /api/postings/:id/leave',
  // Conversations (issue 19).
  'PUT /api/me/blocks/:userId',
  'DELETE /api/me/blocks/:userId',
  'POST /api/moderation/message-reports/:id/dismiss',
  'POST /api/conversation-emails/unsubscribe',
]);

/** Bodies no JSON schema can say (multipart/form-data): read and judged in one place, postings/routes.ts. */
const MULTIPART = new Set(['POST /api/postings', 'PUT /api/postings/:id']);

/** The routes that read a query string. */
const QUERY = new Set([
  'GET /api/postings',
  'GET /api/me/postings/administered',
  'GET /api/me/postings/bookmarked',
  'GET /api/pings/received',
  'GET /api/pings/sent',
  'GET /api/saved-searches/unsubscribe',
  'POST /api/saved-searches/unsubscribe',
  'GET /api/renewals',
  // Conversations (issue 19).
  'GET /api/conversations',
  'GET /api/conversations/:id',
  'POST /api/conversation-emails/unsubscribe',
  'GET /api/events',
  // Finding a typed address on the map (issue 33).
  'GET /api/map/geocode',
]);

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

interface Registered {
  key: string;
  method: string;
  url: string;
  schema: Record<string, unknown> | undefined;
}

const routes: Registered[] = [];
const logLines: string[] = [];
let t: TestApp;

/** Throwaway routes outside /api whose answers do not match their schemas (part c). */
const wrongAnswers: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/test-only/wrong-type',
    { schema: { response: { 200: z.strictObject({ count: z.number().int() }) } } },
    // A number promised, a text answered: the kind of slip a service change makes.
    async () => ({ count: 'three' }) as unknown as { count: number },
  );
  app.get(
    '/test-only/extra-key',
    { schema: { response: { 200: z.strictObject({ name: z.string() }) } } },
    // A key the schema does not name (say, an e-mail address that should have stayed private).
    async () => ({ name: 'Evelyn', email: 'evelyn@bc.edu' }) as unknown as { name: string },
  );
  app.get('/test-only/matching', { schema: { response: { 200: z.strictObject({ name: z.string() }) } } }, async () => ({
    name: 'Evelyn',
  }));
};

beforeAll(async () => {
  const capture = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  t = await createTestApp(
    {},
    (app) => {
      app.register(wrongAnswers);
    },
    {
      backgroundJobs: false,
      logger: { level: 'error', stream: capture },
      onRoute(route: RouteOptions) {
        if (!route.url.startsWith('/api')) return;
        for (const method of [route.method].flat()) {
          if (method === 'HEAD') continue;
          routes.push({
            key: `${method} ${route.url}`,
            method,
            url: route.url,
            schema: route.schema as Record<string, unknown> | undefined,
          });
        }
      },
    },
  );
});
afterAll(async () => {
  await t?.close();
});

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('describes every route with a success answer, and a request body wherever the route takes one', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { requestBody?: unknown; responses?: Record<string, unknown> }>>;
    }>();
    let described = 0;
    for (const route of routes) {
      if (EXEMPT[route.key]) continue;
      const path = route.url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}');
      const operation = document.paths[path]?.[route.method.toLowerCase()];
      expect(operation, `${route.key} is in the document`).toBeDefined();
      const responses = Object.keys(operation?.responses ?? {});
      expect(
        responses.some((status) => /^2\d\d$/.test(status)),
        `${route.key} documents its success answer`,
      ).toBe(true);
      expect(responses, `${route.key} documents its refusals`).toEqual(expect.arrayContaining(['4XX', '5XX']));
      if (WRITES.has(route.method) && !NO_BODY.has(route.key) && !MULTIPART.has(route.key)) {
        expect(operation?.requestBody, `${route.key} documents its body`).toBeDefined();
      }
      described += 1;
    }
    expect(described).toBeGreaterThan(50);
  });

  it('carries no prose description of a body or a query string that a schema now says', async () => {
    const text = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).body;
    expect(text.match(/.{0,80}(Body: \{|Query: [a-z]|Answers \{).{0,40}/g) ?? []).toEqual([]);
  });
});

describe('every route declares its shape with zod schemas', () => {
  const isZod = (value: unknown) => value instanceof z.ZodType;

  it('finds the routes of the running app', () => {
    expect(routes.length).toBeGreaterThan(50);
    for (const key of [...NO_BODY, ...MULTIPART, ...QUERY, ...Object.keys(EXEMPT)]) {
      expect(
        routes.map((r) => r.key),
        `${key} is still a route`,
      ).toContain(key);
    }
  });

  it('declares its answers per status code: success, and the error shape for 4xx and 5xx', () => {
    for (const route of routes) {
      if (EXEMPT[route.key]) continue;
      const response = (route.schema?.response ?? {}) as Record<string, unknown>;
      const success = Object.entries(response).filter(([status]) => /^2\d\d$/.test(status));
      expect(success.length, `${route.key} declares its success answer`).toBeGreaterThan(0);
      for (const [status, schema] of success) {
        // The image route's answer is a file: a content-type answer whose schema is zod as well.
        const zod = isZod(schema)
          ? schema
          : Object.values((schema as { content: Record<string, { schema: unknown }> }).content)[0]?.schema;
        expect(isZod(zod), `${route.key} ${status} is a zod schema`).toBe(true);
        // Strict: an object answer names every key it may carry (checked at its top level here).
        const def = (zod as z.ZodType)._zod.def as { type: string; catchall?: z.ZodType };
        if (def.type === 'object') {
          expect(def.catchall?._zod.def.type, `${route.key} ${status} is a strict object`).toBe('never');
        }
      }
      expect(isZod(response['4xx']), `${route.key} declares its refusals`).toBe(true);
      expect(isZod(response['5xx']), `${route.key} declares its failures`).toBe(true);
    }
  });

  it('declares its path parameters whenever its path has any', () => {
    for (const route of routes) {
      if (EXEMPT[route.key] || !/[:*]/.test(route.url)) continue;
      expect(isZod(route.schema?.params), `${route.key} declares its params`).toBe(true);
    }
  });

  it('declares a body for every write that takes one, and none for those that do not', () => {
    for (const route of routes) {
      if (EXEMPT[route.key] || !WRITES.has(route.method)) continue;
      const takesBody = !NO_BODY.has(route.key) && !MULTIPART.has(route.key);
      expect(isZod(route.schema?.body), `${route.key} ${takesBody ? 'declares' : 'takes no'} body`).toBe(takesBody);
    }
    for (const key of MULTIPART) {
      const route = routes.find((r) => r.key === key);
      expect(route?.schema?.consumes, `${key} says it takes multipart/form-data`).toEqual(['multipart/form-data']);
    }
  });

  it('declares a query string exactly where the route reads one', () => {
    const declared = routes.filter((route) => isZod(route.schema?.querystring)).map((route) => route.key);
    expect(new Set(declared)).toEqual(QUERY);
  });
});

describe('real answers match their schemas', () => {
  it('sends an answer that matches its schema', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/test-only/matching' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ name: 'Evelyn' });
  });

  it('never sends an answer that does not match: a 500 in the error shape, the mismatch on the log', async () => {
    for (const url of ['/test-only/wrong-type', '/test-only/extra-key']) {
      logLines.length = 0;
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(500);
      expect(response.json().error).toMatchObject({ code: 'FST_ERR_RESPONSE_SERIALIZATION' });
      // Nothing of the wrong answer reaches the client.
      expect(response.body).not.toMatch(/three|evelyn@bc\.edu/);
      // The log names the route and the field that did not match (zod's issues carry no values).
      const logged = logLines.map((line) => JSON.parse(line) as { err?: { code?: string; message?: string } });
      const mismatch = logged.find((entry) => entry.err?.code === 'FST_ERR_RESPONSE_SERIALIZATION');
      expect(mismatch?.err?.message).toMatch(
        url.endsWith('wrong-type') ? /"count"/ : /unrecognized_keys[\s\S]*"email"/,
      );
    }
  });
});
