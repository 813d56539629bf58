/**
 * What the API answers about postings, as schemas and their types: the routes declare them, the
 * serializer checks each answer against them (strict objects: a field the type does not name is a
 * failure, not a silent leak), and the OpenAPI document is made from them. The types are the
 * schemas' own (z.output), so the two cannot differ.
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
import { RENEWAL_ACTIONS } from './freshness';
import { groupMemberViewSchema } from './group-answers';
import { GROUP_ROLES } from './groups';
import { z } from './zod';

const iso = z.string();

const postingImageViewSchema = z.strictObject({
  id: z.string(),
  /** Small WebP for cards (lazy-loaded). */
  cardUrl: z.string(),
  /** Large WebP for the carousel. */
  fullUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type PostingImageView = z.output<typeof postingImageViewSchema>;

const adminContactSchema = z.strictObject({
  name: z.string(),
  email: z.string().nullable(),
  academicYear: z.enum(ACADEMIC_YEARS),
  gender: z.enum(GENDERS),
  customGender: z.string().nullable(),
  /** Off-campus postings, or the posting's admin; null for anyone else on campus (docs/product-spec.md, section 2). */
  phoneNumber: z.string().nullable(),
  instagramHandle: z.string().nullable(),
});
export type AdminContactView = z.output<typeof adminContactSchema>;

const viewerPingSchema = z.strictObject({
  id: z.string(),
  status: z.enum(PING_STATUSES),
  createdAt: iso,
});
/** The viewer's latest ping of one posting, on the detail view. */
export type ViewerPing = z.output<typeof viewerPingSchema>;

const postingModerationViewSchema = z.strictObject({
  hidden: z.boolean(),
  kind: z.enum(['auto', 'moderator', 'suspended']).nullable(),
  reason: z.string().nullable(),
  appealPending: z.boolean(),
});
/** What the posting's admin and moderators see about a hidden posting. */
export type PostingModerationView = z.output<typeof postingModerationViewSchema>;

/**
 * Where an off-campus posting is (issue 33): the exact pin for those allowed it (src/shared/
 * authorization.ts, 'posting.seeExactPin'), else the centre of an area of radiusMeters that holds it.
 */
const postingPinSchema = z.strictObject({
  latitude: z.number(),
  longitude: z.number(),
  /** True: the exact point. False: the area's centre. */
  exact: z.boolean(),
  /** The approximate area's radius in metres, or null for the exact point. */
  radiusMeters: z.number().int().nullable(),
});
export type PostingPin = z.output<typeof postingPinSchema>;

/** Walking minutes from the pin to a campus place, on foot (via null) or to the nearest shuttle stop and its ride. */
const postingWalkSchema = z.strictObject({
  placeKey: z.string(),
  placeName: z.string(),
  /** Minutes on foot, rounded to 5: to the place, or (via) to the stop. */
  minutes: z.number().int(),
  via: z.strictObject({ stopName: z.string(), rideMinutes: z.number().int() }).nullable(),
});
export type PostingWalk = z.output<typeof postingWalkSchema>;

