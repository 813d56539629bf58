/** What the API answers about a group's roommate agreement (issue 34), as schemas and their types. */
import { CLAUSE_STATUSES } from '../agreement';
import { z } from './zod';

const iso = z.string();

export const agreementViewSchema = z.strictObject({
  postingId: z.string(),
  /** The version the page shows; 1 while it is the unsaved draft from the answers. */
  version: z.number().int(),
  /** sha256 (hex) of the exact text of this version: what a signature covers. */
  textHash: z.string(),
  clauses: z.array(
    z.strictObject({
      key: z.string(),
      title: z.string(),
      status: z.enum(CLAUSE_STATUSES),
      text: z.string(),
      difference: z.string().optional(),
      /** Who changed this clause last and when; null while it is as drafted. */
      changedBy: z.strictObject({ name: z.string(), at: iso }).nullable(),
    }),
  ),
  /** Each party (the admin, then each joined member) and when they signed this version. */
  parties: z.array(z.strictObject({ name: z.string(), isYou: z.boolean(), signedAt: iso.nullable() })),
  /** When the last party signed, once all have. */
  signedByAllAt: iso.nullable(),
  /** Every version, newest first: who made it, when, and which clause it changed. */
  history: z.array(
    z.strictObject({
      version: z.number().int(),
      by: z.string().nullable(),
      at: iso,
      clause: z.string().nullable(),
    }),
  ),
  /** The answer to an edit that cleared signatures says so. */
  signaturesCleared: z.boolean(),
});
export type AgreementView = z.output<typeof agreementViewSchema>;
