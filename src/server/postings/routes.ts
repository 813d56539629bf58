/**
 * HTTP of the postings feature (create, read one, edit, status, delete) and of the stored images.
 * Routes only translate HTTP; the rules are in service.ts.
 *
 * POST /api/postings and PUT /api/postings/:id take multipart/form-data:
 *   posting     JSON: the form's fields (src/shared/schemas/posting.ts)
 *   imageOrder  JSON (edit only, optional): existing image ids and 'new:<n>' for the n-th uploaded
 *               file, in display order; images left out are removed
 *   images      the uploaded files (JPEG or PNG by content; at most 10, 10 MB each)
 *
 * Nothing of such a body is read before the sender is known to be allowed (issue 22): a member for
 * create (and under their daily posting limit), the posting's admin for edit, and a place among the
 * uploads in progress (waited for in turn, briefly, when all are taken). Files are then streamed to
 * a temporary folder, never held in memory. A body that does not keep the upload pace (issue 30:
 * a minimum of bytes in every window, and a deadline) is cut off with 408, and its place and folder
 * are freed at once.
 */

import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deadlineMessages } from '../../shared/deadlines';
import { messages } from '../../shared/messages';
import { MAX_IMAGE_BYTES, MAX_IMAGES_PER_POSTING } from '../../shared/options';
import { postingValidation } from '../../shared/posting-validation-messages';
import { problemAnswers } from '../../shared/schemas/api-error';
import { orEmptyBody } from '../../shared/schemas/body';
import { lookupIdParamSchema } from '../../shared/schemas/params';
import { postingStatusSchema } from '../../shared/schemas/posting';
import {
  postingDetailSchema,
  renewAnswerSchema,
  renewalPreviewSchema,
  renewalResultSchema,
  renewalTokenSchema,
  statusAnswerSchema,
} from '../../shared/schemas/posting-answers';
import { guard } from '../auth/guard';
import { viewerOf } from '../auth/viewer';
import type { AppConfig } from '../config';
import type { DatabaseHandle } from '../db/client';
import { answerRoute } from '../http/answer-route';
import { AppError, errors } from '../http/errors';
import { containsNul } from '../http/nul-guard';
import { createUploadGate, type UploadGate } from '../limits/in-flight';
import { assertUnderLimit } from '../limits/student-limits';
import { type UploadPace, uploadPace, watchUploadPace } from '../limits/upload-pace';
import { createStorage, isSafeKey, type Storage } from '../storage';
import { postingFormRoutes } from './form-routes';
import { postingEditorFormRoutes } from './form-upload-routes';
import { placeLabel } from './freshness';
import { collegePlaces } from './location';
import {
  createPostingService,
  IMAGE_URL_PREFIX,
  POSTINGS_KEY_PREFIX,
  type PostingService,
  type PostingServiceDeps,
  type Submission,
  sweepOrphanedFiles,
} from './service';
import { createUploadFolder, sweepUploadFolders, type UploadFolder, uploadRoot } from './upload-files';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploaded images are stored (disk or S3-compatible). */
    storage: Storage;
  }
}

export interface PostingRoutesOptions {
  config: AppConfig;
  database: DatabaseHandle;
  /** Defaults to what the config says (S3 when S3_BUCKET is set, else DATA_DIR/uploads). */
  storage?: Storage;
  /** Run the orphaned-file sweep when the app is ready (default true). */
  sweepOnReady?: boolean;
  /** Runs inside the transaction that marks a posting Fulfilled (the pings feature closes its pings). */
  onFulfilled: PostingServiceDeps['onFulfilled'];
  onListed?: PostingServiceDeps['onListed'];
  afterListed?: PostingServiceDeps['afterListed'];
  /** The pace an upload's body must keep, and the wait for a place (default: src/shared/deadlines.ts). */
  uploadPace?: UploadPace;
  /** Caps on uploads in progress (default: the numbers in src/shared/limits.ts, waiting as `uploadPace` says). */
  uploadGate?: UploadGate;
  /** The groups feature: member rows, invitations and roles (issue 23). */
  groups: PostingServiceDeps['groups'];
  detailCache: PostingServiceDeps['detailCache'];
  viewerBookmarks: PostingServiceDeps['viewerBookmarks'];
}

