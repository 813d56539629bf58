import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PAGE_ANSWERS_ELEMENT_ID } from '../../shared/page-answers';
import { PAGE_MODULES_ELEMENT_ID, type PageModules } from '../../shared/page-modules';
import { PAGE_QUERIES_ELEMENT_ID } from '../../shared/page-queries';
import { MAIN_LAYOUT_MODULE, matchRoute, type PageRoute, ROUTES } from '../../shared/routes';
import { escapeHtml } from './escape-html';

/** What could end a `<script>` element or be read as markup, and JSON's own escape for each. */
const SCRIPT_UNSAFE = /[<>&\u2028\u2029]/;
const SCRIPT_UNSAFE_ALL = new RegExp(SCRIPT_UNSAFE.source, 'g');
const SCRIPT_ESCAPES: Readonly<Record<string, string>> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * JSON to put inside `<script type="application/json">`: nothing in it can end the element or
 * be read as markup (posting text is students' own), and `JSON.parse` reads it back unchanged.
 * One pass over the text, and none where nothing needs escaping (most answers).
 */
export function scriptJson(value: unknown): string {
  const json = JSON.stringify(value);
  return SCRIPT_UNSAFE.test(json)
    ? json.replace(SCRIPT_UNSAFE_ALL, (unsafe) => SCRIPT_ESCAPES[unsafe] as string)
    : json;
}

/**
 * The JSON of a frozen value, written once: an answer that is the same for every page (the
 * college's configuration, frozen by answer-route.ts) is not serialised again for each one.
 */
const frozenJson = new WeakMap<object, string>();
function valueJson(value: unknown): string {
  if (value === null || typeof value !== 'object' || !Object.isFrozen(value)) return scriptJson(value);
  let json = frozenJson.get(value);
  if (json === undefined) {
    json = scriptJson(value);
    frozenJson.set(value, json);
  }
  return json;
}

/** `scriptJson(answers)`, each answer's JSON written once if it is frozen. */
function answersJson(answers: Readonly<Record<string, unknown>>): string {
  const members = Object.entries(answers)
    .filter(([, value]) => value !== undefined)
    .map(([address, value]) => `${scriptJson(address)}:${valueJson(value)}`);
  return `{${members.join(',')}}`;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

function closure(manifest: Manifest, key: string, into: Set<string>): Set<string> {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const imported of manifest[key].imports ?? []) closure(manifest, imported, into);
  return into;
}

/** The app itself (main.tsx, a second entry of the build), which the entry (boot.ts) starts once the page has painted. */
const APP_MODULE = 'main.tsx';
/** The code that makes the warnings drawn over a page modal (warnings.ts, the build's third entry). */
const WARNINGS_MODULE = 'warnings.ts';

/**
 * The landing backdrop's first image as plain HTML, before the app's root: it paints as soon as
 * the image and the stylesheet arrive, without waiting for scripts, where the landing page's hero
 * will be (global.css, `.first-backdrop`). The landing page's own backdrop takes its place and
 * removes it (src/client/shell/first-backdrop.ts).
 */
const firstBackdropHtml = (image: string) =>
  `<div id="first-backdrop" class="first-backdrop" aria-hidden="true"><img src="${escapeHtml(image)}" alt="" fetchpriority="high"></div>\n    `;

/**
 * The page the server sends for a route, for a visitor with or without a session cookie.
 */
export type PageHtml = (
  pathname: string,
  options?: {
    hasSession?: boolean;
    /** The stores' answers (the college's configuration, the session) by address: their preloads are left out. */
    answers?: Readonly<Record<string, unknown>>;
    /** The addresses of answers the page needs and does not carry, for the browser to ask for early. */
    preloads?: readonly string[];
    /**
     * The page drawn on the server (page-drawing.ts): its HTML in place of 'Loading...', and the query
     * cache it was drawn from.
     */
    drawn?: { html: string; queries: unknown; drawnAt: number };
    /** The warnings drawn over the page (page-warnings.ts), at the top of its body. */
    warnings?: string;
    /** The document's title (the route table's, src/shared/routes.ts), in place of index.html's. */
    title?: string;
    /**
     * The page's own address when the browser's is another (a form route answered with the page):
     * the scripts put it in the address bar before they take the page over (main.tsx).
     */
    address?: string;
  },
) => string;

/**
 * Where a page's per-request parts go in its frame (characters no template or slot value holds
 * where they are looked for: the template is the build's HTML).
 */
const SLOT = {
  root: '\u0000root\u0000',
  queries: '\u0000queries\u0000',
  answers: '\u0000answers\u0000',
  title: '\u0000title\u0000',
} as const;
const SLOTS = new RegExp(`(${Object.values(SLOT).join('|')})`);
const FRAMES_KEPT = 256;

/** index.html's title: the product's name until the page's own replaces it. */
const INDEX_TITLE = /<title>[^<]*<\/title>/;

/** index.html's root: 'Loading...' until the scripts have drawn the page. */
const EMPTY_ROOT = /<div id="root">[\s\S]*?<\/div>/;

/** The session's preload in index.html: the page's own data preloads go after it. */
const SESSION_PRELOAD = /<link rel="preload" href="\/api\/me" as="fetch" crossorigin ?\/?>/;
/** Any data preload (index.html's and the page's own), with the address it names. */
const DATA_PRELOAD = /\n\s*<link rel="preload" href="([^"]+)" as="fetch" crossorigin ?\/?>/g;

