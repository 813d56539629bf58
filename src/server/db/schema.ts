import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { PING_STATUSES, POSTING_STATUSES } from '../../shared/options';
import { ALERT_FREQUENCIES } from '../../shared/saved-searches';
import { GROUP_ROLES, MEMBER_STATES } from '../../shared/schemas/groups';
import { REPORT_REASONS } from '../../shared/schemas/moderation';

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
  /** Set by a moderator: the account cannot sign in and its postings are hidden (issue 14). */
  suspendedAt: timestamp('suspended_at', { withTimezone: true }),
  suspendedReason: text('suspended_reason'),
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
 * Each posting this deployment has seen marked Fulfilled, once (the footer's groups-matched figure
 * is the college's baseline plus this count). Written in the transaction that changes the status;
 * no foreign key, so the count keeps a fulfilled posting that is later deleted.
 */
export const postingFulfilment = pgTable('posting_fulfilment', {
  postingId: uuid('posting_id').primaryKey(),
  fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }).notNull().defaultNow(),
});

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
    /** The invitation address (a college address) the admin typed; removed when the student declines. */
    email: text('email'),
    /** Typed before groups were invitations (migration 0011): shown to the admin alone. */
    instagramHandle: text('instagram_handle'),
    /* Groups of students who said yes (issue 23, docs/decisions/0024). */
    /** The student who joined; set only by joining (never by an e-mail address). */
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    state: text('state', { enum: MEMBER_STATES }).notNull().default('not-invited'),
    role: text('role', { enum: GROUP_ROLES }).notNull().default('member'),
    joinedAt: timestamp('joined_at', { withTimezone: true }),
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    /** sha256 of the invitation link's token (hex); the token itself is never stored. */
    invitationTokenHash: text('invitation_token_hash'),
    invitationExpiresAt: timestamp('invitation_expires_at', { withTimezone: true }),
    /** When the invitation was last e-mailed (the resend limit). */
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    /**
     * The hash of the last link that stopped working, and why ('joined', 'declined', 'withdrawn',
     * 'replaced'), so a replayed link is told what happened rather than that it never existed.
     */
    spentTokenHash: text('spent_token_hash'),
    spentReason: text('spent_reason', { enum: ['joined', 'declined', 'withdrawn', 'replaced'] }),
  },
  (t) => [
    uniqueIndex('posting_member_position_idx').on(t.postingId, t.position),
    check('posting_member_state', sql`${t.state} IN ('not-invited', 'invited', 'joined', 'declined')`),
    check('posting_member_role', sql`${t.role} IN ('admin', 'coadmin', 'member')`),
    check('posting_member_joined_user', sql`${t.state} <> 'joined' OR ${t.userId} IS NOT NULL`),
    // A student is in a group once.
    uniqueIndex('posting_member_user_idx').on(t.postingId, t.userId).where(sql`${t.userId} IS NOT NULL`),
    // My Groups, and the groups an account's deletion touches.
    index('posting_member_user_joined_idx').on(t.userId).where(sql`${t.userId} IS NOT NULL`),
    // The link's token, looked up by its hash.
    uniqueIndex('posting_member_token_idx').on(t.invitationTokenHash).where(sql`${t.invitationTokenHash} IS NOT NULL`),
    index('posting_member_spent_token_idx').on(t.spentTokenHash).where(sql`${t.spentTokenHash} IS NOT NULL`),
    // A student's pending invitations, by address.
    index('posting_member_invited_email_idx').on(sql`lower(${t.email})`).where(sql`${t.state} = 'invited'`),
  ],
);

/**
 * What a student shares on the cards of the groups they joined (issue 23): their own year, gender,
 * phone and Instagram, and which of those (and their account e-mail) to show. Each off by default.
 */
