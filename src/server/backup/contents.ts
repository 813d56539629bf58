/**
 * What a backup archive holds, and what it leaves out on purpose (docs/operations.md, "Backups").
 *
 * The archive is a gzipped tar:
 *   manifest.json                 this file's Manifest: versions, counts, and every file's sha256
 *   database/<table>.jsonl        each table's rows, one JSON object a line (to_jsonb), in key order
 *   images/<storage key>          every stored image, byte for byte
 *   college/<config file>         the college config in use, and the images it names under
 *   college/<assets folder>/...   its assets folder, so `tar -xzf <archive> college` gives a usable copy
 */
import { z } from 'zod';

export const ARCHIVE_FORMAT = 'quadmates-backup';
/** Raised when the layout or the manifest changes in a way an older restore cannot read. */
export const FORMAT_VERSION = 1;

export const MANIFEST_FILE = 'manifest.json';
export const DATABASE_FOLDER = 'database';
export const IMAGES_FOLDER = 'images';
export const COLLEGE_FOLDER = 'college';

/**
 * Tables whose rows are credentials or short-lived counters, never data a restored deployment
 * needs: a restore is followed by everyone signing in again, which is the point for sessions.
 */
export const LEFT_OUT_TABLES: Readonly<Record<string, string>> = {
  session: 'signed-in sessions: each row is a bearer credential; students sign in again after a restore',
  verification: 'password-reset and verification tokens: credentials that expire within hours',
  rate_limit: 'sign-in rate-limit counters keyed by client address: minutes-long, and personal data',
};

/**
 * Rows of a kept table that are credentials: the e-mails whose link signs someone in or resets a
 * password (their tokens are in `verification`, or signed with AUTH_SECRET). SQL over the table's
 * own columns, kept as literal text here (no input reaches it).
 */
export const LEFT_OUT_ROWS: Readonly<Record<string, string>> = {
  mail_outbox: "kind NOT IN ('verify-email', 'password-reset')",
};

/**
 * Columns of a kept table that hold someone else's credentials: the OpenID provider's tokens,
 * which Quadmates never uses after sign-in (the next sign-in stores fresh ones). Restored as null.
 */
export const BLANKED_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  account: ['access_token', 'refresh_token', 'id_token', 'access_token_expires_at', 'refresh_token_expires_at'],
};

/** Columns that name stored images: the backup counts those the store no longer has. */
export const IMAGE_KEY_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  posting_image: ['card_key', 'full_key'],
};

const fileEntry = z.object({ sha256: z.string().regex(/^[0-9a-f]{64}$/), bytes: z.number().int().min(0) });

export const manifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  formatVersion: z.number().int(),
  app: z.object({ name: z.string(), version: z.string() }),
  createdAt: z.string(),
  source: z.object({ database: z.enum(['pglite', 'postgres']), images: z.enum(['disk', 's3']) }),
  /** The migrations applied to the database that was dumped: its schema is theirs. */
  migrations: z.object({ applied: z.number().int().min(1), last: z.string(), lastCreatedAt: z.number() }),
  /** In the order they were dumped (parents before the tables that refer to them). */
  tables: z.array(z.object({ name: z.string(), file: z.string(), rows: z.number().int().min(0) })),
  /** Each serial column's counter, so numbers handed out before (live event ids) are never handed out again. */
  sequences: z.array(
    z.object({ table: z.string(), column: z.string(), lastValue: z.string().regex(/^-?\d+$/), isCalled: z.boolean() }),
  ),
  leftOut: z.object({
    tables: z.array(z.string()),
    rows: z.record(z.string(), z.string()),
    columns: z.record(z.string(), z.array(z.string())),
  }),
  images: z.object({
    count: z.number().int().min(0),
    bytes: z.number().int().min(0),
    /** Images the database names that the store no longer had when they were copied (deleted meanwhile). */
    missing: z.number().int().min(0),
  }),
  college: z.object({ config: z.string(), assetsDir: z.string(), files: z.number().int().min(0) }),
  /** Every other file in the archive, by its path there. */
  files: z.record(z.string(), fileEntry),
});

export type Manifest = z.infer<typeof manifestSchema>;

/** A problem an operator can act on, said in one sentence (printed without a stack trace). */
export class BackupError extends Error {
  override name = 'BackupError';
}

/**
 * The database's or the system's own words for a failure: drizzle wraps a failed query in an error
 * whose message is the whole statement and its parameters (rows of personal data), with the
 * database's error as its cause.
 */
export function reasonOf(error: unknown): string {
  const cause = (error as { cause?: unknown }).cause;
  const inner = cause instanceof Error && /^Failed query:/.test((error as Error).message) ? cause : error;
  return (inner instanceof Error ? inner.message : String(inner)).replace(/\s*\n\s*/g, ' ');
}
