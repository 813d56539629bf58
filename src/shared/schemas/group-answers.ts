/**
 * What the API answers about groups (issue 23), as schemas and their types: the routes declare
 * them, the serializer checks each answer against them, and the OpenAPI document is made from them.
 */
import { ACADEMIC_YEARS, GENDERS } from '../options';
import { GROUP_ROLES, MEMBER_STATES, type Sharing, sharingSchema } from './groups';
import { z } from './zod';

const iso = z.string();

export const invitationViewSchema = z.strictObject({
  /** The member row's id; also the id in /api/invitations/:id/... */
  id: z.string(),
  postingId: z.string(),
  /** The admin's account name. */
  adminName: z.string(),
  /** The dorm's name or the address. */
  place: z.string(),
  /** The name the admin typed for this member. */
  memberName: z.string(),
  expiresAt: iso,
});
/** An invitation as the invited student sees it (their profile, and the link's page). */
export type InvitationView = z.output<typeof invitationViewSchema>;

const typedMemberSchema = z.strictObject({
  state: z.enum(MEMBER_STATES),
  name: z.string(),
  academicYear: z.enum(ACADEMIC_YEARS),
  gender: z.enum(GENDERS),
  customGender: z.string().nullable(),
  /** The invitation address (a college address), or null. */
  email: z.string().nullable(),
  /** Typed before groups were invitations (migration 0011); shown to the admin alone. */
  instagramHandle: z.string().nullable(),
  invitedAt: iso.nullable(),
  invitationExpiresAt: iso.nullable(),
  /** When the admin may send the invitation again (resend limit), or null when they may now. */
  resendAfter: iso.nullable(),
});
/** What the admin typed for a member row, and where its invitation stands (the admin only). */
export type TypedMemberView = z.output<typeof typedMemberSchema>;

export const groupMemberViewSchema = z.strictObject({
  /** The member row's id (stable across edits while the row stays). */
  id: z.string(),
  position: z.number().int(),
  joined: z.boolean(),
  role: z.enum(GROUP_ROLES),
  name: z.string(),
  /** Typed by the admin (not joined), or shared by the member (joined); else null. */
  academicYear: z.enum(ACADEMIC_YEARS).nullable(),
  /** Joined members who share it only. */
  gender: z.enum(GENDERS).nullable(),
  customGender: z.string().nullable(),
  email: z.string().nullable(),
  instagramHandle: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  /** The signed-in viewer is this member. */
  isYou: z.boolean(),
  /** The posting's admin only: the row as typed and its invitation; null for everyone else. */
  typed: typedMemberSchema.nullable(),
});
/**
 * A member as the detail view shows it. A joined member shows their own account's name and only
 * what they chose to share; a member who has not joined shows only the name and year the admin
 * typed, never any contact detail, and is never linked to an account.
 */
export type GroupMemberView = z.output<typeof groupMemberViewSchema>;

export const myGroupViewSchema = z.strictObject({
  postingId: z.string(),
  place: z.string(),
  role: z.enum(GROUP_ROLES),
  adminName: z.string(),
  status: z.string(),
  joinedAt: iso,
});
/** A group the viewer joined (not as its admin): the profile's My Groups. */
export type MyGroupView = z.output<typeof myGroupViewSchema>;

/** GET and PUT /api/me/sharing: what the viewer shares, as saved (the body's schema, strict). */
export const sharingAnswerSchema = z.strictObject({
  ...sharingSchema.shape,
  share: z.strictObject(sharingSchema.shape.share.shape),
}) satisfies z.ZodType<Sharing>;