const MB = Math.round(MAX_IMAGE_BYTES / (1024 * 1024));

function parseJsonField(value: string | undefined): { ok: true; value: unknown } | { ok: false } {
  if (value === undefined) return { ok: true, value: undefined };
  try {
    const parsed: unknown = JSON.parse(value);
    // PostgreSQL cannot store U+0000 in text.
    return containsNul(parsed) ? { ok: false } : { ok: true, value: parsed };
  } catch {
    return { ok: false };
  }
}

/** Reads what is left of a part nobody wants, so the parser moves on. */
async function discard(stream: NodeJS.ReadableStream, signal: AbortSignal): Promise<void> {
  await pipeline(stream, new Writable({ write: (_chunk, _encoding, done) => done() }), { signal });
}

const unreadable = () =>
  new AppError(400, 'VALIDATION_FAILED', messages.submit.failedTitle, postingValidation.unreadable, [
    postingValidation.unreadable,
  ]);

/** `promise`, or the signal's reason the moment it aborts (the promise then settles unheard). */
function unlessAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    promise.catch(() => undefined);
    return Promise.reject(signal.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const aborted = () => reject(signal.reason);
    signal.addEventListener('abort', aborted, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', aborted);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', aborted);
        reject(error);
      },
    );
  });
}

/** How a multipart body's text fields become a submission's posting and image order. */
export interface SubmissionReading {
  /** Limits of this body besides the plugin's (a plain form sends each field as a part). */
  limits?: { fields: number; fieldSize: number; parts: number };
  /** The posting and image order the fields carry, or null when they are unreadable. */
  read(fields: Readonly<Record<string, string>>): { posting: unknown; imageOrder: unknown } | null;
}

/** Streams a request's multipart body to a folder of its own and gives the submission to `work`. */
export type WithUpload = <T>(
  request: FastifyRequest,
  work: (submission: Submission) => Promise<T>,
  reading?: SubmissionReading,
) => Promise<T>;

/** The API's body: the `posting` JSON field, and on edit the `imageOrder` JSON field. */
const jsonFields: SubmissionReading = {
  read(fields) {
    const posting = parseJsonField(fields.posting);
    const imageOrder = parseJsonField(fields.imageOrder);
    if (!posting.ok || !imageOrder.ok || posting.value === undefined) return null;
    return { posting: posting.value, imageOrder: imageOrder.value };
  },
};

/**
 * Reads the multipart body: the text fields into memory (bounded by the limits), every image
 * streamed into `folder`, at the upload pace: a body that falls behind it rejects at once with 408,
 * whatever part it was in.
 */
