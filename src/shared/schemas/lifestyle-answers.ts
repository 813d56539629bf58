/**
 * What the API answers about lifestyle profiles and fit (lifestyle.ts's types), as schemas: the
 * routes declare them, the serializer checks each answer (strict objects: no other student's
 * answers can slip out in a field the type does not name), and the OpenAPI document is made from
 * them.
 */
import { BANDS, IMPORTANCES, type LifestyleAnswer, type LifestyleQuestion } from '../lifestyle';
import { MEMBER_STATES } from './groups';
import type { FitView, MyLifestyle, OwnGroupMember } from './lifestyle';
import { z } from './zod';

export const lifestyleQuestionViewSchema = z.strictObject({
  key: z.string(),
  topic: z.string(),
  prompt: z.string(),
  livePrompt: z.string(),
  options: z.array(z.strictObject({ key: z.string(), label: z.string() })),
}) satisfies z.ZodType<LifestyleQuestion>;

const answerSchema = z.strictObject({
  question: z.string(),
  self: z.string(),
  accept: z.array(z.string()),
  importance: z.enum(IMPORTANCES),
}) satisfies z.ZodType<LifestyleAnswer>;

export const myLifestyleSchema = z.strictObject({
  questions: z.array(lifestyleQuestionViewSchema),
  answers: z.array(answerSchema),
}) satisfies z.ZodType<MyLifestyle>;

const role = z.enum(['admin', 'member']);

const memberFitSchema = z.union([
  z.strictObject({
    name: z.string(),
    role,
    band: z.enum(BANDS),
    agreements: z.array(z.string()),
    differences: z.array(z.string()),
  }),
  z.strictObject({ name: z.string(), role, band: z.null(), skipped: z.string() }),
]);

const ownGroupMemberSchema = z.strictObject({
  id: z.string(),
  position: z.number().int(),
  name: z.string(),
  state: z.enum(MEMBER_STATES),
  hasProfile: z.boolean(),
}) satisfies z.ZodType<OwnGroupMember>;

export const fitViewSchema = z.discriminatedUnion('status', [
  z.strictObject({ status: z.literal('no-profile'), studentName: z.string() }),
  z.strictObject({ status: z.literal('own'), members: z.array(ownGroupMemberSchema) }),
  z.strictObject({
    status: z.literal('ok'),
    studentName: z.string(),
    band: z.enum(BANDS).nullable(),
    members: z.array(memberFitSchema),
  }),
]) satisfies z.ZodType<FitView>;
