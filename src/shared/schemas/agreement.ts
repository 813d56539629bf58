/** The college config's changes to the roommate agreement's clauses (config/college.json `agreement`). */

import { DEFAULT_CLAUSES } from '../agreement-clauses';
import { agreementMessages, CLAUSE_MAX_LENGTH } from '../agreement-signatures';
import { z } from './zod';

const key = z.string().regex(/^[a-z0-9-]{1,40}$/, 'must be lower-case letters, digits and dashes');
const clauseText = z.string().min(1).max(1000);

const clauseTemplateSchema = z
  .object({
    key,
    title: z.string().min(1).max(80),
    question: key.optional(),
    agreed: z.record(key, clauseText).optional(),
    suggestion: clauseText.optional(),
    text: clauseText.optional(),
    offCampusOnly: z.boolean().optional(),
  })
  .refine((c) => c.question !== undefined || c.text !== undefined, {
    message: 'needs a question to draft from or a text',
  });

/** A calendar day, YYYY-MM-DD, that exists. */
const day = z.iso.date({ error: 'must be a date like 2027-03-01 (YYYY-MM-DD)' });

/** One revisit day a semester, none repeated. */
const revisitDays = z
  .array(day)
  .max(20)
  .superRefine((days, ctx) => {
    for (const [i, revisit] of days.entries()) {
      if (days.indexOf(revisit) < i) ctx.addIssue({ code: 'custom', path: [i], message: `repeats ${revisit}` });
    }
  });

export const agreementConfigSchema = z
  .object({
    removeClauses: z.array(key).default([]),
    clauses: z.array(clauseTemplateSchema).default([]),
    /**
     * The day, mid-semester, each party of a group's agreement gets one e-mail inviting them to look
     * at it again; or a list of such days (one a semester). None: no such e-mail.
     */
    revisitOn: z
      .union([day, revisitDays])
      .optional()
      .transform((v) => (v === undefined ? [] : typeof v === 'string' ? [v] : v)),
    /** The hour (UTC) on those days from which the e-mails go out. */
    revisitHourUtc: z
      .number({ error: 'must be a whole hour from 0 to 23 (UTC)' })
      .int({ error: 'must be a whole hour from 0 to 23 (UTC)' })
      .min(0, { error: 'must be a whole hour from 0 to 23 (UTC)' })
      .max(23, { error: 'must be a whole hour from 0 to 23 (UTC)' })
      .default(13),
  })
  .superRefine((config, ctx) => {
    const defaults = new Set(DEFAULT_CLAUSES.map((c) => c.key));
    for (const [i, removed] of config.removeClauses.entries()) {
      if (!defaults.has(removed)) {
        ctx.addIssue({ code: 'custom', path: ['removeClauses', i], message: `is not a default clause: ${removed}` });
      }
    }
    const seen = new Set<string>();
    for (const [i, clause] of config.clauses.entries()) {
      if (seen.has(clause.key)) {
        ctx.addIssue({ code: 'custom', path: ['clauses', i, 'key'], message: `repeats the clause key ${clause.key}` });
      }
      seen.add(clause.key);
    }
  });

export { CLAUSE_MAX_LENGTH };

/** sha256 in hex: which text the student read. */
const textHash = z
  .string({ error: agreementMessages.textHashInvalid })
  .regex(/^[0-9a-f]{64}$/, agreementMessages.textHashInvalid);

/** Changing one clause: its new text, and the hash of the version the change was made on. */
export const clauseEditSchema = z.strictObject({
  text: z
    .string()
    .max(CLAUSE_MAX_LENGTH, agreementMessages.clauseTooLong(CLAUSE_MAX_LENGTH))
    .transform((s) => s.replace(/\r\n?/g, '\n').trim())
    .pipe(z.string().min(1, agreementMessages.clauseEmpty)),
  textHash,
});

/** Signing: the typed name, the confirmation, and the hash of the version read. */
export const signatureSchema = z.strictObject({
  name: z.string().max(200),
  /** A ticked checkbox posts 'on'; JSON sends true. Unticked, the service asks for it in words. */
  confirm: z.union([z.boolean(), z.string().max(10)]).optional(),
  textHash,
});

export const clauseParamSchema = z.strictObject({
  id: z.uuid(),
  clause: key,
});