/** The route of the table a page address names ('/messages/abc' is '/messages/:id'), if it is one. */
export function pageRoute(pathname: string): PageRoute | undefined {
  return matchRoute(pathname)?.route;
}

/**
 * The client's index.html for each route, naming the app (main.tsx) and the chunks that route
 * needs (the app's imports, its page, the main layout and their static imports) for the entry to
 * ask for all at once after the first paint (decision 0030): one round trip rather than a chain.
 * (Every page's styles are in the one stylesheet index.html links.) Built once from the build
 * manifest; without a manifest (an older build) every route gets index.html as it is.
 */
export function loadPageHtml(
  clientDir: string,
  /**
   * The image a route paints first and largest (the landing page's backdrop), drawn in the page
   * itself for visitors with a session cookie. Without one the guard sends the visitor to the
   * sign-in page, so the image would only flash.
   */
  firstImages: Readonly<Record<string, string>> = {},
): PageHtml {
  const indexHtml = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const manifestFile = path.join(clientDir, '.vite/manifest.json');
  if (!existsSync(manifestFile)) return () => indexHtml;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  // The entry (boot.ts) is index.html's own script, and imports nothing (scripts/lib/first-load.mjs checks).
  const app = manifest[APP_MODULE];

  const htmlFor = (modules: string[]): string => {
    if (!app) return indexHtml;
    const keys = new Set<string>();
    for (const module of [APP_MODULE, ...modules]) closure(manifest, module, keys);
    const files = new Set<string>();
    for (const key of keys) {
      const chunk = manifest[key] as ManifestChunk;
      if (key !== APP_MODULE && chunk.file.endsWith('.js')) files.add(`/${chunk.file}`);
    }
    const named: PageModules = { app: `/${app.file}`, modules: [...files] };
    // (Replacers as functions here and below: a replacement string would read `$&` and the like.)
    return indexHtml.replace(
      '</head>',
      () =>
        `  <script type="application/json" id="${PAGE_MODULES_ELEMENT_ID}">${scriptJson(named)}</script>\n  </head>`,
    );
  };
  // A path that is no route: the app alone, whose router sends the visitor on.
  const unrouted = htmlFor([]);

  const byRoute = new Map<string, string>();
  const withFirstImage = new Map<string, string>();
  for (const { path: route, page, bare } of ROUTES as readonly PageRoute[]) {
    const html = htmlFor([...(bare ? [] : [MAIN_LAYOUT_MODULE]), page]);
    byRoute.set(route, html);
    const image = firstImages[route];
    if (image) {
      withFirstImage.set(
        route,
        html
          // Asked for first, ahead of the scripts and stylesheets: it is the page's largest paint.
          .replace(
            '</title>',
            () => `</title>\n    <link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(image)}">`,
          )
          .replace('<div id="root">', () => `${firstBackdropHtml(image)}<div id="root">`),
      );
    }
  }
  // The warnings' code (warnings.ts), in the pages it has warnings to take over in, with its imports.
  const warningsScripts = [...closure(manifest, WARNINGS_MODULE, new Set())]
    .map((key) => manifest[key] as ManifestChunk)
    .filter((chunk) => chunk.file.endsWith('.js'))
    .map((chunk) =>
      chunk.isEntry
        ? `<script type="module" crossorigin src="/${chunk.file}"></script>`
        : `<link rel="modulepreload" crossorigin href="/${chunk.file}">`,
    );
  const withWarnings = (html: string, warnings: string) =>
    warnings
      ? html
          .replace('</head>', () => `  ${warningsScripts.join('\n    ')}\n  </head>`)
          .replace('<body>', () => `<body>\n    ${warnings}`)
      : html;

  /**
   * The page with its three per-request parts (the drawn root, the query cache, the stores'
   * answers) left as slots, everything else (the route's modules and first image, the warnings,
   * the preloads and which of them the answers replace) put in place as before.
   */
  const frame = (
    pathname: string,
    { hasSession = false, answers = {}, preloads = [], drawn, warnings = '', title }: Parameters<PageHtml>[1] = {},
  ): string => {
    const titled = (html: string) =>
      title === undefined ? html : html.replace(INDEX_TITLE, () => `<title>${SLOT.title}</title>`);
    const route = pageRoute(pathname)?.path;
    const html = route && ((hasSession ? withFirstImage.get(route) : undefined) ?? byRoute.get(route));
    if (!route || html === undefined) return titled(withWarnings(unrouted, warnings));
    let page = titled(withWarnings(html, warnings));
    const data = preloads.map((href) => `<link rel="preload" href="${escapeHtml(href)}" as="fetch" crossorigin>`);
    if (data.length > 0) page = page.replace(SESSION_PRELOAD, (session) => [session, ...data].join('\n    '));
    if (drawn) {
      page = page
        .replace(EMPTY_ROOT, () => SLOT.root)
        .replace(
          '</head>',
          () => `  <script type="application/json" id="${PAGE_QUERIES_ELEMENT_ID}">${SLOT.queries}</script>\n  </head>`,
        );
    }
    if (Object.keys(answers).length === 0) return page;
    return page
      .replace(DATA_PRELOAD, (line, href: string) =>
        Object.hasOwn(answers, href.replaceAll('&amp;', '&')) ? '' : line,
      )
      .replace(
        '</head>',
        () => `  <script type="application/json" id="${PAGE_ANSWERS_ELEMENT_ID}">${SLOT.answers}</script>\n  </head>`,
      );
  };
  /**
   * Frames by what shapes them, split at their slots: a page is then one join of a few strings
   * rather than several passes of search and replace over all of it. A few dozen in use (routes
   * by warnings and preloads); emptied when full, so addresses with queries of every kind cannot
   * grow it without bound.
   */
  const frames = new Map<string, string[]>();
  return (pathname, options = {}) => {
    const { hasSession = false, answers = {}, preloads = [], drawn, warnings = '', title } = options;
    // The frame depends on the address only through its route (or its having none).
    const route = pageRoute(pathname)?.path ?? '';
    const key = [
      route,
      hasSession,
      warnings,
      preloads.join('\n'),
      Object.keys(answers).join('\n'),
      Boolean(drawn),
      title !== undefined,
    ].join('\u0000');
    let parts = frames.get(key);
    if (!parts) {
      if (frames.size >= FRAMES_KEPT) frames.clear();
      parts = frame(pathname, { ...options, drawn: drawn && { html: '', queries: null, drawnAt: 0 } }).split(SLOTS);
      frames.set(key, parts);
    }
    // (A slot is in the frame only when its part is given.)
    const fill: Record<string, () => string> = {
      [SLOT.root]: () => `<div id="root" data-drawn data-drawn-at="${drawn?.drawnAt}">${drawn?.html}</div>`,
      [SLOT.queries]: () => scriptJson(drawn?.queries),
      [SLOT.answers]: () => answersJson(answers),
      [SLOT.title]: () => escapeHtml(title ?? ''),
    };
    const page = parts.map((part) => fill[part]?.() ?? part).join('');
    // A form route's answer (a refused posting form drawn again): the page's own address, which
    // the scripts put in the address bar (main.tsx). Rare: one pass over this page only.
    const { address } = options;
    if (address === undefined) return page;
    return page.replace('<div id="root"', () => `<div id="root" data-address="${escapeHtml(address)}"`);
  };
}
