/**
 * The API answers a page's first paint needs (page-data.ts names them), asked of this server
 * in-process and written into the page itself (decision 0019). On a slow phone each answer fetched
 * separately costs a round trip on one of the browser's six connections, beside the scripts. In
 * the page, the answers arrive with the HTML. They come from the API's own routes, with the
 * visitor's own cookie, so they carry the same checks and the same bytes as a fetch would.
 */
import type { FastifyInstance } from 'fastify';

export interface PageAnswers {
  /** Successful JSON answers by their exact address (what the client asks for). */
  answers: Record<string, unknown>;
  /** Cookies the API set while answering (a renewed session): the page passes them on. */
  setCookies: string[];
}

const cookieName = (setCookie: string) => setCookie.slice(0, setCookie.indexOf('='));

export async function fetchPageAnswers(
  app: FastifyInstance,
  paths: readonly string[],
  cookie: string | undefined,
): Promise<PageAnswers> {
  const responses = await Promise.all(
    paths.map((url) =>
      app.inject({ method: 'GET', url, headers: { accept: 'application/json', ...(cookie ? { cookie } : {}) } }).then(
        (response) => ({ url, response }),
        // An answer that cannot be had here is left to the page to fetch (and to show its error).
        () => ({ url, response: undefined }),
      ),
    ),
  );
  const answers: Record<string, unknown> = {};
  const cookies = new Map<string, string>();
  for (const { url, response } of responses) {
    if (!response) continue;
    for (const setCookie of ([] as string[]).concat(response.headers['set-cookie'] ?? [])) {
      cookies.set(cookieName(setCookie), setCookie);
    }
    const json = String(response.headers['content-type'] ?? '').startsWith('application/json');
    if (response.statusCode !== 200 || !json) continue;
    try {
      answers[url] = response.json();
    } catch {
      // Not JSON after all: the page fetches it itself.
    }
  }
  return { answers, setCookies: [...cookies.values()] };
}

/**
 * JSON to put inside `<script type="application/json">`: nothing in it can end the element or
 * be read as markup (posting text is students' own), and `JSON.parse` reads it back unchanged.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}
