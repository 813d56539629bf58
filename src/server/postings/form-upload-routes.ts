/**
 * The posting form without the scripts (issue 31; the detail view's Status and Delete are in
 * form-routes.ts): /create-posting, for a new posting and for an
 * edit, is an HTML form (multipart/form-data) that posts here. Each route reads the body as the
 * API's create and edit do (the same checks before it is read, the same upload gate, pace and
 * temporary folder) and gives it to the same service, so every rule, limit, image check and the
 * all-or-nothing write apply. Saved: 303 to the posting. A rule broken: the form drawn again,
 * with what was sent (file inputs cannot be refilled: the page says so) and the spec's messages.
 * A step button (Add member, Remove member n, Remove image n) sends the same form with its step:
 * nothing is saved, the form is drawn again with what was typed and the step done (decision 0048).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MEMBER_FORM_ROUTES } from '../../shared/member-form-posts';
import { messages } from '../../shared/messages';
import { HOUSING_AIM_MAX } from '../../shared/options';
import { pageAddress } from '../../shared/page-addresses';
import { postingValidation } from '../../shared/posting-validation-messages';
import { blankMember, type PostingInput, postingFromFormFields } from '../../shared/schemas/posting';
import {
  keptImagesOf,
  POSTING_FORM_FIELDS,
  type PostingFormSent,
  type PostingFormStep,
  postingFormSentKey,
  postingFormStepOf,
} from '../../shared/schemas/posting-form-sent';
import { guard } from '../auth/guard';
import { viewerOf } from '../auth/viewer';
import { AppError } from '../http/errors';
import { noticeOf, seeOther, signInFirst } from '../http/form-posts';
import { containsNul } from '../http/nul-guard';
import type { Submission } from './create-edit';
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
      save: (submission: Submission) => Promise<{ id: string }>;
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
    let kept: string[] | undefined;
    let step: string | undefined;
    const reading: SubmissionReading = {
      limits: FORM_LIMITS,
      read(fields) {
        if (containsNul(fields)) return null;
        sent = postingFromFormFields(fields);
        kept = keptImagesOf(fields);
        step = fields[POSTING_FORM_FIELDS.step];
        // The stored images the form keeps, in order; chosen files go after them (planEdit).
        return { posting: sent, imageOrder: kept };
      },
    };
    try {
      const saved = await withUpload(
        request,
        // A step saves nothing: its files were read (and go with the temporary folder).
        async (submission) => (step === undefined ? save(submission) : submission.images.length > 0),
        reading,
      );
      if (typeof saved === 'boolean') {
        const done = stepDone(postingFormStepOf(step ?? ''), sent as PostingInput, kept);
        if (!done) return drawAgain(request, reply, page, unreadableStep(), sent, { keptImages: kept });
        return drawStep(request, reply, page, { ...done, problems: [], imagesNotKept: saved || undefined });
      }
      return seeOther(reply, pageAddress.posting(saved.id));
    } catch (error) {
      // A body cut off for its pace: the sender is gone, the API's answer closes the connection.
      if (error instanceof AppError && error.statusCode === 408) throw error;
      return drawAgain(request, reply, page, error, sent, { keptImages: kept });
    }
  };

  /** The form drawn again after a step: what was typed, the step done, nothing saved. */
  const drawStep = (request: FastifyRequest, reply: FastifyReply, page: string, sent: PostingFormSent) =>
    request.server.sendPageAgain(request, reply, page, {
      status: 200,
      queries: [{ queryKey: postingFormSentKey(postingIdOf(page)), data: sent }],
    });

  /** The form's page drawn again with what was sent and what is wrong (never a 500's page). */
  const drawAgain = (
    request: FastifyRequest,
    reply: FastifyReply,
    page: string,
    error: unknown,
    values: PostingInput | undefined,
    drawn: Pick<PostingFormSent, 'keptImages'> = {},
  ) => {
    const refusal = error instanceof AppError && error.statusCode < 500;
    if (!refusal) request.log.error({ err: error }, 'a posting form post failed');
    const details = error instanceof AppError ? (error.details ?? []) : [];
    const problems =
      details.length > 0 ? details : [error instanceof AppError ? error.message : messages.submit.storageError];
    const sent: PostingFormSent = { values: values ?? null, problems, ...withKept(drawn.keptImages) };
    return request.server.sendPageAgain(request, reply, page, {
      status: refusal ? (error as AppError).statusCode : 503,
      queries: [{ queryKey: postingFormSentKey(postingIdOf(page)), data: sent }],
    });
  };

  const create = async (request: FastifyRequest, reply: FastifyReply) =>
    handle(request, reply, {
      page: pageAddress.createPosting(),
      allowed: async () => {
        await createGuard.call(request.server, request, reply);
        await mayCreate(request);
      },
      save: (submission) => service.create(viewerOf(request), submission),
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
      save: (submission) => service.update(viewerOf(request), request.params.id, submission),
    });
  app.post<{ Params: { id: string } }>(
    MEMBER_FORM_ROUTES.editPosting,
    { schema: { hide: true }, onSend: closeIfUnread },
    Object.assign(edit, { action: 'posting.edit' as const }),
  );
}

const NOT_ADMIN = { NOT_POSTING_ADMIN: 'POSTING_ADMIN_ONLY', NOT_FOUND: 'POSTING_GONE' } as const;

const postingIdOf = (page: string) => new URL(page, 'http://page').searchParams.get('id') ?? undefined;

const withKept = (keptImages: string[] | undefined) => (keptImages === undefined ? {} : { keptImages });

/** A step no drawn button sends (member 1, a row or an image the form does not have, an unknown step). */
const unreadableStep = () =>
  new AppError(400, 'VALIDATION_FAILED', messages.submit.failedTitle, postingValidation.unreadable, [
    postingValidation.unreadable,
  ]);

/**
 * The form after a step, as the scripts do it (features/posting-editor/PostingForm.tsx): one more
 * blank member row (while the group may grow), a row other than member 1 removed, a stored image
 * left out of the images kept (removed when the form is saved). Null when the form cannot take it.
 */
function stepDone(
  step: PostingFormStep | null,
  values: PostingInput,
  kept: string[] | undefined,
): Pick<PostingFormSent, 'values' | 'keptImages'> | null {
  const members = values.members;
  switch (step?.kind) {
    case 'addMember':
      if (members.length >= HOUSING_AIM_MAX - 1) return null;
      return { values: { ...values, members: [...members, blankMember()] }, ...withKept(kept) };
    case 'removeMember':
      if (step.index >= members.length) return null;
      return { values: { ...values, members: members.filter((_, at) => at !== step.index) }, ...withKept(kept) };
    case 'removeImage':
      if (!kept?.includes(step.id)) return null;
      return { values, keptImages: kept.filter((id) => id !== step.id) };
    default:
      return null;
  }
}
