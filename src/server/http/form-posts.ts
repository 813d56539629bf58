/**
 * The server's side of the pages' plain forms (issue 31, src/shared/form-posts.ts): what a tap made
 * before the scripts arrived, or with JavaScript off, does. A form route reads an HTML form's body,
 * lets the feature's service do the work (every rule and limit of the API's own route applies), and
 * answers 303 back to the page the form was on, with a notice code saying what happened. It never
 * answers a browser's form with JSON or a 500: a refusal goes back to the page with its notice.
 *
 * Cross-site posts: these routes are under /api, so the Origin check refuses a foreign page's post
 * (browsers send Origin with every form POST), and the session cookie is SameSite=Lax besides.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Action } from '../../shared/authorization';
import { type FormNoticeCode, isFormNoticeCode } from '../../shared/form-notices';
import { RETURN_FIELD, sameSitePath, withNotice, withoutNotice } from '../../shared/form-posts';
import { guard } from '../auth/guard';
import { AppError } from './errors';

/** An HTML form's fields (the last value of a repeated name). */
export type FormFields = Readonly<Record<string, string>>;

/** Form fields are short: a message of 2,000 characters, percent-encoded, is well under this. */
const FORM_BODY_LIMIT = 64 * 1024;

/** Reads `application/x-www-form-urlencoded` bodies in the plugin that calls it (and only there). */
export function acceptFormBodies(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => {
      const fields: Record<string, string> = Object.create(null);
      for (const [name, value] of new URLSearchParams(body as string)) fields[name] = value;
      done(null, fields);
    },
  );
}

/** The body as form fields; anything else (no body, JSON sent here) as no fields. */
export function formFields(request: FastifyRequest): FormFields {
  const body = request.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return {};
  const fields: Record<string, string> = Object.create(null);
  for (const [name, value] of Object.entries(body)) if (typeof value === 'string') fields[name] = value;
  return fields;
}

/**
 * The page a form came from: its return field if it names a page of this site, else `fallback`;
 * without the notice an earlier form left in its address.
 */
export function returnPath(fields: FormFields, fallback: string): string {
  return withoutNotice(sameSitePath(fields[RETURN_FIELD]) ?? fallback);
}

/** 303: the browser asks for `path` with GET (a reload then does not post the form again). */
export function seeOther(reply: FastifyReply, path: string, notice?: FormNoticeCode): FastifyReply {
  return reply.header('cache-control', 'no-store').redirect(notice ? withNotice(path, notice) : path, 303);
}

/** The sign-in page, saying why, and back to `back` once signed in. */
export function signInFirst(reply: FastifyReply, notice: FormNoticeCode, back: string): FastifyReply {
  const to = `/signin-wall?${new URLSearchParams({ [RETURN_FIELD]: back }).toString()}`;
  return seeOther(reply, to, notice);
}

export interface MemberFormOptions {
  /** What the form does, as the shared vocabulary names it (the route's guard asks it). */
  action: Action;
  /** What a visitor who is not signed in is told on the sign-in page. */
  unsigned: FormNoticeCode;
  /** What any refusal not listed in form-notices.ts is told with (the form's own failure). */
  failed: FormNoticeCode;
  /** AppError codes told with another notice (a bare NOT_FOUND names what is not found). */
  renamed?: Readonly<Record<string, FormNoticeCode>>;
  /** Where to go back when the form names no page of ours. */
  fallback(request: FastifyRequest): string;
  /**
   * The work, as the API's route does it; the notice of success and, if not back, where to go.
   * `reply` is for headers the answer carries besides (the cookies of a session that ended).
   */
  act(
    request: FastifyRequest,
    fields: FormFields,
    reply: FastifyReply,
  ): Promise<{ notice?: FormNoticeCode; to?: string } | undefined>;
}

/** The notice for a refusal: its own code when the table has it, else the form's failure. */
export function noticeOf(error: unknown, options: Pick<MemberFormOptions, 'failed' | 'renamed'>): FormNoticeCode {
  if (!(error instanceof AppError)) return options.failed;
  const renamed = options.renamed?.[error.code];
  if (renamed) return renamed;
  if (isFormNoticeCode(error.code)) return error.code;
  if (error.statusCode === 429) return 'RATE_LIMITED';
  return options.failed;
}

/**
 * A form route for members (signed in, e-mail verified, current terms accepted: the API's guard of
 * the same action): a visitor goes to the sign-in page and back, any other refusal back to the page
 * with its notice. Errors that are not refusals are logged as the API logs them.
 */
export function memberForm(options: MemberFormOptions) {
  const guardAction = guard(options.action);
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const fields = formFields(request);
    const back = returnPath(fields, options.fallback(request));
    if (!request.viewer) return signInFirst(reply, options.unsigned, back);
    try {
      await guardAction.call(request.server, request, reply);
      const done = await options.act(request, fields, reply);
      return seeOther(reply, done?.to ?? back, done?.notice);
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode >= 500) {
        request.log.error({ err: error }, 'a form post failed');
      }
      return seeOther(reply, back, noticeOf(error, options));
    }
  };
  // Named on the handler, as a guard names it on its hook: the authorization matrix reads both.
  return Object.assign(handler, { action: options.action });
}
