/**
 * A message in a conversation as a plain form (issue 31): sent before the scripts arrive, or with
 * JavaScript off, through the same service (its rules and the per-student limit), then back to the
 * conversation, where it now shows. The profile's Messages section posts its e-mail setting and
 * its Unblock buttons here too.
 */
import type { FastifyInstance } from 'fastify';
import { MEMBER_FORM_ROUTES } from '../../shared/member-form-posts';
import { pageAddress } from '../../shared/page-addresses';
import { PROFILE_FORM_ROUTES } from '../../shared/profile-form-posts';
import { sendMessageSchema, userParamSchema } from '../../shared/schemas/conversations';
import { viewerOf } from '../auth/viewer';
import { AppError } from '../http/errors';
import { acceptFormBodies, memberForm } from '../http/form-posts';
import type { ConversationService } from './service';

export async function conversationFormRoutes(app: FastifyInstance, { service }: { service: ConversationService }) {
  acceptFormBodies(app);
  app.post(
    MEMBER_FORM_ROUTES.sendMessage,
    { schema: { hide: true } },
    memberForm({
      action: 'conversation.send',
      unsigned: 'SIGN_IN_FIRST',
      failed: 'MESSAGE_FAILED',
      fallback: (request) => pageAddress.conversation((request.params as { id: string }).id),
      async act(request, fields) {
        // The drawn form's key: the same form sent twice is saved once.
        const parsed = sendMessageSchema.safeParse({
          body: fields.body ?? '',
          clientKey: fields.clientKey || undefined,
        });
        if (!parsed.success) {
          const tooLong = (fields.body ?? '').trim().length > 0;
          throw new AppError(400, tooLong ? 'MESSAGE_TOO_LONG' : 'MESSAGE_EMPTY', '', parsed.error.message);
        }
        const { body, clientKey } = parsed.data;
        await service.send(viewerOf(request), (request.params as { id: string }).id, body, clientKey);
        return undefined;
      },
    }),
  );

  app.post(
    PROFILE_FORM_ROUTES.conversationSettings,
    { schema: { hide: true } },
    memberForm({
      action: 'product.use',
      unsigned: 'SIGN_IN_FIRST',
      failed: 'SETTINGS_FAILED',
      fallback: () => '/myProfile#messages',
      async act(request, fields) {
        // A ticked box is sent (its value 'on'); an unticked one is not sent at all.
        const saved = await service.saveSettings(viewerOf(request), { unreadEmail: fields.unreadEmail !== undefined });
        return { notice: saved.unreadEmail ? 'UNREAD_EMAIL_ON' : 'UNREAD_EMAIL_OFF' };
      },
    }),
  );

  app.post(
    PROFILE_FORM_ROUTES.unblock,
    { schema: { hide: true } },
    memberForm({
      action: 'student.block',
      unsigned: 'SIGN_IN_FIRST',
      failed: 'UNBLOCK_FAILED',
      fallback: () => '/myProfile#messages',
      async act(request) {
        // The API's own check of the id; only the viewer's own block of that student goes.
        const parsed = userParamSchema.safeParse({ userId: (request.params as { id: string }).id });
        if (!parsed.success) throw new AppError(404, 'STUDENT_NOT_FOUND', '', parsed.error.message);
        await service.unblock(viewerOf(request), parsed.data.userId);
        return { notice: 'STUDENT_UNBLOCKED' };
      },
    }),
  );
}