async function readSubmission(
  request: FastifyRequest,
  folder: UploadFolder,
  pace: UploadPace,
  reading: SubmissionReading,
): Promise<Submission> {
  if (!request.isMultipart()) throw unreadable();
  // A sender already gone (the connection closed while the upload's folder was made) has closed
  // the request before the multipart reader listens for that: it would wait for parts forever,
  // holding the folder and the student's upload place. No await between this and the reader.
  if (request.raw.destroyed && !request.raw.readableEnded) throw unreadable();
  const fields: Record<string, string> = Object.create(null);
  const submission: Submission = { posting: undefined, imageOrder: undefined, images: [], problems: [] };
  const cutOff = new AbortController();
  const parts = request.parts(reading.limits ? { limits: reading.limits } : {})[Symbol.asyncIterator]();
  // Asking for the first part sets the multipart reader up: the body flows into it from here, so
  // the pace is counted from here (a listener before it would start the body into nowhere).
  const first = parts.next();
  const stopWatching = watchUploadPace(request.raw, pace, (why) => {
    request.log.info({ why }, 'an upload was cut off: its body did not arrive in time');
    const { title, message } = deadlineMessages.uploadTooSlow;
    cutOff.abort(new AppError(408, 'UPLOAD_TOO_SLOW', title, message));
  });
  try {
    for (
      let next = await unlessAborted(first, cutOff.signal);
      !next.done;
      next = await unlessAborted(parts.next(), cutOff.signal)
    ) {
      const part = next.value;
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'images') {
        await discard(part.file, cutOff.signal);
        continue;
      }
      const saved = await folder.save(part.file, cutOff.signal);
      // A form's file input left empty sends an empty part without a name: no image.
      if (!part.filename && saved.size === 0) continue;
      const name = part.filename || `Image ${submission.images.length + 1}`;
      if (part.file.truncated) submission.problems.push(messages.images.tooLarge(name, MB));
      else submission.images.push({ name, path: saved.path });
    }
  } catch (error) {
    // Cut off for its pace: the reading above was abandoned (its streams destroyed) with the 408.
    if (cutOff.signal.aborted) throw cutOff.signal.reason;
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') {
      submission.problems.push(messages.images.tooMany(MAX_IMAGES_PER_POSTING));
    } else if ((error as { syscall?: string }).syscall !== undefined) {
      // The temporary folder could not be written (a full disk): our side, not the sender's.
      throw error;
    } else {
      // Any other failure is the body's: a form that ends early (the sender went away) or breaks
      // the multipart format.
      throw unreadable();
    }
  } finally {
    stopWatching();
  }
  const read = reading.read(fields);
  if (!read) throw unreadable();
  submission.posting = read.posting;
  submission.imageOrder = read.imageOrder;
  return submission;
}

