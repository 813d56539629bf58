/**
 * A posting's group (issue 23, docs/decisions/0024): its ordered member rows with their invitations,
 * and what each student shares on the cards of the groups they joined.
 */

import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { GROUP_ROLES, MEMBER_STATES } from '../../../shared/schemas/groups';
import { user } from './auth';
import { updatedAt } from './columns';
import { posting } from './postings';

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
