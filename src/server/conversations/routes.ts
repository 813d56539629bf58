/**
 * HTTP of conversations (issue 19): the list, one conversation, messages, read positions, contact
 * sharing, reports, blocks, the unread-e-mail setting and the moderators' reported messages. Routes
 * only translate HTTP; the rules are in service.ts, who may do what in policy.ts. The live stream is
 * in live.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { REPORT_REASONS } from '../../shared/moderation';
import { PING_STATUSES, POSTING_STATUSES } from '../../shared/options';
import {
  CLOSED_REASONS,
  CONVERSATION_SIDES,
  contactShareSchema,
  conversationListQuerySchema,
  conversationSettingsSchema,
  markReadSchema,
  messagePageQuerySchema,
  messageParamSchema,
  messageReportSchema,
  sendMessageSchema,
  unsubscribeQuerySchema,
  userParamSchema,
} from '../../shared/schemas/conversations';
import { idParamSchema } from '../../shared/schemas/params';
import { viewerOf } from '../http/route-parts';
import type { ConversationService } from './service';

const postingRefSchema = z.object({ id: z.string(), place: z.string(), status: z.enum(POSTING_STATUSES) });

export const messageViewSchema = z.object({
  seq: z.number().int(),
  conversationId: z.string(),
  senderId: z.string().nullable(),
  senderName: z.string(),
  fromYou: z.boolean(),
  body: z.string(),
  createdAt: z.string(),
});

const summarySchema = z.object({
  id: z.string(),
  pingId: z.string(),
  posting: postingRefSchema,
  pingStatus: z.enum(PING_STATUSES),
  viewerSide: z.enum(CONVERSATION_SIDES),
  otherParty: z.string(),
  lastMessage: messageViewSchema.nullable(),
  unread: z.number().int(),
});

const participantSchema = z.object({
  userId: z.string(),
  name: z.string(),
  side: z.enum(CONVERSATION_SIDES),
  role: z.enum(['admin', 'coadmin', 'member']).nullable(),
  isYou: z.boolean(),
  contact: z.object({ email: z.string().nullable(), phone: z.string().nullable(), instagram: z.string().nullable() }),
});

const conversationViewSchema = z.object({
  id: z.string(),
  pingId: z.string(),
  posting: postingRefSchema,
  pingStatus: z.enum(PING_STATUSES),
  viewerSide: z.enum(CONVERSATION_SIDES),
  participants: z.array(participantSchema),
  writable: z.boolean(),
  closedReason: z.enum(CLOSED_REASONS).nullable(),
  closedLine: z.string().nullable(),
  waitingForGroup: z.boolean(),
  readSeq: z.number().int(),
  messages: z.array(messageViewSchema),
  hasEarlier: z.boolean(),
  myShare: contactShareSchema,
});

const reportItemSchema = z.object({
  id: z.string(),
  reason: z.enum(REPORT_REASONS),
  details: z.string().nullable(),
  reporterName: z.string(),
  createdAt: z.string(),
  message: messageViewSchema,
  conversationId: z.string(),
  posting: postingRefSchema,
  context: z.array(messageViewSchema),
});

export const conversationRoutes: FastifyPluginAsyncZod<{ service: ConversationService }> = async (app, { service }) => {
  const tags = ['conversations'];
  const noStore = { 'cache-control': 'no-store' } as const;

  app.get(
    '/api/conversations',
    {
      preHandler: app.requireMember,
      schema: {
        tags,
        summary: "The viewer's conversations, latest activity first (posting, other party, last message, unread)",
        querystring: conversationListQuerySchema,
        response: { 200: z.object({ items: z.array(summarySchema), nextCursor: z.string().nullable() }) },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return service.list(viewerOf(request), request.query);
    },
  );

  app.get(
    '/api/conversations/unread-count',
    {
      preHandler: app.requireMember,
      schema: {
        tags,
        summary: "Unread messages in all of the viewer's conversations (the navigation's count)",
        response: { 200: z.object({ count: z.number().int() }) },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return service.unreadCount(viewerOf(request));
    },
  );

  app.get(
    '/api/conversations/:id',
    {
      preHandler: app.requireMember,
      schema: {
        tags,
        summary: 'One conversation with a page of its messages (participants only; anyone else hears 404)',
        params: idParamSchema,
        querystring: messagePageQuerySchema,
        response: { 200: conversationViewSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return service.view(viewerOf(request), request.params.id, request.query);
    },
  );

  app.post(
    '/api/conversations/:id/messages',
    {
      preHandler: app.requireMember,
      schema: {
        tags,
        summary: 'Send a message (text, at most 2,000 characters). Body: { body }',
        params: idParamSchema,
        body: sendMessageSchema,
        response: { 201: messageViewSchema },
      },
    },
    async (request, reply) => {
      const message = await service.send(viewerOf(request), request.params.id, request.body.body);
      return reply.status(201).send(message);
    },
  );

  app.post(
    '/api/conversations/:id/read',
    {
      preHandler: app.requireMember,
      schema: {
        tags,
        summary: 'Everything up to this message is read (the position never moves back). Body: { seq }',
        params: idParamSchema,
        body: markReadSchema,
        response: { 200: z.object({ readSeq: z.number().int(), total: z.number().int() }) },
      },
    },
    async (request) => service.markRead(viewerOf(request), request.params.id, request.body.seq),
  );

  app.put(
    '/api/conversations/:id/share',
    {
      preHandler: app.requireMember,
      schema: {
        tags,
        summary: "Show (or stop showing) the viewer's e-mail, phone or Instagram to this conversation's participants",
        params: idParamSchema,
        body: contactShareSchema,
        response: { 200: contactShareSchema },
      },
    },
    async (request) => service.share(viewerOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/conversations/:id/messages/:seq/report',
    {
      preHandler: app.requireMember,
      schema: {
        tags,
        summary: "Report another participant's message to the moderators. Body: { reason, details? }",
        params: messageParamSchema,
        body: messageReportSchema,
        response: { 200: z.object({ reported: z.literal(true) }) },
      },
    },
    async (request) => service.report(viewerOf(request), request.params.id, request.params.seq, request.body),
  );

  app.get(
    '/api/me/blocks',
    {
      preHandler: app.requireMember,
      schema: {
        tags,
        summary: 'The students the viewer blocked',
        response: {
          200: z.object({
            items: z.array(z.object({ userId: z.string(), name: z.string(), blockedAt: z.string() })),
          }),
        },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return service.blocks(viewerOf(request));
    },
  );

  app.put(
    '/api/me/blocks/:userId',
    {
      preHandler: app.requireMember,
      schema: {
        tags,
        summary: "Block a student: they can no longer ping the viewer's postings or write to them, and are not told",
        params: userParamSchema,
        response: { 200: z.object({ blocked: z.literal(true) }) },
      },
    },
    async (request) => service.block(viewerOf(request), request.params.userId),
  );

  app.delete(
    '/api/me/blocks/:userId',
    {
      preHandler: app.requireMember,
      schema: {
        tags,
        summary: 'Unblock a student',
        params: userParamSchema,
        response: { 200: z.object({ blocked: z.literal(false) }) },
      },
    },
    async (request) => service.unblock(viewerOf(request), request.params.userId),
  );

  app.get(
    '/api/me/conversation-settings',
    {
      preHandler: app.requireMember,
      schema: {
        tags,
        summary: "The viewer's conversation settings (the unread-message e-mail)",
        response: { 200: conversationSettingsSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return service.settings(viewerOf(request));
    },
  );

  app.put(
    '/api/me/conversation-settings',
    {
      preHandler: app.requireMember,
      schema: {
        tags,
        summary: 'Turn the unread-message e-mails on or off. Body: { unreadEmail }',
        body: conversationSettingsSchema,
        response: { 200: conversationSettingsSchema },
      },
    },
    async (request) => service.saveSettings(viewerOf(request), request.body),
  );

  // Mail clients' one-click unsubscribe posts a form (List-Unsubscribe=One-Click); the query carries the token.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/api/conversation-emails/unsubscribe',
    {
      schema: {
        tags,
        summary: "Turn off the unread-message e-mails with the e-mail's link (no sign-in; RFC 8058 one-click)",
        querystring: unsubscribeQuerySchema,
        response: { 200: conversationSettingsSchema },
      },
    },
    async (request) => service.unsubscribeUnreadEmail(request.query.user, request.query.token),
  );

  app.get(
    '/api/moderation/message-reports',
    {
      preHandler: app.requireMember,
      schema: {
        tags: ['moderation'],
        summary: "Reported messages with the conversation's recent messages, moderators only",
        response: { 200: z.object({ items: z.array(reportItemSchema) }) },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return service.reportedMessages(viewerOf(request));
    },
  );

  app.post(
    '/api/moderation/message-reports/:id/dismiss',
    {
      preHandler: app.requireMember,
      schema: {
        tags: ['moderation'],
        summary: 'Close a message report, moderators only',
        params: idParamSchema,
        response: { 200: z.object({ done: z.literal(true) }) },
      },
    },
    async (request) => service.dismissReport(viewerOf(request), request.params.id),
  );
};
