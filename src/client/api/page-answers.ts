import { PAGE_ANSWERS_ELEMENT_ID } from '../../shared/page-answers';

/**
 * How long after the page started an answer written into it still stands in for a fetch. The
 * answers are the stores' (the college's configuration and the session), asked for at once.
 */
const FIRST_PAINT_MS = 30_000;

let answers: Map<string, unknown> | undefined;

function readAnswers(): Map<string, unknown> {
  const text = document.getElementById(PAGE_ANSWERS_ELEMENT_ID)?.textContent;
  if (!text) return new Map();
  try {
    return new Map(Object.entries(JSON.parse(text) as Record<string, unknown>));
  } catch {
    return new Map();
  }
}

/**
 * The answer the server wrote into the page for this exact address (the stores' answers:
 * src/server/http/static.ts), given once: to the first request for it, while the page starts.
 * (The page's own answers are in its query cache, which the browser hydrates: query-client.tsx.)
 */
export function takePageAnswer(path: string): { value: unknown } | undefined {
  if (import.meta.env.SSR) return undefined;
  answers ??= readAnswers();
  if (!answers.has(path)) return undefined;
  const value = answers.get(path);
  answers.delete(path);
  return performance.now() < FIRST_PAINT_MS ? { value } : undefined;
}
