/** Postings: the posting row itself, its ordered images, and the record of postings marked Fulfilled. */

import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { POSTING_STATUSES } from '../../../shared/options';
import { user } from './auth';
import { createdAt, updatedAt } from './columns';

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
    /** The admin ticked it: the detail view shows their phone / Instagram (issue 19: contact by consent). */
    adminShowsPhone: boolean('admin_shows_phone').notNull().default(false),
    adminShowsInstagram: boolean('admin_shows_instagram').notNull().default(false),
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
    status: text('status', { enum: POSTING_STATUSES }).notNull().default('Unfulfilled'),
    /** The group's own description, plain text (at most POSTING_LIMITS.description characters). */
    description: text('description'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /* Fresh listings (issue 14): set when the 'Still looking?' e-mail went out, cleared on renewal or edit. */
    renewalRemindedAt: timestamp('renewal_reminded_at', { withTimezone: true }),
    /** The secret the reminder's links carry; cleared when one is used, so each link works once. */
    renewalNonce: uuid('renewal_nonce'),
    /** Set when the reminder went unanswered: left out of default search until renewed or edited. */
    staleAt: timestamp('stale_at', { withTimezone: true }),
    /* Moderation (issue 14): a hidden posting is seen only by its admin and moderators. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    /** 'auto' (reports from enough students), 'moderator', or 'suspended' (its admin's account). */
    hiddenKind: text('hidden_kind', { enum: ['auto', 'moderator', 'suspended'] }),
    hiddenReason: text('hidden_reason'),
    /** The admin edited a hidden posting: it waits in the moderators' queue for review. */
    appealedAt: timestamp('appealed_at', { withTimezone: true }),
    /* Where it is (issue 33), off campus: the exact pin the admin placed (degrees), null when none. */
    pinLatitude: doublePrecision('pin_latitude'),
    pinLongitude: doublePrecision('pin_longitude'),
    /** The admin chose to show the exact pin to everyone from the start. */
    pinExact: boolean('pin_exact').notNull().default(false),
    /**
     * The centre of the approximate area others see: a random point within PIN_AREA_OFFSET_METRES
     * of the pin, drawn when the pin is placed or moved and kept, so repeated reads cannot be
     * averaged back to the pin.
     */
    pinAreaLatitude: doublePrecision('pin_area_latitude'),
    pinAreaLongitude: doublePrecision('pin_area_longitude'),
    /** The shuttle stop nearest the pin on foot (a key of the college config) and the walk to it. */
    walkStopKey: text('walk_stop_key'),
    walkStopMinutes: integer('walk_stop_minutes'),
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
    // The search students run most (docs/product-spec.md, section 2: a dorm and their group size) reads exactly
    // one page of index entries, already newest first, at any table size.
    index('posting_location_dorm_seek_idx').on(
      t.listingLocation,
      t.dorm,
      t.curNumSeek,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    // 'Seeking most first': pages walk this index in order; the cursor is (cur_num_seek, created_at, id).
    index('posting_location_seeking_idx').on(t.listingLocation, t.curNumSeek.desc(), t.createdAt.desc(), t.id.desc()),
    index('posting_admin_idx').on(t.adminUserId, t.createdAt.desc()),
    // The freshness job reads only postings not yet reminded, oldest update first, and those reminded.
    index('posting_renewal_due_idx')
      .on(t.updatedAt)
      .where(sql`${t.renewalRemindedAt} IS NULL AND ${t.staleAt} IS NULL AND ${t.hiddenAt} IS NULL`),
    index('posting_reminded_idx')
      .on(t.renewalRemindedAt)
      .where(sql`${t.renewalRemindedAt} IS NOT NULL AND ${t.staleAt} IS NULL`),
    index('posting_appealed_idx').on(t.appealedAt).where(sql`${t.appealedAt} IS NOT NULL`),
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

/**
 * Walking minutes from a posting's pin to each campus place of the college config (issue 33),
 * computed when the posting is saved. The index serves 'within N minutes of <place>' and the sort by
 * walking time: one place's postings, nearest first.
 */
export const postingWalk = pgTable(
  'posting_walk',
  {
    postingId: uuid('posting_id')
      .notNull()
      .references(() => posting.id, { onDelete: 'cascade' }),
    placeKey: text('place_key').notNull(),
    minutes: integer('minutes').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.postingId, t.placeKey] }),
    index('posting_walk_place_idx').on(t.placeKey, t.minutes, t.postingId),
  ],
);

/**
 * Each posting this deployment has seen marked Fulfilled, once (the footer's groups-matched figure
 * is the college's baseline plus this count). Written in the transaction that changes the status;
 * no foreign key, so the count keeps a fulfilled posting that is later deleted.
 */
export const postingFulfilment = pgTable('posting_fulfilment', {
  postingId: uuid('posting_id').primaryKey(),
  fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }).notNull().defaultNow(),
});

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
