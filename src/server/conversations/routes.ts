/**
 * HTTP of conversations (issue 19): the list, one conversation, messages, read positions, contact
 * sharing, reports, blocks, the unread-e-mail setting and the moderators' reported messages. Routes
 * only translate HTTP; the rules are in service.ts, who may do what in src/shared/authorization.ts. The live stream is
 * in live.ts.
 */

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { problemAnswers } from '../../shared/schemas/api-error';
import {
  blockListSchema,
  contactShareAnswerSchema,
  conversationPageSchema,
  conversationSettingsAnswerSchema,
  conversationViewSchema,
  messageReportListSchema,
  messageViewSchema,
  readAnswerSchema,
} from '../../shared/schemas/conversation-answers';
import {
  conversationMessages as cm,
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
import { guard } from '../auth/guard';
import { viewerOf } from '../auth/viewer';
import { answerRoute } from '../http/answer-route';
import { conversationFormRoutes } from './form-routes';
import type { ConversationService } from './service';

export const conversationRoutes: FastifyPluginAsyncZod<{ service: ConversationService }> = async (app, { service }) => {
  const tags = ['conversations'];
  await app.register(conversationFormRoutes, { service });
  const noStore = { 'cache-control': 'no-store' } as const;

  answerRoute(app, '/api/conversations', {
    action: 'product.use',
    tags,
    summary: "The viewer's conversations, latest activity first (posting, other party, last message, unread)",
    querystring: conversationListQuerySchema,
    response: conversationPageSchema,
    cacheControl: noStore['cache-control'],
    answer: (viewer, { query }) => service.list(viewer, query),
  });

  app.get(
    '/api/conversations/unread-count',
    {
      preValidation: guard('product.use'),
      schema: {
        tags,
        summary: "Unread messages in all of the viewer's conversations (the navigation's count)",
        response: { 200: z.strictObject({ count: z.number().int() }), ...problemAnswers },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return service.unreadCount(viewerOf(request));
    },
  );

  answerRoute(app, '/api/conversations/:id', {
    action: 'conversation.open',
    tags,
    summary: 'One conversation with a page of its messages (participants only; anyone else hears 404)',
    params: idParamSchema,
    querystring: messagePageQuerySchema,
    response: conversationViewSchema,
    cacheControl: noStore['cache-control'],
    answer: (viewer, { params, query }) => service.view(viewer, params.id, query),
  });

  app.post(
    '/api/conversations/:id/messages',
    {
      preValidation: guard('conversation.send'),
      config: { invalidBody: { title: cm.sendFailedTitle } },
      schema: {
        tags,
        summary: 'Send a message (text, at most 2,000 characters)',
        params: idParamSchema,
        body: sendMessageSchema,
        // 200: a send repeated with its client key, answered with the message already saved.
        response: { 201: messageViewSchema, 200: messageViewSchema, ...problemAnswers },
      },
    },
    async (request, reply) => {
      const { body, clientKey } = request.body;
      const { message, replayed } = await service.send(viewerOf(request), request.params.id, body, clientKey);
      return reply.status(replayed ? 200 : 201).send(message);
    },
  );

  app.post(
    '/api/conversations/:id/read',
    {
      preValidation: guard('conversation.open'),
      schema: {
        tags,
        summary: 'Everything up to this message is read (the position never moves back)',
        params: idParamSchema,
        body: markReadSchema,
        response: { 200: readAnswerSchema, ...problemAnswers },
      },
    },
    async (request) => service.markRead(viewerOf(request), request.params.id, request.body.seq),
  );

  app.put(
    '/api/conversations/:id/share',
    {
      preValidation: guard('conversation.share'),
      schema: {
        tags,
        summary: "Show (or stop showing) the viewer's e-mail, phone or Instagram to this conversation's participants",
        params: idParamSchema,
        body: contactShareSchema,
        response: { 200: contactShareAnswerSchema, ...problemAnswers },
      },
    },
    async (request) => service.share(viewerOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/conversations/:id/messages/:seq/report',
    {
      preValidation: guard('conversation.report'),
      config: { invalidBody: { title: cm.reportTitle } },
      schema: {
        tags,
        summary: "Report another participant's message to the moderators",
        params: messageParamSchema,
        body: messageReportSchema,
        response: { 200: z.strictObject({ reported: z.literal(true) }), ...problemAnswers },
      },
    },
    async (request) => service.report(viewerOf(request), request.params.id, request.params.seq, request.body),
  );

  answerRoute(app, '/api/me/blocks', {
    action: 'student.block',
    tags,
    summary: 'The students the viewer blocked',
    response: blockListSchema,
    cacheControl: 'no-store',
    answer: (viewer) => service.blocks(viewer),
  });

  app.put(
    '/api/me/blocks/:userId',
    {
      preValidation: guard('student.block'),
      schema: {
        tags,
        summary: "Block a student: they can no longer ping the viewer's postings or write to them, and are not told",
        params: userParamSchema,
        response: { 200: z.strictObject({ blocked: z.literal(true) }), ...problemAnswers },
      },
    },
    async (request) => service.block(viewerOf(request), request.params.userId),
  );

  app.delete(
    '/api/me/blocks/:userId',
    {
      preValidation: guard('student.block'),
      schema: {
        tags,
        summary: 'Unblock a student',
        params: userParamSchema,
        response: { 200: z.strictObject({ blocked: z.literal(false) }), ...problemAnswers },
      },
    },
    async (request) => service.unblock(viewerOf(request), request.params.userId),
  );

  answerRoute(app, '/api/me/conversation-settings', {
    action: 'product.use',
    tags,
    summary: "The viewer's conversation settings (the unread-message e-mail)",
    response: conversationSettingsAnswerSchema,
    cacheControl: 'no-store',
    answer: (viewer) => service.settings(viewer),
  });

  app.put(
    '/api/me/conversation-settings',
    {
      preValidation: guard('product.use'),
      config: { invalidBody: { title: cm.settingsTitle } },
      schema: {
        tags,
        summary: 'Turn the unread-message e-mails on or off',
        body: conversationSettingsSchema,
        response: { 200: conversationSettingsAnswerSchema, ...problemAnswers },
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
        response: { 200: conversationSettingsAnswerSchema, ...problemAnswers },
      },
    },
    async (request) => service.unsubscribeUnreadEmail(request.query.user, request.query.token),
  );

  app.get(
    '/api/moderation/message-reports',
    {
      preValidation: guard('moderation.moderate'),
      schema: {
        tags: ['moderation'],
        summary: "Reported messages with the conversation's recent messages, moderators only",
        response: { 200: messageReportListSchema, ...problemAnswers },
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
      preValidation: guard('moderation.moderate'),
      schema: {
        tags: ['moderation'],
        summary: 'Close a message report, moderators only',
        params: idParamSchema,
        response: { 200: z.strictObject({ done: z.literal(true) }), ...problemAnswers },
      },
    },
    async (request) => service.dismissReport(request.params.id),
  );
};
