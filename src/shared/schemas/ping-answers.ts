/**
 * What the API answers about pings (ping.ts's types), as schemas: the routes declare them, the
 * serializer checks each answer (strict objects), and the OpenAPI document is made from them.
 */
import { LISTING_LOCATIONS, PING_STATUSES, POSTING_STATUSES } from '../options';
import type { PingPostingRef, ReceivedPing, SentPing } from './ping';
import { z } from './zod';

const iso = z.string();

const pingPostingRefSchema = z.strictObject({
  id: z.string(),
  listingLocation: z.enum(LISTING_LOCATIONS),
  dorm: z.string().nullable(),
  address: z.string().nullable(),
  status: z.enum(POSTING_STATUSES),
}) satisfies z.ZodType<PingPostingRef>;

export const receivedPingSchema = z.strictObject({
  id: z.string(),
  posting: pingPostingRefSchema,
  senderName: z.string(),
  senderEmail: z.string(),
  message: z.string().nullable(),
  status: z.enum(PING_STATUSES),
  createdAt: iso,
  answeredAt: iso.nullable(),
  viewerMayAnswer: z.boolean(),
  conversationId: z.string().nullable(),
}) satisfies z.ZodType<ReceivedPing>;

export const sentPingSchema = z.strictObject({
  id: z.string(),
  posting: pingPostingRefSchema,
  message: z.string().nullable(),
  status: z.enum(PING_STATUSES),
  createdAt: iso,
  answeredAt: iso.nullable(),
  conversationId: z.string().nullable(),
}) satisfies z.ZodType<SentPing>;

const pageOf = <Item extends z.ZodType>(item: Item) =>
  z.strictObject({ items: z.array(item), nextCursor: z.string().nullable() });

export const receivedPingPageSchema = pageOf(receivedPingSchema);
export const sentPingPageSchema = pageOf(sentPingSchema);

/** How many of something await the viewer (the navigation's counts). */
export const countSchema = z.strictObject({ count: z.number().int() });
export type CountAnswer = z.infer<typeof countSchema>;
