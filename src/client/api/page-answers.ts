import { CONFIG_PATH, ME_PATH, PAGE_ANSWERS_ELEMENT_ID } from '../../shared/page-answers';

/**
 * How long after the page started an answer written into it still stands in for a fetch. The
 * answers are those the first paint asks for at once; one asked for later is fetched afresh.
 */
const FIRST_PAINT_MS = 30_000;

let answers: Map<string, unknown> | undefined;

function readAnswers(): Map<string, unknown> {
  const text = document.getElementById(PAGE_ANSWERS_ELEMENT_ID)?.textContent;
  if (!text) return new Map();
  try {
    const all = Object.entries(JSON.parse(text) as Record<string, unknown>);
    // A page the server drew hydrates its queries from the cache it was drawn from (decision 0029):
    // only the stores' two answers are taken here, and a query that refetches goes to the network.
    const drawn = document.getElementById('root')?.hasAttribute('data-drawn');
    return new Map(drawn ? all.filter(([path]) => path === CONFIG_PATH || path === ME_PATH) : all);
  } catch {
    return new Map();
  }
}

/**
 * The answer the server wrote into the page for this exact address (src/server/http/page-answers.ts),
 * given once: to the first request for it, while the page is still drawing itself.
 */
export function takePageAnswer(path: string): { value: unknown } | undefined {
  if (import.meta.env.SSR) return serverAnswer(path);
  answers ??= readAnswers();
  if (!answers.has(path)) return undefined;
  const value = answers.get(path);
  answers.delete(path);
  return performance.now() < FIRST_PAINT_MS ? { value } : undefined;
}

/** On the server (entry-server.tsx): the answers the page is drawn from, as often as asked for. */
function serverAnswer(path: string): { value: unknown } | undefined {
  return answers?.has(path) ? { value: answers.get(path) } : undefined;
}

/** Server only: the answers the next drawing reads. */
export function provideServerAnswers(next: Readonly<Record<string, unknown>>): void {
  answers = new Map(Object.entries(next));
}
