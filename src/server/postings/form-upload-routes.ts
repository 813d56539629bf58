/**
 * The posting form without the scripts (issue 31; the detail view's Status and Delete are in
 * form-routes.ts): /create-posting, for a new posting and for an
 * edit, is an HTML form (multipart/form-data) that posts here. Each route reads the body as the
 * API's create and edit do (the same checks before it is read, the same upload gate, pace and
 * temporary folder) and gives it to the same service, so every rule, limit, image check and the
 * all-or-nothing write apply. Saved: 303 to the posting. A rule broken: the form drawn again,
 * with what was sent (file inputs cannot be refilled: the page says so) and the spec's messages.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MEMBER_FORM_ROUTES } from '../../shared/member-form-posts';
import { messages } from '../../shared/messages';
import { pageAddress } from '../../shared/page-addresses';
import { type PostingInput, postingFromFormFields } from '../../shared/schemas/posting';
import { type PostingFormSent, postingFormSentKey } from '../../shared/schemas/posting-form-sent';
import { guard } from '../auth/guard';
import { viewerOf } from '../auth/viewer';
import { AppError } from '../http/errors';
import { noticeOf, seeOther, signInFirst } from '../http/form-posts';
import { containsNul } from '../http/nul-guard';
import type { SubmissionReading, WithUpload } from './routes';
import type { PostingService } from './service';

/** The HTML form's fields: about 20, and 6 for each member row; each short (a description is 2,000 characters). */
const FORM_LIMITS = { fields: 200, fieldSize: 16 * 1024, parts: 200 + 10 };

export interface PostingEditorFormRoutesOptions {
  service: PostingService;
  /** The API's reading of a multipart body, with its gate, pace and temporary folder. */
  withUpload: WithUpload;
  /** The API's checks before a body is read. */
  mayCreate: (request: FastifyRequest) => Promise<void>;
  mayEdit: (request: FastifyRequest<{ Params: { id: string } }>) => Promise<void>;
  /** Closes a refused upload's connection (its body unread). */
  closeIfUnread: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
}

export async function postingEditorFormRoutes(
  app: FastifyInstance,
  { service, withUpload, mayCreate, mayEdit, closeIfUnread }: PostingEditorFormRoutesOptions,
) {
  const createGuard = guard('posting.create');
  const editGuard = guard('posting.edit');

  /**
   * Handles one form post: refusals before the body is read go back to the page with their notice
   * (a visitor to the sign-in page); once read, the form is drawn again with what was sent.
   */
  const handle = async (
    request: FastifyRequest,
    reply: FastifyReply,
    {
      page,
      allowed,
      save,
    }: {
      /** The form's page. */
      page: string;
      /** The API's checks before the body is read. */
      allowed: () => Promise<void>;
      save: (reading: SubmissionReading) => Promise<{ id: string }>;
    },
  ) => {
    if (!request.viewer) return signInFirst(reply, 'POSTING_UNSIGNED', page);
    try {
      await allowed();
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // The posting's own page says what stands in the way (not the admin, not there).
      if (error.statusCode === 403 || error.statusCode === 404) {
        return seeOther(reply, page, noticeOf(error, { failed: 'POSTING_ADMIN_ONLY', renamed: NOT_ADMIN }));
      }
      return drawAgain(request, reply, page, error, undefined);
    }
    let sent: PostingInput | undefined;
    const reading: SubmissionReading = {
      limits: FORM_LIMITS,
      read(fields) {
        if (containsNul(fields)) return null;
        sent = postingFromFormFields(fields);
        return { posting: sent, imageOrder: undefined };
      },
    };
    try {
      const saved = await save(reading);
      return seeOther(reply, pageAddress.posting(saved.id));
    } catch (error) {
      // A body cut off for its pace: the sender is gone, the API's answer closes the connection.
      if (error instanceof AppError && error.statusCode === 408) throw error;
      return drawAgain(request, reply, page, error, sent);
    }
  };

  /** The form's page drawn again with what was sent and what is wrong (never a 500's page). */
  const drawAgain = (
    request: FastifyRequest,
    reply: FastifyReply,
    page: string,
    error: unknown,
    values: PostingInput | undefined,
  ) => {
    const refusal = error instanceof AppError && error.statusCode < 500;
    if (!refusal) request.log.error({ err: error }, 'a posting form post failed');
    const details = error instanceof AppError ? (error.details ?? []) : [];
    const problems =
      details.length > 0 ? details : [error instanceof AppError ? error.message : messages.submit.storageError];
    const sent: PostingFormSent = { values: values ?? null, problems };
    const postingId = new URL(page, 'http://page').searchParams.get('id') ?? undefined;
    return request.server.sendPageAgain(request, reply, page, {
      status: refusal ? (error as AppError).statusCode : 503,
      queries: [{ queryKey: postingFormSentKey(postingId), data: sent }],
    });
  };

  const create = async (request: FastifyRequest, reply: FastifyReply) =>
    handle(request, reply, {
      page: pageAddress.createPosting(),
      allowed: async () => {
        await createGuard.call(request.server, request, reply);
        await mayCreate(request);
      },
      save: (reading) => withUpload(request, (submission) => service.create(viewerOf(request), submission), reading),
    });
  app.post(
    MEMBER_FORM_ROUTES.createPosting,
    { schema: { hide: true }, onSend: closeIfUnread },
    Object.assign(create, { action: 'posting.create' as const }),
  );

  const edit = async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) =>
    handle(request, reply, {
      page: pageAddress.editPosting(request.params.id),
      allowed: async () => {
        await editGuard.call(request.server, request, reply);
        await mayEdit(request);
      },
      save: (reading) =>
        withUpload(request, (submission) => service.update(viewerOf(request), request.params.id, submission), reading),
    });
  app.post<{ Params: { id: string } }>(
    MEMBER_FORM_ROUTES.editPosting,
    { schema: { hide: true }, onSend: closeIfUnread },
    Object.assign(edit, { action: 'posting.edit' as const }),
  );
}

const NOT_ADMIN = { NOT_POSTING_ADMIN: 'POSTING_ADMIN_ONLY', NOT_FOUND: 'POSTING_GONE' } as const;
