/**
 * What the API answers about postings (posting-view.ts's types), as schemas: the routes declare
 * them, the serializer checks each answer against them (strict objects: a field the type does not
 * name is a failure, not a silent leak), and the OpenAPI document is made from them. The compiler
 * checks each against its type.
 */
import { BANDS } from '../lifestyle-bands';
import {
  ACADEMIC_YEARS,
  GENDERS,
  LISTING_LOCATIONS,
  PING_STATUSES,
  POSTING_STATUSES,
  RENT_TYPES,
  UTILITIES,
} from '../options';
import { RENEWAL_ACTIONS, type RenewalPreview, type RenewalResult } from './freshness';
import { groupMemberViewSchema } from './group-answers';
import { GROUP_ROLES } from './groups';
import type { PostingModerationView } from './moderation';
import type { ViewerPing } from './ping';
import type { AdminContactView, PostingCard, PostingDetail, PostingImageView, PostingPage } from './posting-view';
import { z } from './zod';

const iso = z.string();

const postingImageViewSchema = z.strictObject({
  id: z.string(),
  cardUrl: z.string(),
  fullUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
}) satisfies z.ZodType<PostingImageView>;

const adminContactSchema = z.strictObject({
  name: z.string(),
  email: z.string().nullable(),
  academicYear: z.enum(ACADEMIC_YEARS),
  gender: z.enum(GENDERS),
  customGender: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  instagramHandle: z.string().nullable(),
}) satisfies z.ZodType<AdminContactView>;

const viewerPingSchema = z.strictObject({
  id: z.string(),
  status: z.enum(PING_STATUSES),
  createdAt: iso,
}) satisfies z.ZodType<ViewerPing>;

const postingModerationViewSchema = z.strictObject({
  hidden: z.boolean(),
  kind: z.enum(['auto', 'moderator', 'suspended']).nullable(),
  reason: z.string().nullable(),
  appealPending: z.boolean(),
}) satisfies z.ZodType<PostingModerationView>;

export const postingDetailSchema = z.strictObject({
  id: z.string(),
  listingLocation: z.enum(LISTING_LOCATIONS),
  dorm: z.string().nullable(),
  address: z.string().nullable(),
  adminContact: adminContactSchema,
  adminShowsPhone: z.boolean(),
  adminShowsInstagram: z.boolean(),
  aimInteger: z.number().int(),
  curGroupSize: z.number().int(),
  curNumSeek: z.number().int(),
  members: z.array(groupMemberViewSchema),
  monthlyRent: z.number().nullable(),
  rentType: z.enum(RENT_TYPES).nullable(),
  rentStart: z.string().nullable(),
  rentEnd: z.string().nullable(),
  utilities: z.enum(UTILITIES).nullable(),
  sublet: z.boolean(),
  status: z.enum(POSTING_STATUSES),
  images: z.array(postingImageViewSchema),
  interestCount: z.number().int(),
  description: z.string().nullable(),
  createdAt: iso,
  updatedAt: iso,
  viewerIsAdmin: z.boolean(),
  viewerRole: z.enum(GROUP_ROLES).nullable(),
  viewerBookmarked: z.boolean(),
  viewerPing: viewerPingSchema.nullable(),
  staleAt: iso.nullable(),
  moderation: postingModerationViewSchema.nullable(),
}) satisfies z.ZodType<PostingDetail>;

const postingCardSchema = z.strictObject({
  id: z.string(),
  listingLocation: z.enum(LISTING_LOCATIONS),
  dorm: z.string().nullable(),
  address: z.string().nullable(),
  aimInteger: z.number().int(),
  curNumSeek: z.number().int(),
  status: z.enum(POSTING_STATUSES),
  monthlyRent: z.number().nullable(),
  rentType: z.enum(RENT_TYPES).nullable(),
  sublet: z.boolean(),
  imageUrl: z.string().nullable(),
  interestCount: z.number().int(),
  createdAt: iso,
  updatedAt: iso,
  stale: z.boolean(),
  viewerIsAdmin: z.boolean(),
  viewerBookmarked: z.boolean(),
  fitBand: z.enum(BANDS).nullable().optional(),
}) satisfies z.ZodType<PostingCard>;

export const postingPageSchema = z.strictObject({
  items: z.array(postingCardSchema),
  nextCursor: z.string().nullable(),
  total: z.strictObject({ count: z.number().int(), atLeast: z.boolean() }).nullable().optional(),
}) satisfies z.ZodType<PostingPage>;

/** PUT and DELETE /api/postings/:id/bookmark. */
export const bookmarkStateSchema = z.strictObject({ postingId: z.string(), bookmarked: z.boolean() });
/** What bookmarking or un-bookmarking a posting answers. */
export type BookmarkState = z.infer<typeof bookmarkStateSchema>;

/** PATCH /api/postings/:id/status: the status now, and whether this call changed it. */
export const statusAnswerSchema = z.strictObject({ status: z.enum(POSTING_STATUSES), changed: z.boolean() });
export type StatusAnswer = z.infer<typeof statusAnswerSchema>;

/** POST /api/postings/:id/renew: fresh again as of this moment. */
export const renewAnswerSchema = z.strictObject({ updatedAt: iso });
export type RenewAnswer = z.infer<typeof renewAnswerSchema>;

export const renewalPreviewSchema = z.strictObject({
  action: z.enum(RENEWAL_ACTIONS),
  postingId: z.string(),
  place: z.string(),
}) satisfies z.ZodType<RenewalPreview>;

export const renewalResultSchema = z.strictObject({
  action: z.enum(RENEWAL_ACTIONS),
  postingId: z.string(),
  message: z.string(),
}) satisfies z.ZodType<RenewalResult>;

/**
 * A renewal link's token, in the page's query string (GET) or body (POST). Anything that is not a
 * bounded text reads as '' so every broken link gets the same "not valid" answer.
 */
export const renewalTokenSchema = z.object({ token: z.string().max(1000).catch('') });
