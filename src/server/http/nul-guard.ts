/**
 * PostgreSQL cannot store U+0000 in text: a string carrying it would fail deep in a query and turn
 * into a 500. Such input is refused up front, as a 400 in the API's one error shape.
 */
import type { FastifyInstance } from 'fastify';
import { messages } from '../../shared/messages';
import { AppError } from './errors';

/** True when any string in the value (keys included) holds U+0000. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 64 || typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item, depth + 1));
}

/** A JSON text (as the auth routes receive it) that parses to a value holding U+0000. */
function jsonTextContainsNul(text: string): boolean {
  if (!text.includes('\u0000') && !text.includes('\\u0000')) return false;
  try {
    return containsNul(JSON.parse(text));
  } catch {
    return text.includes('\u0000');
  }
}

const nulRefused = () =>
  new AppError(400, 'NUL_CHARACTER', messages.api.badRequest.title, messages.api.badRequest.message);

/** The auth routes that take an account name: a NUL there is refused with the name's own message. */
const NAMING_AUTH_ROUTES = new Set([
  '/api/auth/sign-up/email',
  '/api/auth/update-user',
  '/api/auth/verify-email/confirm',
]);

function nameHoldsNul(url: string, body: unknown): boolean {
  if (typeof body !== 'string' || !NAMING_AUTH_ROUTES.has(url.split('?')[0] ?? '')) return false;
  try {
    const parsed = JSON.parse(body) as { name?: unknown } | null;
    return typeof parsed?.name === 'string' && parsed.name.includes('\u0000');
  } catch {
    return false;
  }
}

export function installNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const body = request.body;
    const bodyHasNul = typeof body === 'string' ? jsonTextContainsNul(body) : containsNul(body);
    if (bodyHasNul && nameHoldsNul(request.url, body)) {
      throw new AppError(400, 'NAME_INVALID', messages.api.badRequest.title, messages.auth.nameInvalidCharacters);
    }
    if (bodyHasNul || containsNul(request.query) || containsNul(request.params)) throw nulRefused();
  });
}
