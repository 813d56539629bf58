/** The college config's changes to the roommate agreement's clauses (config/college.json `agreement`). */

import { DEFAULT_CLAUSES } from '../agreement-clauses';
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

export const agreementConfigSchema = z
  .object({
    removeClauses: z.array(key).default([]),
    clauses: z.array(clauseTemplateSchema).default([]),
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
