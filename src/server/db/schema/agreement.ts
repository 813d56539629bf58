/**
 * The roommate agreement of a posting's group (issue 34): every version kept (who, when, what) and
 * the signatures, each on the SHA-256 of one version's exact text (src/shared/agreement-signatures.ts).
 */

import { sql } from 'drizzle-orm';
import {
  check,
  date,
  foreignKey,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AgreementClause } from '../../../shared/agreement-signatures';
import { user } from './auth';
import { createdAt } from './columns';
import { posting } from './postings';

export const agreementVersion = pgTable(
  'agreement_version',
  {
    postingId: uuid('posting_id')
      .notNull()
      .references(() => posting.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    clauses: jsonb('clauses').$type<AgreementClause[]>().notNull(),
    /** sha256 (hex) of agreementText(version, clauses). */
    textHash: text('text_hash').notNull(),
    /** Who made this version: null for the draft from the answers (and once the account is deleted). */
    editedByUserId: text('edited_by_user_id').references(() => user.id, { onDelete: 'set null' }),
    /** Their name then, kept for the history. */
    editedByName: text('edited_by_name'),
    /** The clause this version changed; null for the draft. */
    changedClause: text('changed_clause'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.postingId, t.version] }),
    check('agreement_version_positive', sql`${t.version} >= 1`),
  ],
);

export const agreementSignature = pgTable(
  'agreement_signature',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postingId: uuid('posting_id').notNull(),
    version: integer('version').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The name as typed. */
    typedName: text('typed_name').notNull(),
    textHash: text('text_hash').notNull(),
    /** The parties (user ids) when it was signed: a member who joins later needs a new round. */
    parties: jsonb('parties').$type<string[]>().notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('agreement_signature_once').on(t.postingId, t.version, t.userId),
    // A signature is on a version that exists; deleting the posting deletes both.
    foreignKey({
      name: 'agreement_signature_version_fk',
      columns: [t.postingId, t.version],
      foreignColumns: [agreementVersion.postingId, agreementVersion.version],
    }).onDelete('cascade'),
  ],
);

/**
 * The revisit e-mails sent (issue 34): one row per party, posting and revisit date, written in the
 * transaction that puts the e-mail in the outbox. Its key is what makes the e-mail go once, whatever
 * the servers and restarts.
 */
export const agreementRevisitMail = pgTable(
  'agreement_revisit_mail',
  {
    postingId: uuid('posting_id')
      .notNull()
      .references(() => posting.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The college config's revisit date (YYYY-MM-DD) the e-mail was for. */
    revisitOn: date('revisit_on', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.postingId, t.userId, t.revisitOn] })],
);
