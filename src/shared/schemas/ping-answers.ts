/**
 * What the API answers about pings, as schemas and their types: the routes declare them, the
 * serializer checks each answer (strict objects), and the OpenAPI document is made from them.
 */
import { LISTING_LOCATIONS, PING_STATUSES, POSTING_STATUSES } from '../options';
import { z } from './zod';

const iso = z.string();

const pingPostingRefSchema = z.strictObject({
  id: z.string(),
  listingLocation: z.enum(LISTING_LOCATIONS),
  dorm: z.string().nullable(),
  address: z.string().nullable(),
  status: z.enum(POSTING_STATUSES),
});
/** The posting a ping is about, enough to name it and link to it. */
export type PingPostingRef = z.output<typeof pingPostingRefSchema>;

export const receivedPingSchema = z.strictObject({
  id: z.string(),
  posting: pingPostingRefSchema,
  senderName: z.string(),
  senderEmail: z.string(),
  message: z.string().nullable(),
  status: z.enum(PING_STATUSES),
  createdAt: iso,
  answeredAt: iso.nullable(),
  /** The viewer may accept or decline it (the group's admin or a co-admin); a member reads it only. */
  viewerMayAnswer: z.boolean(),
  /** Its conversation (issue 19): GET /api/conversations/:id; null only for a ping written outside the API. */
  conversationId: z.string().nullable(),
});
/** A ping in the admin's inbox. */
export type ReceivedPing = z.output<typeof receivedPingSchema>;

export const sentPingSchema = z.strictObject({
  id: z.string(),
  posting: pingPostingRefSchema,
  message: z.string().nullable(),
  status: z.enum(PING_STATUSES),
  createdAt: iso,
  answeredAt: iso.nullable(),
  /** Its conversation (issue 19): GET /api/conversations/:id; null only for a ping written outside the API. */
  conversationId: z.string().nullable(),
});
/** A ping in the sender's list. */
export type SentPing = z.output<typeof sentPingSchema>;

const pageOf = <Item extends z.ZodType>(item: Item) =>
  z.strictObject({ items: z.array(item), nextCursor: z.string().nullable() });

export const receivedPingPageSchema = pageOf(receivedPingSchema);
export const sentPingPageSchema = pageOf(sentPingSchema);

/** How many of something await the viewer (the navigation's counts). */
export const countSchema = z.strictObject({ count: z.number().int() });
export type CountAnswer = z.infer<typeof countSchema>;
