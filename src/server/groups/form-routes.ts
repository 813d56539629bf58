/**
 * The profile's group controls as plain forms (issue 31): an invitation's 'Join this group' and
 * "This isn't me", 'Leave group' (from its drawn confirmation) and 'Save what I share'. A tap before
 * the scripts arrive, or with JavaScript off, does what the API's route does, through the same
 * service (its rules and checks), then goes back to the page with what happened.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { pageAddress } from '../../shared/page-addresses';
import { PROFILE_FORM_ROUTES } from '../../shared/profile-form-posts';
import { type Sharing, sharingSchema } from '../../shared/schemas/groups';
import { normaliseInstagram } from '../../shared/schemas/posting';
import { viewerOf } from '../auth/viewer';
import { AppError } from '../http/errors';
import { acceptFormBodies, type FormFields, memberForm } from '../http/form-posts';
import type { GroupService } from './service';

const PROFILE_INVITATIONS = '/myProfile#invitations';
const PROFILE_GROUPS = '/myProfile#groups';
const PROFILE_SHARING = '/myProfile#sharing';

/** The route's id, or a 404 the notice names (never a database error for an id that is no id). */
function idOf(params: unknown, code: string): string {
  const parsed = z
    .string()
    .uuid()
    .safeParse((params as { id?: unknown }).id);
  if (!parsed.success) throw new AppError(404, code, '', 'not found');
  return parsed.data;
}

const blankAsNull = (value: string | undefined) => (value === undefined || value.trim() === '' ? null : value.trim());

/** The sharing form's fields as the API's body: blanks as null, a ticked box 'on'. */
export function sharingFromFields(fields: FormFields): unknown {
  const ticked = (name: keyof Sharing['share']) => fields[`share.${name}`] !== undefined;
  return {
    // A value that is not one of the options is refused by the schema, not taken as 'not given'.
    academicYear: blankAsNull(fields.academicYear),
    gender: blankAsNull(fields.gender),
    customGender: fields.gender === 'other' ? blankAsNull(fields.customGender) : null,
    phoneNumber: blankAsNull(fields.phoneNumber),
    instagramHandle: blankAsNull(normaliseInstagram(fields.instagramHandle ?? '')),
    share: {
      academicYear: ticked('academicYear'),
      gender: ticked('gender'),
      email: ticked('email'),
      phoneNumber: ticked('phoneNumber'),
      instagramHandle: ticked('instagramHandle'),
    },
  };
}

export async function groupFormRoutes(app: FastifyInstance, { service }: { service: GroupService }) {
  acceptFormBodies(app);

  app.post(
    PROFILE_FORM_ROUTES.answerInvitation,
    { schema: { hide: true } },
    memberForm({
      action: 'invitation.answer',
      unsigned: 'SIGN_IN_FIRST',
      failed: 'GROUP_NOT_CHANGED',
      fallback: () => PROFILE_INVITATIONS,
      async act(request, fields) {
        const id = idOf(request.params, 'INVITATION_NOT_FOUND');
        const token = fields.token ? fields.token.slice(0, 200) : undefined;
        if (fields.answer === 'join') {
          const { postingId } = await service.join(viewerOf(request), id, token);
          return { notice: 'INVITATION_JOINED', to: pageAddress.posting(postingId) };
        }
        if (fields.answer === 'decline') {
          await service.decline(viewerOf(request), id, token);
          return { notice: 'INVITATION_DECLINED' };
        }
        throw new AppError(400, 'VALIDATION_FAILED', '', 'answer: join or decline');
      },
    }),
  );

  app.post(
    PROFILE_FORM_ROUTES.leaveGroup,
    { schema: { hide: true } },
    memberForm({
      action: 'group.leave',
      unsigned: 'SIGN_IN_FIRST',
      failed: 'GROUP_NOT_CHANGED',
      renamed: { NOT_FOUND: 'POSTING_GONE' },
      fallback: () => PROFILE_GROUPS,
      async act(request) {
        await service.leave(viewerOf(request), idOf(request.params, 'NOT_FOUND'));
        return { notice: 'GROUP_LEFT' };
      },
    }),
  );

  app.post(
    PROFILE_FORM_ROUTES.sharing,
    { schema: { hide: true } },
    memberForm({
      action: 'product.use',
      unsigned: 'SIGN_IN_FIRST',
      failed: 'SHARING_FAILED',
      fallback: () => PROFILE_SHARING,
      async act(request, fields) {
        const parsed = sharingSchema.safeParse(sharingFromFields(fields));
        if (!parsed.success) throw new AppError(400, 'VALIDATION_FAILED', '', parsed.error.message);
        await service.saveSharing(viewerOf(request), parsed.data);
        return { notice: 'SHARING_SAVED' };
      },
    }),
  );
}
