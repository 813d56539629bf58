import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/* ---------- better-auth tables (model and field names are better-auth's) ---------- */

export const user = pgTable('user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  /** When the user accepted the Terms & Conditions, and which version. */
  termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
  termsVersion: text('terms_version'),
});

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

/** better-auth's database-backed rate limiter: shared by every app server. */
export const rateLimit = pgTable('rate_limit', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

/* ---------- product tables ---------- */

export const posting = pgTable(
  'posting',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listingLocation: text('listing_location', { enum: ['oncampus', 'offcampus'] }).notNull(),
    dorm: text('dorm'),
    address: text('address'),
    adminUserId: text('admin_user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    adminName: text('admin_name').notNull(),
    adminEmail: text('admin_email'),
    adminAcademicYear: text('admin_academic_year').notNull(),
    adminGender: text('admin_gender').notNull(),
    adminCustomGender: text('admin_custom_gender'),
    adminPhone: text('admin_phone'),
    adminInstagram: text('admin_instagram'),
    aimInteger: integer('aim_integer').notNull(),
    curGroupSize: integer('cur_group_size').notNull(),
    curNumSeek: integer('cur_num_seek').notNull(),
    /** Whole dollars a month as entered, with rentType saying for whom. */
    monthlyRent: integer('monthly_rent'),
    rentType: text('rent_type', { enum: ['total', 'per_person'] }),
    /** Rent per person in whole dollars, derived on write, so rent filters compare like with like. */
    rentPerPerson: integer('rent_per_person'),
    rentStart: date('rent_start'),
    rentEnd: date('rent_end'),
    utilities: text('utilities', { enum: ['included', 'not-included'] }),
    sublet: boolean('sublet').notNull().default(false),
    status: text('status', { enum: ['Unfulfilled', 'Likely Fulfilled', 'Fulfilled'] })
      .notNull()
      .default('Unfulfilled'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'posting_location_fields',
      sql`(${t.listingLocation} = 'oncampus' AND ${t.dorm} IS NOT NULL AND ${t.address} IS NULL) OR (${t.listingLocation} = 'offcampus' AND ${t.address} IS NOT NULL AND ${t.dorm} IS NULL)`,
    ),
    check(
      'posting_sizes',
      sql`${t.curGroupSize} >= 1 AND ${t.curNumSeek} >= 1 AND ${t.aimInteger} = ${t.curGroupSize} + ${t.curNumSeek}`,
    ),
    check('posting_rent_period', sql`${t.rentEnd} IS NULL OR ${t.rentStart} IS NULL OR ${t.rentEnd} >= ${t.rentStart}`),
    // Newest-first listing per location; the cursor is (created_at, id).
    index('posting_location_created_idx').on(t.listingLocation, t.createdAt.desc(), t.id.desc()),
    index('posting_location_dorm_idx').on(t.listingLocation, t.dorm, t.createdAt.desc()),
    index('posting_location_aim_idx').on(t.listingLocation, t.aimInteger, t.createdAt.desc()),
    index('posting_location_seek_idx').on(t.listingLocation, t.curNumSeek, t.createdAt.desc()),
    // The search students run most (spec section 2: a dorm and their group size) reads exactly
    // one page of index entries, already newest first, at any table size.
    index('posting_location_dorm_seek_idx').on(
      t.listingLocation,
      t.dorm,
      t.curNumSeek,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    index('posting_admin_idx').on(t.adminUserId, t.createdAt.desc()),
    // Search (src/server/search): every filter of spec section 5 can start from an index, so a
    // filter that matches few postings never walks the whole table.
    index('posting_location_sublet_idx').on(t.listingLocation, t.sublet, t.createdAt.desc(), t.id.desc()),
    index('posting_location_gender_idx').on(
      t.listingLocation,
      sql`lower(${t.adminGender})`,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    index('posting_location_year_idx').on(
      t.listingLocation,
      sql`lower(${t.adminAcademicYear})`,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    // Off campus: rent (filter and 'lowest rent first', postings without rent last) and the rental period.
    index('posting_location_rent_idx').on(t.listingLocation, sql`COALESCE(${t.rentPerPerson}, 2147483647)`, t.id),
    index('posting_location_rent_end_idx').on(t.listingLocation, t.rentEnd),
    index('posting_location_rent_start_idx').on(t.listingLocation, t.rentStart),
  ],
);

export const postingMember = pgTable(
  'posting_member',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postingId: uuid('posting_id')
      .notNull()
      .references(() => posting.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    academicYear: text('academic_year').notNull(),
    gender: text('gender').notNull(),
    customGender: text('custom_gender'),
    email: text('email'),
    instagramHandle: text('instagram_handle'),
  },
  (t) => [uniqueIndex('posting_member_position_idx').on(t.postingId, t.position)],
);

export const postingImage = pgTable(
  'posting_image',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postingId: uuid('posting_id')
      .notNull()
      .references(() => posting.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** Storage keys of the WebP variants. */
    cardKey: text('card_key').notNull(),
    fullKey: text('full_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('posting_image_position_idx').on(t.postingId, t.position)],
);

export const bookmark = pgTable(
  'bookmark',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    postingId: uuid('posting_id')
      .notNull()
      .references(() => posting.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.postingId] }),
    index('bookmark_posting_idx').on(t.postingId),
    // The profile's 'My Bookmarked Posts', newest bookmark first.
    index('bookmark_user_created_idx').on(t.userId, t.createdAt.desc(), t.postingId.desc()),
  ],
);

export const ping = pgTable(
  'ping',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postingId: uuid('posting_id')
      .notNull()
      .references(() => posting.id, { onDelete: 'cascade' }),
    searcherUserId: text('searcher_user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    senderName: text('sender_name').notNull(),
    searcherEmail: text('searcher_email').notNull(),
    message: text('message'),
    adminUserId: text('admin_user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending'] })
      .notNull()
      .default('pending'),
    createdAt: createdAt(),
  },
  (t) => [index('ping_posting_idx').on(t.postingId), index('ping_searcher_idx').on(t.searcherUserId)],
);

export const contactMessage = pgTable('contact_message', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  message: text('message').notNull(),
  userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});
