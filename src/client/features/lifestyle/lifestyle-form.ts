/**
 * The lifestyle questionnaire as its fields hold it (`answers.<question>.self`, `.accept`,
 * `.importance`), checked question by question and turned into what the server saves: its own
 * `lifestyleAnswersSchema` checks the result once more (decision 0044).
 */
import { IMPORTANCES, type LifestyleAnswer, type LifestyleQuestion } from '../../../shared/lifestyle';
import { lifestyleAnswersSchema } from '../../../shared/schemas/lifestyle';
import { z } from '../../../shared/schemas/zod';

const draftSchema = z.object({
  self: z.string().default(''),
  accept: z.array(z.string()).default([]),
  importance: z.enum(IMPORTANCES).default('somewhat'),
});

export function lifestyleFormSchema(questions: readonly LifestyleQuestion[]) {
  return z
    .object({ answers: z.record(z.string(), draftSchema).default({}) })
    .superRefine(({ answers }, context) => {
      for (const question of questions) {
        const draft = answers[question.key];
        // A question left blank is skipped: it is left out of every fit.
        if (!draft || (!draft.self && draft.accept.length === 0)) continue;
        if (!draft.self) {
          context.addIssue({
            code: 'custom',
            path: ['answers', question.key, 'self'],
            message: `Choose what you are for ${question.topic}.`,
          });
        } else if (draft.accept.length === 0) {
          context.addIssue({
            code: 'custom',
            path: ['answers', question.key, 'accept'],
            message: `Choose at least one answer you can live with for ${question.topic}.`,
          });
        }
      }
    })
    .transform(({ answers }) => ({
      answers: questions.flatMap((question): LifestyleAnswer[] => {
        const draft = answers[question.key];
        return draft?.self
          ? [{ question: question.key, self: draft.self, accept: draft.accept, importance: draft.importance }]
          : [];
      }),
    }))
    .pipe(lifestyleAnswersSchema(questions));
}
