/**
 * What the API answers about groups (issue 23), as schemas: the routes declare them, the
 * serializer checks each answer against them, and the OpenAPI document is made from them. Each is
 * checked against its view type in groups.ts by the compiler.
 */
import { ACADEMIC_YEARS, GENDERS } from '../options';
import {
  GROUP_ROLES,
  type GroupMemberView,
  type InvitationView,
  MEMBER_STATES,
  type MyGroupView,
  type Sharing,
  sharingSchema,
  type TypedMemberView,
} from './groups';
import { z } from './zod';

const iso = z.string();

export const invitationViewSchema = z.strictObject({
  id: z.string(),
  postingId: z.string(),
  adminName: z.string(),
  place: z.string(),
  memberName: z.string(),
  expiresAt: iso,
}) satisfies z.ZodType<InvitationView>;

const typedMemberSchema = z.strictObject({
  state: z.enum(MEMBER_STATES),
  name: z.string(),
  academicYear: z.enum(ACADEMIC_YEARS),
  gender: z.enum(GENDERS),
  customGender: z.string().nullable(),
  email: z.string().nullable(),
  instagramHandle: z.string().nullable(),
  invitedAt: iso.nullable(),
  invitationExpiresAt: iso.nullable(),
  resendAfter: iso.nullable(),
}) satisfies z.ZodType<TypedMemberView>;

export const groupMemberViewSchema = z.strictObject({
  id: z.string(),
  position: z.number().int(),
  joined: z.boolean(),
  role: z.enum(GROUP_ROLES),
  name: z.string(),
  academicYear: z.enum(ACADEMIC_YEARS).nullable(),
  gender: z.enum(GENDERS).nullable(),
  customGender: z.string().nullable(),
  email: z.string().nullable(),
  instagramHandle: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  isYou: z.boolean(),
  typed: typedMemberSchema.nullable(),
}) satisfies z.ZodType<GroupMemberView>;

export const myGroupViewSchema = z.strictObject({
  postingId: z.string(),
  place: z.string(),
  role: z.enum(GROUP_ROLES),
  adminName: z.string(),
  status: z.string(),
  joinedAt: iso,
}) satisfies z.ZodType<MyGroupView>;

/** GET and PUT /api/me/sharing: what the viewer shares, as saved (the body's schema, strict). */
export const sharingAnswerSchema = z.strictObject({
  ...sharingSchema.shape,
  share: z.strictObject(sharingSchema.shape.share.shape),
}) satisfies z.ZodType<Sharing>;