export const memberSharing = pgTable('member_sharing', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  academicYear: text('academic_year'),
  gender: text('gender'),
  customGender: text('custom_gender'),
  phoneNumber: text('phone_number'),
  instagramHandle: text('instagram_handle'),
  shareAcademicYear: boolean('share_academic_year').notNull().default(false),
  shareGender: boolean('share_gender').notNull().default(false),
  shareEmail: boolean('share_email').notNull().default(false),
  sharePhoneNumber: boolean('share_phone_number').notNull().default(false),
  shareInstagramHandle: boolean('share_instagram_handle').notNull().default(false),
  updatedAt: updatedAt(),
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
    /** pending until the admin accepts or declines, the posting is fulfilled (closed) or it expires. */
    status: text('status', { enum: PING_STATUSES }).notNull().default('pending'),
    createdAt: createdAt(),
    /** When it left pending. */
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    check('ping_status', sql`${t.status} IN ('pending', 'accepted', 'declined', 'closed', 'expired')`),
    index('ping_posting_idx').on(t.postingId),
    // One open ping per sender per posting, whatever the race.
    uniqueIndex('ping_open_per_sender_idx').on(t.postingId, t.searcherUserId).where(sql`${t.status} = 'pending'`),
    // The admin's inbox, newest first, and the count of pings awaiting their answer.
    index('ping_admin_created_idx').on(t.adminUserId, t.createdAt.desc(), t.id.desc()),
    index('ping_admin_pending_idx').on(t.adminUserId).where(sql`${t.status} = 'pending'`),
    // The sender's list and their hourly limit.
    index('ping_searcher_created_idx').on(t.searcherUserId, t.createdAt.desc(), t.id.desc()),
    // The expiry job reads only the pending pings, oldest first.
    index('ping_pending_created_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * Every e-mail the product sends, written in the same transaction as what caused it and delivered
 * by the outbox worker (src/server/mail/outbox.ts, docs/decisions/0007).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What the message is (e.g. 'ping-received'), for the log and the outbox listing. */
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    /** The main link the message carries (shown in the file mailbox's log line). */
    link: text('link'),
    /** Extra header lines (e.g. List-Unsubscribe), name to value. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    /** A message that must be sent at most once per event (e.g. 'ping-expired:<id>'). */
    dedupeKey: text('dedupe_key').unique(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A worker's lease: while it runs, no other worker may claim the message. */
    claimToken: uuid('claim_token'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    check('mail_outbox_status', sql`${t.status} IN ('pending', 'sent', 'failed')`),
    index('mail_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('mail_outbox_created_idx').on(t.createdAt.desc()),
  ],
);

/** A student's report of a posting (issue 14): one per student and posting, ever. */
export const postingReport = pgTable(
  'posting_report',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postingId: uuid('posting_id')
      .notNull()
      .references(() => posting.id, { onDelete: 'cascade' }),
    reporterUserId: text('reporter_user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    details: text('details'),
    createdAt: createdAt(),
    /** When a moderator acted on it (dismissed, hid the posting, suspended its admin). */
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('posting_report_once_idx').on(t.postingId, t.reporterUserId),
    index('posting_report_open_idx').on(t.postingId).where(sql`${t.resolvedAt} IS NULL`),
  ],
);

/** Every moderation action, by a moderator or by the automatic rule (moderator null): who, when, what, why. */
export const moderationAction = pgTable(
  'moderation_action',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The moderator's account, or null for the automatic hide (and a moderator account since deleted). */
    moderatorUserId: text('moderator_user_id').references(() => user.id, { onDelete: 'set null' }),
    /** Kept as written, so the record still says who after the account is gone. */
    moderatorEmail: text('moderator_email'),
    action: text('action', { enum: ['dismiss', 'hide', 'suspend', 'auto-hide'] }).notNull(),
    postingId: uuid('posting_id').references(() => posting.id, { onDelete: 'set null' }),
    /** A description of the posting when the action was taken (its place and admin). */
    postingLabel: text('posting_label'),
    targetUserId: text('target_user_id').references(() => user.id, { onDelete: 'set null' }),
    targetEmail: text('target_email'),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [index('moderation_action_created_idx').on(t.createdAt.desc(), t.id.desc())],
);

export const contactMessage = pgTable('contact_message', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  message: text('message').notNull(),
  userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/* ---------- saved searches and their alerts (issue 14) ---------- */

/**
 * A student's saved search. `filters` is the whole search as the shared filter schema reads it
 * (what "open" runs and what matching verifies). The match columns repeat the filters a new
 * posting is looked up by, with '' and 0 for "any": the partial index answers "which active
 * searches could match this posting" with a few index probes instead of a scan (decision 0014).
 */
export const savedSearch = pgTable(
  'saved_search',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    alert: text('alert', { enum: ALERT_FREQUENCIES }).notNull().default('daily'),
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull(),
    location: text('location', { enum: ['oncampus', 'offcampus'] }).notNull(),
    matchDorm: text('match_dorm').notNull().default(''),
    matchAim: integer('match_aim').notNull().default(0),
    matchSeek: integer('match_seek').notNull().default(0),
    matchGender: text('match_gender').notNull().default(''),
    matchYear: text('match_year').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('saved_search_alert', sql`${t.alert} IN ('immediately', 'daily', 'off')`),
    index('saved_search_user_idx').on(t.userId, t.createdAt),
    index('saved_search_match_idx')
      .on(t.location, t.matchDorm, t.matchAim, t.matchSeek, t.matchGender, t.matchYear)
      .where(sql`${t.alert} <> 'off'`),
  ],
);

/** A posting that became listed (created, or re-opened from Fulfilled), waiting to be matched. */
export const savedSearchEvent = pgTable(
  'saved_search_event',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postingId: uuid('posting_id')
      .notNull()
      .references(() => posting.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('saved_search_event_created_idx').on(t.createdAt)],
);

/** A posting a student was alerted to: the key makes "never twice" hold whatever the race. */
export const savedSearchAlertSent = pgTable(
  'saved_search_alert_sent',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    postingId: uuid('posting_id')
      .notNull()
      .references(() => posting.id, { onDelete: 'cascade' }),
    savedSearchId: uuid('saved_search_id').references(() => savedSearch.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.postingId] }),
    index('saved_search_alert_sent_posting_idx').on(t.postingId),
  ],
);

