import { readFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBulkPostings } from '../../scripts/lib/bulk-postings';
import { ensureClientBuilt } from '../../scripts/lib/client-build.mjs';
import { collegeAssetUrl } from '../../src/server/college/public-config';
import { PAGE_MODULES_ELEMENT_ID, type PageModules } from '../../src/shared/page-modules';
import { createTestApp, repoRoot, type TestApp } from '../support/app';
import { createMember, type TestMember } from '../support/users';

const clientDir = path.join(repoRoot, 'dist/client');
let t: TestApp;
let member: TestMember;

/** Every script and stylesheet of the build, as the manifest names them. */
function builtAssets(): string[] {
  const manifest = JSON.parse(readFileSync(path.join(clientDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string; css?: string[] }
  >;
  const files = new Set<string>();
  for (const chunk of Object.values(manifest)) for (const file of [chunk.file, ...(chunk.css ?? [])]) files.add(file);
  return [...files].filter((file) => /\.(js|css)$/.test(file)).sort();
}

beforeAll(async () => {
  ensureClientBuilt();
  t = await createTestApp();
  member = await createMember(t);
  await insertBulkPostings(t.database.db, {
    adminId: member.id,
    dormKeys: t.config.college.dorms.map((dorm) => dorm.key),
    from: 1,
    to: 40,
  });
});
afterAll(async () => {
  await t?.close();
});

describe('compression', () => {
  it('sends every hashed script and stylesheet brotli-compressed when the browser accepts br', async () => {
    const assets = builtAssets();
    expect(assets.length).toBeGreaterThan(5);
    for (const file of assets) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/${file}`,
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(response.statusCode, file).toBe(200);
      expect(response.headers['content-encoding'], file).toBe('br');
      expect(String(response.headers.vary), file).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control'], file).toContain('immutable');
      expect(
        zlib.brotliDecompressSync(response.rawPayload).equals(readFileSync(path.join(clientDir, file))),
        file,
      ).toBe(true);
    }
  });

  it('sends gzip to a browser without brotli, and the file as it is to one that accepts neither', async () => {
    const file = builtAssets().find((name) => name.endsWith('.js')) as string;
    const original = readFileSync(path.join(clientDir, file));
    const gzip = await t.app.inject({ method: 'GET', url: `/${file}`, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).equals(original)).toBe(true);
    const plain = await t.app.inject({ method: 'GET', url: `/${file}`, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(original)).toBe(true);
  });

  it('compresses a large JSON answer (a page of postings) on the fly', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/postings?location=oncampus&limit=20',
      headers: { cookie: member.cookie, 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toContain('application/json');
    const body = zlib.brotliDecompressSync(response.rawPayload);
    expect(body.length).toBeGreaterThan(1024);
    expect(response.rawPayload.length).toBeLessThan(body.length / 2);
    const page = JSON.parse(body.toString('utf8')) as { items: unknown[] };
    expect(page.items).toHaveLength(20);
  });

  it('compresses index.html for client routes and leaves small answers as they are', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/signin-wall', headers: { 'accept-encoding': 'gzip' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(zlib.gunzipSync(page.rawPayload).toString('utf8')).toContain('<div id="root"');
    expect(page.headers['content-encoding']).toBe('gzip');
    const health = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'accept-encoding': 'br' } });
    expect(health.statusCode).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
  });

  it('does not serve the build manifest (or any dotfile), while the hashed assets still are', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    for (const url of ['/.vite/manifest.json', '/.vite/', '/.vite', '/assets/../.vite/manifest.json']) {
      for (const method of ['GET', 'HEAD'] as const) {
        const response = await t.app.inject({ method, url, headers: { 'accept-encoding': 'gzip, br' } });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.body).not.toContain('"isEntry"');
        if (method === 'GET') expect(response.json(), url).toEqual(missing.json());
      }
    }
    for (const file of builtAssets().slice(0, 3)) {
      expect((await t.app.inject({ method: 'GET', url: `/${file}` })).statusCode).toBe(200);
    }
  });

  it("names the app and a route's own chunks in its page, for its entry to ask for once the page has painted", async () => {
    const manifest = JSON.parse(readFileSync(path.join(clientDir, '.vite/manifest.json'), 'utf8')) as Record<
      string,
      { file: string }
    >;
    const named = (html: string): PageModules => {
      const json = new RegExp(`<script type="application/json" id="${PAGE_MODULES_ELEMENT_ID}">(.*?)</script>`).exec(
        html,
      )?.[1];
      if (!json) throw new Error('the page names no modules');
      return JSON.parse(json) as PageModules;
    };
    const app = `/${manifest['main.tsx']?.file}`;
    const postingsChunk = `/${manifest['pages/browse/PostingsPage.tsx']?.file}`;
    const layoutChunk = `/${manifest['app/MainLayout.tsx']?.file}`;
    const signInChunk = `/${manifest['features/auth/SignInPage.tsx']?.file}`;
    const postings = await t.app.inject({ method: 'GET', url: '/postings', headers: { cookie: member.cookie } });
    expect(named(postings.body).app).toBe(app);
    expect(named(postings.body).modules).toEqual(expect.arrayContaining([postingsChunk, layoutChunk]));
    expect(named(postings.body).modules).not.toContain(signInChunk);
    // Nothing of the app's is fetched before the page has painted: the entry asks for it after.
    for (const module of [app, ...named(postings.body).modules]) {
      expect(postings.body).not.toContain(`href="${module}"`);
      expect(postings.body).not.toContain(`src="${module}"`);
    }
    const signIn = await t.app.inject({ method: 'GET', url: '/signin-wall' });
    expect(named(signIn.body).modules).toContain(signInChunk);
    expect(named(signIn.body).modules).not.toContain(layoutChunk);
    // A path that is no route still starts the app, whose router sends the visitor on.
    const unknown = await t.app.inject({ method: 'GET', url: '/no-such-page' });
    expect(named(unknown.body).app).toBe(app);
  });

  it("draws the landing page's first image in the page itself for a visitor with a session, asked for first", async () => {
    const image = collegeAssetUrl(t.config.college.landingImages[0]?.src ?? '');
    const landing = await t.app.inject({ method: 'GET', url: '/', headers: { cookie: member.cookie } });
    expect(landing.body).toContain(
      `<div id="first-backdrop" class="first-backdrop" aria-hidden="true"><img src="${image}" alt="" fetchpriority="high"></div>`,
    );
    const preload = landing.body.indexOf(`<link rel="preload" as="image" fetchpriority="high" href="${image}">`);
    expect(preload).toBeGreaterThan(0);
    expect(preload).toBeLessThan(landing.body.indexOf('<script'));
    expect(landing.body.indexOf('id="first-backdrop"')).toBeLessThan(landing.body.indexOf('<div id="root"'));
    expect(String(landing.headers.vary)).toMatch(/cookie/i);
    // Without a session the guard sends the visitor to sign in: the image would only flash.
    const signedOut = await t.app.inject({ method: 'GET', url: '/' });
    expect(signedOut.statusCode).toBe(302);
    expect(signedOut.body).not.toContain('id="first-backdrop"');
    // (The college's configuration in the page names the image; nothing there asks for it.)
    expect(signedOut.body).not.toContain(`src="${image}"`);
    expect(signedOut.body).not.toContain(`href="${image}"`);
    const postings = await t.app.inject({ method: 'GET', url: '/postings', headers: { cookie: member.cookie } });
    expect(postings.body).not.toContain('id="first-backdrop"');
  });

  it("puts in the page (or names for preloading) the API answers its first paint waits for, the session's only for a member", async () => {
    // The stores' answers written into the page, the query cache it was drawn from (by cache key:
    // drawn-pages.test.ts compares each with the API's answer), then the answers left to preload.
    const dataInPage = (html: string) => [
      ...Object.keys(
        JSON.parse(/<script type="application\/json" id="page-answers">([^<]*)<\/script>/.exec(html)?.[1] ?? '{}'),
      ),
      ...((
        JSON.parse(/<script type="application\/json" id="page-queries">([^<]*)<\/script>/.exec(html)?.[1] ?? '{}') as {
          queries?: { queryKey: unknown[] }[];
        }
      ).queries?.map((query) => query.queryKey.join(' ')) ?? []),
      ...[...html.matchAll(/<link rel="preload" href="([^"]+)" as="fetch" crossorigin ?\/?>/g)].map(([, href]) =>
        href?.replaceAll('&amp;', '&'),
      ),
    ];
    const page = async (url: string, cookie?: string) =>
      (await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })).body;

    // The search of the address itself, under the key the page will read it by: filters in the
    // client's order, whatever their order in the address.
    expect(dataInPage(await page('/postings?dorm=Walsh&groupSize=2', member.cookie))).toContain(
      'postings search location=oncampus&groupSize=2&dorm=Walsh',
    );
    // A filter the page would drop is not asked for either.
    expect(dataInPage(await page('/postings?location=offcampus&maxRent=lots', member.cookie))).toContain(
      'postings search location=offcampus',
    );
    // A posting that is not there is drawn as not found, so not asked for again; what the page
    // went without besides (its fit) is named for the page to ask for, and show.
    const notThere = dataInPage(await page('/detailView?id=abc%20def', member.cookie));
    expect(notThere).not.toContain('/api/postings/abc%20def');
    expect(notThere).toContain('/api/postings/abc%20def/fit');
    expect(dataInPage(await page('/myProfile', member.cookie))).toEqual([
      '/api/config',
      '/api/me',
      'stats',
      'pings awaiting',
      'account',
      'postings mine administered',
      'postings mine bookmarked',
      'lifestyle mine',
      'pings received',
      'pings sent',
      // Its other sections too: their forms then work before the scripts (issue 31).
      'groups invitations',
      'groups mine',
      'groups sharing',
      'saved-searches',
      'conversations settings',
      'conversations blocks',
    ]);
    // Without a session a public page has only the public count; a guarded one is a redirect.
    expect(dataInPage(await page('/about'))).toEqual(['/api/config', '/api/me', 'stats']);
    // The sign-in page has no footer (signed in, the server sends the visitor on to '/').
    expect(dataInPage(await page('/signin-wall'))).toEqual(['/api/config', '/api/me']);
  });

  it('keeps better-auth answers readable through the bridge', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: t.config.publicUrl, 'content-type': 'application/json', 'accept-encoding': 'br' },
      payload: JSON.stringify({ email: member.email, password: 'wrong-password-123' }),
    });
    expect(response.statusCode).toBe(401);
    const text =
      response.headers['content-encoding'] === 'br'
        ? zlib.brotliDecompressSync(response.rawPayload).toString('utf8')
        : response.body;
    expect(JSON.parse(text)).toMatchObject({ code: 'INVALID_EMAIL_OR_PASSWORD' });
  });
});