const routes: FastifyPluginAsyncZod<PostingRoutesOptions & { storage: Storage }> = async (
  app,
  {
    config,
    database,
    storage,
    onFulfilled,
    onListed,
    afterListed,
    groups,
    detailCache,
    viewerBookmarks,
    uploadPace: pace = uploadPace(),
    uploadGate = createUploadGate({ waitMs: pace.placeWaitMs, maxWaiting: pace.placeWaitingMax }),
  },
) => {
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: {
      fileSize: MAX_IMAGE_BYTES,
      files: MAX_IMAGES_PER_POSTING,
      fields: 10,
      fieldSize: 256 * 1024,
      parts: MAX_IMAGES_PER_POSTING + 10,
    },
  });

  const service: PostingService = createPostingService({
    db: database.db,
    storage,
    dormKeys: config.college.dorms.map((dorm) => dorm.key),
    places: collegePlaces(config.college),
    log: app.log,
    onFulfilled,
    renewalSecret: config.authSecret,
    renewalLinkMaxAgeMs: config.college.freshness.staleAfterDays * 24 * 60 * 60_000,
    placeLabel: (posting) => placeLabel(config, posting),
    onListed,
    afterListed,
    groups,
    detailCache,
    viewerBookmarks,
  });
  // Declining the terms deletes the account: its postings' stored images go too.
  app.onAccountDelete((userId) => service.removeAllOwnedBy(userId));

  // The spec's own words (docs/product-spec.md) for someone who is not signed in.
  const submitWords = { signedOut: messages.submit.notSignedIn };
  const statusWords = { signedOut: { message: messages.postingAccess.statusUnsigned } };

  // Checked before the body is read: a refused sender costs no memory, disk or image work.
  const mayCreate = async (request: FastifyRequest) => {
    await assertUnderLimit(database.db, viewerOf(request).id, 'postings');
  };
  const mayEdit = async (request: FastifyRequest<{ Params: { id: string } }>) => {
    await service.assertAdmin(viewerOf(request), request.params.id);
  };
  const tmpRoot = uploadRoot(config.dataDir);

  /**
   * A refused upload's connection closes after the answer, as does one cut off mid-body: otherwise
   * Node reads the unread body to the end to keep the connection alive (nothing kept, but the
   * sender's 100 MB still arrive, or their trickle goes on).
   */
  const bodyRead = new WeakSet<FastifyRequest>();
  const closeIfUnread = async (request: FastifyRequest, reply: FastifyReply) => {
    if (reply.statusCode >= 400 && (!bodyRead.has(request) || !request.raw.readableEnded)) {
      reply.header('connection', 'close');
    }
  };

  /** Takes a place among the uploads in progress; a sender who goes away while waiting for one withdraws. */
  async function enterGate(request: FastifyRequest): Promise<() => void> {
    const gone = new AbortController();
    const withdraw = () => gone.abort(unreadable());
    request.raw.once('close', withdraw);
    try {
      return await uploadGate.enter(viewerOf(request).id, gone.signal);
    } finally {
      request.raw.off('close', withdraw);
    }
  }

  /**
   * Holds a place among the uploads in progress (or is refused), streams the body's files to a
   * folder of their own and removes that folder when the work is done, whatever happened.
   */
  const withUpload: WithUpload = async (request, work, reading = jsonFields) => {
    const release = await enterGate(request);
    bodyRead.add(request);
    try {
      const folder = await createUploadFolder(tmpRoot);
      try {
        return await work(await readSubmission(request, folder, pace, reading));
      } finally {
        await folder.remove();
      }
    } finally {
      release();
    }
  };

  const tags = ['postings'];
  await app.register(postingFormRoutes, { service });
  // The body is multipart/form-data (see the top of this file): no JSON schema can say it, so
  // readSubmission reads it and the service's posting schema judges it, in one place.
  const multipartBody = 'multipart/form-data: posting (JSON), imageOrder (JSON, edit only), images (files)';

  app.post(
    '/api/postings',
    {
      preValidation: guard('posting.create', submitWords),
      preHandler: mayCreate,
      onSend: closeIfUnread,
      schema: {
        tags,
        summary: 'Create a posting',
        description: multipartBody,
        consumes: ['multipart/form-data'],
        response: { 201: postingDetailSchema, ...problemAnswers },
      },
    },
    async (request, reply) => {
      const detail = await withUpload(request, (submission) => service.create(viewerOf(request), submission));
      return reply.status(201).send(detail);
    },
  );

  // The same create and edit as HTML forms that post without the scripts (issue 31).
  await postingEditorFormRoutes(app, { service, withUpload, mayCreate, mayEdit, closeIfUnread });

  answerRoute(app, '/api/postings/:id', {
    action: 'posting.view',
    tags,
    summary: 'One posting, as the detail view and the edit form need it',
    params: lookupIdParamSchema,
    response: postingDetailSchema,
    answer: (viewer, { params }) => service.getDetail(viewer, params.id),
  });

  app.put(
    '/api/postings/:id',
    {
      preValidation: guard('posting.edit', submitWords),
      preHandler: mayEdit,
      onSend: closeIfUnread,
      schema: {
        tags,
        summary: 'Replace a posting, admin or co-admin (a co-admin leaves the members as they are)',
        description: multipartBody,
        consumes: ['multipart/form-data'],
        params: lookupIdParamSchema,
        response: { 200: postingDetailSchema, ...problemAnswers },
      },
    },
    async (request) =>
      withUpload(request, (submission) => service.update(viewerOf(request), request.params.id, submission)),
  );

  app.patch(
    '/api/postings/:id/status',
    {
      preValidation: guard('posting.changeStatus', statusWords),
      config: { invalidBody: { title: messages.status.failed.title, message: messages.postingAccess.badStatus } },
      schema: {
        tags,
        summary: "Change a posting's status, admin or co-admin",
        params: lookupIdParamSchema,
        body: postingStatusSchema,
        response: { 200: statusAnswerSchema, ...problemAnswers },
      },
    },
    async (request) => service.setStatus(viewerOf(request), request.params.id, request.body.status),
  );

  app.post(
    '/api/postings/:id/renew',
    {
      preValidation: guard('posting.renew', statusWords),
      schema: {
        tags,
        summary: 'Confirm the group is still looking: the posting is fresh again (not stale), admin only',
        params: lookupIdParamSchema,
        response: { 200: renewAnswerSchema, ...problemAnswers },
      },
    },
    async (request) => service.renew(viewerOf(request), request.params.id),
  );

  // The 'Still looking?' e-mail's links open /renew?token=..., a page that reads what the link does
  // (GET, which changes nothing, so mail scanners cannot trigger it) and asks to confirm (POST).
  // No sign-in: the signed, single-use token is the authority.
  app.get(
    '/api/renewals',
    {
      schema: {
        tags,
        summary: "What a 'Still looking?' link would do; changes nothing",
        querystring: renewalTokenSchema,
        response: { 200: renewalPreviewSchema, ...problemAnswers },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.previewRenewal(request.query.token);
    },
  );

  app.post(
    '/api/renewals',
    {
      schema: {
        tags,
        summary: "Confirm a 'Still looking?' link: renew the posting or mark it Fulfilled, once",
        body: orEmptyBody(renewalTokenSchema),
        response: { 200: renewalResultSchema, ...problemAnswers },
      },
    },
    async (request) => service.applyRenewal(request.body.token),
  );

  app.delete(
    '/api/postings/:id',
    {
      preValidation: guard('posting.delete', { signedOut: { message: messages.deletePosting.unsigned } }),
      schema: {
        tags,
        summary: 'Delete a posting with everything that belongs to it, admin only',
        params: lookupIdParamSchema,
        response: { 204: z.undefined().describe('Deleted; no body'), ...problemAnswers },
      },
    },
    async (request, reply) => {
      await service.remove(viewerOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    `${IMAGE_URL_PREFIX}*`,
    {
      preValidation: guard('posting.view'),
      schema: {
        tags,
        summary: 'A stored posting image (WebP)',
        params: z.object({ '*': z.string() }),
        response: {
          200: {
            description: 'The image',
            content: { 'image/webp': { schema: z.string().meta({ format: 'binary' }) } },
          },
          ...problemAnswers,
        },
      },
    },
    async (request, reply) => {
      const key = request.params['*'];
      if (!key.startsWith(POSTINGS_KEY_PREFIX) || !isSafeKey(key)) throw errors.notFound();
      // A hidden (or deleted) posting's images are not there for other students.
      if (!(await service.mayViewImage(viewerOf(request), key))) throw errors.notFound();
      const object = await storage.get(key);
      if (!object) throw errors.notFound();
      reply
        .header('content-type', object.contentType)
        // Keys are never reused: a stored file never changes. Private: images are for members only.
        .header('cache-control', 'private, max-age=31536000, immutable');
      if (object.size !== undefined) reply.header('content-length', object.size);
      // A stream is sent as it is (Fastify serializes only objects): the schema above documents it.
      return reply.send(object.body as unknown as string);
    },
  );
};

/**
 * Registers the postings routes and exposes `app.storage`. On ready, removes stored files that no
 * posting references (left behind by a crash mid-save), sparing recent ones.
 */
export const postingRoutes = fp(
  async (app: FastifyInstance, options: PostingRoutesOptions) => {
    const storage = options.storage ?? createStorage(options.config);
    app.decorate('storage', storage);
    await app.register(routes, { ...options, storage });
    if (options.sweepOnReady !== false) {
      app.addHook('onReady', async () => {
        try {
          const folders = await sweepUploadFolders(uploadRoot(options.config.dataDir), options.config.orphanGraceMs);
          if (folders > 0) app.log.info(`removed ${folders} temporary upload folders left by an earlier run`);
        } catch (error) {
          app.log.warn({ err: error }, 'the sweep of temporary upload folders failed; it will run at the next start');
        }
        try {
          const { removed } = await sweepOrphanedFiles(options.database.db, app.storage, {
            olderThanMs: options.config.orphanGraceMs,
          });
          if (removed > 0) app.log.info(`removed ${removed} stored files that no posting references`);
        } catch (error) {
          app.log.warn({ err: error }, 'the sweep of unreferenced stored files failed; it will run at the next start');
        }
      });
    }
  },
  { name: 'postings' },
);