export const postingDetailSchema = z.strictObject({
  id: z.string(),
  listingLocation: z.enum(LISTING_LOCATIONS),
  dorm: z.string().nullable(),
  address: z.string().nullable(),
  adminContact: adminContactSchema,
  /** The admin ticked them: the detail view shows their phone (off-campus) and Instagram to others. */
  adminShowsPhone: z.boolean(),
  adminShowsInstagram: z.boolean(),
  aimInteger: z.number().int(),
  curGroupSize: z.number().int(),
  curNumSeek: z.number().int(),
  members: z.array(groupMemberViewSchema),
  /** Whole dollars a month, or null. */
  monthlyRent: z.number().nullable(),
  rentType: z.enum(RENT_TYPES).nullable(),
  /** ISO dates (YYYY-MM-DD), off-campus only. */
  rentStart: z.string().nullable(),
  rentEnd: z.string().nullable(),
  utilities: z.enum(UTILITIES).nullable(),
  sublet: z.boolean(),
  status: z.enum(POSTING_STATUSES),
  images: z.array(postingImageViewSchema),
  /** How many other students pinged interest (each counted once). */
  interestCount: z.number().int(),
  /** The group's own words about itself (plain text, line breaks kept), or null. */
  description: z.string().nullable(),
  createdAt: iso,
  updatedAt: iso,
  /** For the signed-in viewer: are they the posting's admin (delete, manage members, hand over)? */
  viewerIsAdmin: z.boolean(),
  /**
   * The viewer's role in the group: 'admin', 'coadmin' (may edit, change the status and answer
   * pings), 'member' (joined), or null.
   */
  viewerRole: z.enum(GROUP_ROLES).nullable(),
  /** For the signed-in viewer: have they bookmarked it? */
  viewerBookmarked: z.boolean(),
  /** For the signed-in viewer: their latest ping of this posting, or null. */
  viewerPing: viewerPingSchema.nullable(),
  /** When the posting was marked stale (no answer to 'Still looking?'), or null while fresh. */
  staleAt: iso.nullable(),
  /** Its moderation state, for its admin and moderators only (null for everyone else). */
  moderation: postingModerationViewSchema.nullable(),
  /** Off campus: where it is, exact or approximate for this viewer; null without a pin. */
  pin: postingPinSchema.nullable(),
  /** The admin chose to show the exact pin to everyone; null for anyone but the group's managers. */
  pinExactChosen: z.boolean().nullable(),
  /** Walking minutes to each campus place (nearest first), then the nearest shuttle stop's walk and ride. */
  walks: z.array(postingWalkSchema),
});
/** A whole posting: the detail view and the edit form. */
export type PostingDetail = z.output<typeof postingDetailSchema>;

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
  /** The first image's card variant, or null (the client then shows the dorm's or off-campus image). */
  imageUrl: z.string().nullable(),
  interestCount: z.number().int(),
  createdAt: iso,
  updatedAt: iso,
  /** Marked stale (no answer to 'Still looking?'); search shows these only when asked. */
  stale: z.boolean(),
  viewerIsAdmin: z.boolean(),
  viewerBookmarked: z.boolean(),
  /** 'Best fit' results only: the viewer's band with the group, or null when nobody could be compared. */
  fitBand: z.enum(BANDS).nullable().optional(),
  /** Off campus: the pin as everyone may see it (the area's centre unless the admin chose exact); null without one. */
  pin: postingPinSchema.nullable(),
  /** Walking minutes to each campus place (nearest first), then the nearest shuttle stop's walk and ride. */
  walks: z.array(postingWalkSchema),
});
/** Only what a card shows: the postings list and the profile lists. */
export type PostingCard = z.output<typeof postingCardSchema>;

export const postingPageSchema = z.strictObject({
  items: z.array(postingCardSchema),
  /** Opaque cursor for the next page, or null at the end. */
  nextCursor: z.string().nullable(),
  /**
   * Search only, first page only: how many postings match. Counting stops at a cap, and then
   * `atLeast` is true ('1,000+'). Null on later pages.
   */
  total: z.strictObject({ count: z.number().int(), atLeast: z.boolean() }).nullable().optional(),
});
export type PostingPage = z.output<typeof postingPageSchema>;

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
});
/** GET /api/renewals/:token: what the link would do (nothing changes until the page POSTs). */
export type RenewalPreview = z.output<typeof renewalPreviewSchema>;

export const renewalResultSchema = z.strictObject({
  action: z.enum(RENEWAL_ACTIONS),
  postingId: z.string(),
  message: z.string(),
});
/** POST /api/renewals/:token. */
export type RenewalResult = z.output<typeof renewalResultSchema>;

/**
 * A renewal link's token, in the page's query string (GET) or body (POST). Anything that is not a
 * bounded text reads as '' so every broken link gets the same "not valid" answer.
 */
export const renewalTokenSchema = z.object({ token: z.string().max(1000).catch('') });
