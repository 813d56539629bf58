import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadPageHtml, scriptJson } from './page-html';

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <title>Quadmates</title>
    <link rel="preload" href="/api/config" as="fetch" crossorigin />
    <link rel="preload" href="/api/me" as="fetch" crossorigin />
    <script type="module" crossorigin src="/assets/index-a1b2c3d4.js"></script>
  </head>
  <body>
    <div id="root"><p class="app-status" role="status">Loading...</p></div>
  </body>
</html>`;
const MANIFEST = {
  'main.tsx': { file: 'assets/main-a1b2c3d4.js', isEntry: true },
  'pages/postings/PostingsPage.tsx': { file: 'assets/PostingsPage-a1b2c3d4.js' },
};

const clientDir = mkdtempSync(path.join(os.tmpdir(), 'qm-page-html-'));
mkdirSync(path.join(clientDir, '.vite'));
writeFileSync(path.join(clientDir, 'index.html'), INDEX);
writeFileSync(path.join(clientDir, '.vite/manifest.json'), JSON.stringify(MANIFEST));
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

const jsonIn = (page: string, id: string) =>
  JSON.parse(page.match(new RegExp(`<script type="application/json" id="${id}">(.*?)</script>`))?.[1] ?? 'null');

describe('the page sent for a route', () => {
  it("writes students' text into its JSON so that nothing in it ends the element, and reads back unchanged", () => {
    const text = '</script><b>&amp; \u2028\u2029 $& $1';
    const json = scriptJson({ text });
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual({ text });
  });

  it("carries each visitor's own drawing and answers, however many pages share the same shape", () => {
    const pageHtml = loadPageHtml(clientDir);
    const config = Object.freeze({ productName: 'Quadmates' });
    const pageFor = (name: string, drawnAt: number) =>
      pageHtml('/postings', {
        hasSession: true,
        answers: { '/api/config': config, '/api/me': { user: { name } } },
        preloads: ['/api/pings/awaiting-count'],
        drawn: { html: `<p>Hello, ${name}</p>`, queries: { name }, drawnAt },
        warnings: '<div class="warning">$&</div>',
      });
    const first = pageFor('Ana $&', 1);
    const second = pageFor('Ben', 2);
    for (const [page, name, drawnAt] of [
      [first, 'Ana $&', 1],
      [second, 'Ben', 2],
    ] as const) {
      expect(page).toContain(`<div id="root" data-drawn data-drawn-at="${drawnAt}"><p>Hello, ${name}</p></div>`);
      expect(jsonIn(page, 'page-queries')).toEqual({ name });
      expect(jsonIn(page, 'page-answers')).toEqual({ '/api/config': config, '/api/me': { user: { name } } });
      // The answers it carries are not asked for again; what it lacks is.
      expect(page).not.toContain('href="/api/me"');
      expect(page).toContain('<link rel="preload" href="/api/pings/awaiting-count" as="fetch" crossorigin>');
      expect(page).toContain('<div class="warning">$&</div>');
    }
    // A page not drawn keeps the template's root and its own preloads.
    const bare = pageHtml('/postings', { hasSession: true });
    expect(bare).toContain('Loading...');
    expect(bare).toContain('href="/api/me"');
    expect(bare).not.toContain('page-queries');
  });

  it("carries each page's own title, escaped, in place of the template's", () => {
    const pageHtml = loadPageHtml(clientDir);
    const walsh = pageHtml('/postings', { title: 'Walsh Hall · Quadmates' });
    const hostile = pageHtml('/postings', { title: '</title><script>x()</script> $& · Quadmates' });
    expect(walsh).toContain('<title>Walsh Hall · Quadmates</title>');
    expect(hostile).toContain('<title>&lt;/title&gt;&lt;script&gt;x()&lt;/script&gt; $&amp; · Quadmates</title>');
    expect(pageHtml('/no-such-page', { title: 'Quadmates' })).toContain('<title>Quadmates</title>');
    expect(pageHtml('/postings')).toContain('<title>Quadmates</title>');
  });

  it("names the page's own address when it answers a form's post, escaped, and only then", () => {
    const pageHtml = loadPageHtml(clientDir);
    const drawn = { html: '<p>Form</p>', queries: {}, drawnAt: 3 };
    const again = pageHtml('/postings', { drawn, address: '/postings?q="a"&b' });
    expect(again).toContain(
      '<div id="root" data-address="/postings?q=&quot;a&quot;&amp;b" data-drawn data-drawn-at="3">',
    );
    // The frame it was made from is not changed for the next page of the same shape.
    expect(pageHtml('/postings', { drawn })).toContain('<div id="root" data-drawn data-drawn-at="3">');
    // Not drawn (the page queue was full), the scripts still learn the address.
    expect(pageHtml('/postings', { address: '/postings' })).toContain('<div id="root" data-address="/postings">');
  });
});
