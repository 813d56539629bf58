/**
 * HTTP of groups (issue 23): invitations, the viewer's groups and sharing, and the admin's member
 * management. Routes only translate HTTP; the rules are in service.ts, who may do what in src/shared/authorization.ts.
 */

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { problemAnswers } from '../../shared/schemas/api-error';
import {
  groupMemberViewSchema,
  invitationViewSchema,
  myGroupViewSchema,
  sharingAnswerSchema,
} from '../../shared/schemas/group-answers';
import { handOverSchema, invitationTokenSchema, roleChangeSchema, sharingSchema } from '../../shared/schemas/groups';
import { idParamSchema, memberParamSchema, tokenParamSchema } from '../../shared/schemas/params';
import { guard } from '../auth/guard';
import { viewerOf } from '../auth/viewer';
import { answerRoute } from '../http/answer-route';
import { groupFormRoutes } from './form-routes';
import type { GroupService } from './service';

const memberAnswerSchema = z.strictObject({ member: groupMemberViewSchema });
/**
 * The join and decline bodies: optional (a POST without a body reads as null), with the link's
 * token when the student came by it.
 */
const answerBodySchema = invitationTokenSchema.partial().nullish();

export const groupRoutes: FastifyPluginAsyncZod<{ service: GroupService }> = async (app, { service }) => {
  const tags = ['groups'];
  await app.register(groupFormRoutes, { service });
  const noStore = { 'cache-control': 'no-store' } as const;

  app.get(
    '/api/invitations/by-token/:token',
    {
      preValidation: guard('invitation.answer'),
      schema: {
        tags,
        summary: "An invitation link's invitation, for the signed-in student it was sent to; changes nothing",
        params: tokenParamSchema,
        response: { 200: invitationViewSchema, ...problemAnswers },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return service.byToken(viewerOf(request), request.params.token);
    },
  );

  app.post(
    '/api/invitations/:id/join',
    {
      preValidation: guard('invitation.answer'),
      schema: {
        tags,
        summary:
          "Join the group of an invitation to the signed-in address (id: the member row; token: the link's, when it came by one)",
        params: idParamSchema,
        body: answerBodySchema,
        response: { 200: z.strictObject({ postingId: z.string() }), ...problemAnswers },
      },
    },
    async (request) => service.join(viewerOf(request), request.params.id, request.body?.token),
  );

  app.post(
    '/api/invitations/:id/decline',
    {
      preValidation: guard('invitation.answer'),
      schema: {
        tags,
        summary: `"This isn't me": the address is removed from the member row and the admin is told`,
        params: idParamSchema,
        body: answerBodySchema,
        response: { 200: z.strictObject({ declined: z.literal(true) }), ...problemAnswers },
      },
    },
    async (request) => service.decline(viewerOf(request), request.params.id, request.body?.token),
  );

  answerRoute(app, '/api/me/invitations', {
    action: 'invitation.answer',
    tags,
    summary: "Pending, unexpired invitations to the viewer's address",
    response: z.strictObject({ items: z.array(invitationViewSchema) }),
    cacheControl: 'no-store',
    answer: (viewer) => service.myInvitations(viewer),
  });

  app.get(
    '/api/me/invitations/count',
    {
      preValidation: guard('invitation.answer'),
      schema: {
        tags,
        summary: "How many invitations await the viewer's answer (the navigation's count)",
        response: { 200: z.strictObject({ count: z.number().int() }), ...problemAnswers },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return service.invitationCount(viewerOf(request));
    },
  );

  answerRoute(app, '/api/me/groups', {
    action: 'product.use',
    tags,
    summary: 'The groups the viewer joined (not as their admin)',
    response: z.strictObject({ items: z.array(myGroupViewSchema) }),
    cacheControl: 'no-store',
    answer: (viewer) => service.myGroups(viewer),
  });

  answerRoute(app, '/api/me/sharing', {
    action: 'product.use',
    tags,
    summary: 'What the viewer shares on the cards of the groups they joined',
    response: sharingAnswerSchema,
    cacheControl: 'no-store',
    answer: (viewer) => service.sharing(viewer),
  });

  app.put(
    '/api/me/sharing',
    {
      preValidation: guard('product.use'),
      schema: {
        tags,
        summary: "Save the viewer's details and which of them their groups' cards show",
        body: sharingSchema,
        response: { 200: sharingAnswerSchema, ...problemAnswers },
      },
    },
    async (request) => service.saveSharing(viewerOf(request), request.body),
  );

  app.post(
    '/api/postings/:id/members/:memberId/invite',
    {
      preValidation: guard('group.invite'),
      schema: {
        tags,
        summary: "Send (or send again) a member row's invitation, admin only",
        params: memberParamSchema,
        response: { 200: memberAnswerSchema, ...problemAnswers },
      },
    },
    async (request) => service.invite(viewerOf(request), request.params.id, request.params.memberId),
  );

  app.post(
    '/api/postings/:id/members/:memberId/withdraw',
    {
      preValidation: guard('group.invite'),
      schema: {
        tags,
        summary: "Withdraw a member row's pending invitation (its link stops working), admin only",
        params: memberParamSchema,
        response: { 200: memberAnswerSchema, ...problemAnswers },
      },
    },
    async (request) => service.withdraw(viewerOf(request), request.params.id, request.params.memberId),
  );

  app.delete(
    '/api/postings/:id/members/:memberId',
    {
      preValidation: guard('group.remove'),
      schema: {
        tags,
        summary: 'Remove a member (a joined member is told by e-mail; the group seeks one more), admin only',
        params: memberParamSchema,
        response: { 200: z.strictObject({ removed: z.literal(true) }), ...problemAnswers },
      },
    },
    async (request) => service.remove(viewerOf(request), request.params.id, request.params.memberId),
  );

  app.put(
    '/api/postings/:id/members/:memberId/role',
    {
      preValidation: guard('group.setRole'),
      schema: {
        tags,
        summary: 'Make a joined member a co-admin, or a member again, admin only',
        params: memberParamSchema,
        body: roleChangeSchema,
        response: { 200: memberAnswerSchema, ...problemAnswers },
      },
    },
    async (request) =>
      service.setRole(viewerOf(request), request.params.id, request.params.memberId, request.body.role),
  );

  app.post(
    '/api/postings/:id/hand-over',
    {
      preValidation: guard('group.handOver'),
      schema: {
        tags,
        summary: 'Hand the group to a joined member, who becomes its admin; the old admin leaves it',
        params: idParamSchema,
        body: handOverSchema,
        response: { 200: z.strictObject({ handedOver: z.literal(true) }), ...problemAnswers },
      },
    },
    async (request) => service.handOver(viewerOf(request), request.params.id, request.body.memberId),
  );

  app.post(
    '/api/postings/:id/leave',
    {
      preValidation: guard('group.leave'),
      schema: {
        tags,
        summary: 'Leave a group the viewer joined (the admin hands it over first)',
        params: idParamSchema,
        response: { 200: z.strictObject({ left: z.literal(true) }), ...problemAnswers },
      },
    },
    async (request) => service.leave(viewerOf(request), request.params.id),
  );
};