/** A match waiting for its student's next daily digest. */
export const savedSearchDigestItem = pgTable(
  'saved_search_digest_item',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    postingId: uuid('posting_id')
      .notNull()
      .references(() => posting.id, { onDelete: 'cascade' }),
    savedSearchId: uuid('saved_search_id')
      .notNull()
      .references(() => savedSearch.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.postingId] }),
    index('saved_search_digest_item_created_idx').on(t.createdAt),
    index('saved_search_digest_item_search_idx').on(t.savedSearchId),
    index('saved_search_digest_item_posting_idx').on(t.postingId),
  ],
);

/** The last digest cut-off each student was mailed for: one digest per student per day. */
export const savedSearchDigest = pgTable('saved_search_digest', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  lastCutoff: timestamp('last_cutoff', { withTimezone: true }).notNull(),
});

/**
 * The lifestyle questionnaire (src/shared/lifestyle.ts, docs/decisions/0015): one row per answer, in
 * a form SQL can score. `self` is the index of "what I am" among the question's options, `accept` a
 * bit mask of "what I can live with", `importance` 0 (doesn't matter), 1 (somewhat) or 2 (very).
 * Never sent to anyone but its owner; deleting the profile deletes every row.
 */
export const lifestyleAnswer = pgTable(
  'lifestyle_answer',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    self: smallint('self').notNull(),
    accept: integer('accept').notNull(),
    importance: smallint('importance').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.question] }),
    check(
      'lifestyle_answer_values',
      sql`${t.self} BETWEEN 0 AND 7 AND ${t.accept} BETWEEN 1 AND 255 AND ${t.importance} BETWEEN 0 AND 2`,
    ),
  ],
);

/**
 * What a student spent of their per-student limits (issue 22, docs/decisions/0022): one row per
 * counted action (a posting created, images processed, a report, an invitation), written in the
 * same transaction as the action. Counted over a sliding window; old rows are pruned by the limits
 * module itself.
 */
export const studentUsage = pgTable(
  'student_usage',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** How much of the limit the action used (images processed count one each). */
    amount: integer('amount').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    index('student_usage_user_kind_idx').on(t.userId, t.kind, t.createdAt),
    check('student_usage_amount', sql`${t.amount} > 0`),
  ],
);
