import { PAGE_ANSWERS_ELEMENT_ID } from '../../shared/page-answers';

/**
 * How long after the page started an answer written into it still stands in for a fetch. The
 * answers are those the first paint asks for at once; one asked for later is fetched afresh.
 */
const FIRST_PAINT_MS = 30_000;

let answers: Map<string, unknown> | undefined;

function readAnswers(): Map<string, unknown> {
  const text = typeof document === 'undefined' ? null : document.getElementById(PAGE_ANSWERS_ELEMENT_ID)?.textContent;
  if (!text) return new Map();
  try {
    return new Map(Object.entries(JSON.parse(text) as Record<string, unknown>));
  } catch {
    return new Map();
  }
}

/**
 * The answer the server wrote into the page for this exact address (src/server/http/page-answers.ts),
 * given once: to the first request for it, while the page is still drawing itself.
 */
export function takePageAnswer(path: string): { value: unknown } | undefined {
  answers ??= readAnswers();
  if (!answers.has(path)) return undefined;
  const value = answers.get(path);
  answers.delete(path);
  return performance.now() < FIRST_PAINT_MS ? { value } : undefined;
}
