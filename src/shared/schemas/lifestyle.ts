/** Lifestyle answers as the profile sends them, checked against the questions a deployment asks. */

import { IMPORTANCES, type LifestyleAnswer, type LifestyleQuestion, MAX_OPTIONS } from '../lifestyle';
import { z } from './zod';

// What the API answers: the types of the schemas its routes declare.
export type { FitView, MyLifestyle, OwnGroupMember } from './lifestyle-answers';

const key = z.string().regex(/^[a-z0-9-]{1,40}$/, 'must be lower-case letters, digits and dashes');

/** A question a college adds in its config (config/college.json `lifestyle.addQuestions`). */
const lifestyleQuestionSchema = z.object({
  key,
  topic: z.string().min(1).max(80),
  prompt: z.string().min(1).max(200),
  livePrompt: z.string().min(1).max(200),
  options: z
    .array(z.object({ key, label: z.string().min(1).max(80) }))
    .min(2)
    .max(MAX_OPTIONS),
});

export const lifestyleConfigSchema = z.object({
  removeQuestions: z.array(key).default([]),
  addQuestions: z.array(lifestyleQuestionSchema).default([]),
});

export const LIFESTYLE_SAVE_FAILED = 'Your Lifestyle Answers Were Not Saved';

const answerSchema = z.object({
  question: z.string().max(40),
  self: z.string().max(40),
  accept: z.array(z.string().max(40)).max(MAX_OPTIONS),
  importance: z.enum(IMPORTANCES, { error: 'Importance must be one of: none, somewhat, very' }),
});

/**
 * The whole questionnaire as the profile saves it: answered questions only (a skipped question is
 * left out). Each answer names an asked question, an option of it as "what I am", and at least one
 * of its options as "what I can live with".
 */
export function lifestyleAnswersSchema(questions: readonly LifestyleQuestion[]) {
  return z
    .object({ answers: z.array(answerSchema).max(questions.length) })
    .superRefine(({ answers }, ctx) => {
      const seen = new Set<string>();
      for (const [i, answer] of answers.entries()) {
        const question = questions.find((q) => q.key === answer.question);
        if (!question) {
          ctx.addIssue({
            code: 'custom',
            path: ['answers', i],
            message: `'${answer.question}' is not a question we ask.`,
          });
          continue;
        }
        if (seen.has(question.key)) {
          ctx.addIssue({
            code: 'custom',
            path: ['answers', i],
            message: `The question about ${question.topic} is answered twice.`,
          });
        }
        seen.add(question.key);
        const isOption = (k: string) => question.options.some((o) => o.key === k);
        if (!isOption(answer.self)) {
          ctx.addIssue({
            code: 'custom',
            path: ['answers', i, 'self'],
            message: `Choose what you are for ${question.topic}.`,
          });
        }
        if (answer.accept.length === 0 || !answer.accept.every(isOption)) {
          ctx.addIssue({
            code: 'custom',
            path: ['answers', i, 'accept'],
            message: `Choose at least one answer you can live with for ${question.topic}.`,
          });
        }
      }
    })
    .transform(({ answers }) => answers.map((a): LifestyleAnswer => ({ ...a, accept: [...new Set(a.accept)] })));
}
