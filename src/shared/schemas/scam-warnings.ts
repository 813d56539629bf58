/**
 * The college config's `scamWarnings` (issue 30): the words and combinations that show a message's
 * reader the safety note. Optional: without it, the defaults of src/shared/scam-warnings.ts. When
 * given, it replaces them whole (a college that wants none writes `"warnWhen": []`).
 */
import { DEFAULT_SCAM_WARNING_RULES, phraseWords, type ScamWarningRules } from '../scam-warnings';
import { z } from './zod';

/** Bounds that keep the check cheap for every message read, whatever a college writes. */
export const SCAM_RULE_LIMITS = { cues: 50, phrasesPerCue: 300, phraseLength: 80, rules: 50, categoriesPerRule: 5 };

const category = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'must be lower-case letters, digits and dashes (at most 40)');

const phrase = z
  .string()
  .max(SCAM_RULE_LIMITS.phraseLength, `must be at most ${SCAM_RULE_LIMITS.phraseLength} characters`)
  .refine((text) => phraseWords(text).length > 0, 'must contain a letter, a digit or $')
  .refine((text) => !/\*(?!\s|$)/.test(text.trim()), 'may have * only at the end of a word');

export const scamWarningRulesSchema = z
  .object({
    cues: z
      .array(z.object({ category, phrases: z.array(phrase).min(1).max(SCAM_RULE_LIMITS.phrasesPerCue) }))
      .max(SCAM_RULE_LIMITS.cues),
    warnWhen: z.array(z.array(category).min(1).max(SCAM_RULE_LIMITS.categoriesPerRule)).max(SCAM_RULE_LIMITS.rules),
  })
  .superRefine((rules, ctx) => {
    const named = new Set(rules.cues.map((cue) => cue.category));
    for (const [i, rule] of rules.warnWhen.entries()) {
      for (const [j, name] of rule.entries()) {
        if (!named.has(name)) {
          ctx.addIssue({
            code: 'custom',
            path: ['warnWhen', i, j],
            message: `names the category ${name}, which no cue has`,
          });
        }
      }
    }
  }) satisfies z.ZodType<ScamWarningRules>;

/** The college config's field: optional, the defaults when absent. */
export const scamWarningsConfigSchema = scamWarningRulesSchema.default(DEFAULT_SCAM_WARNING_RULES);
