/**
 * What the API answers about lifestyle profiles and fit, as schemas and their types: the routes
 * declare them, the serializer checks each answer (strict objects: no other student's answers can
 * slip out in a field the type does not name), and the OpenAPI document is made from them. A
 * question and an answer are the matching model's own types (../lifestyle.ts), checked here.
 */
import { BANDS, IMPORTANCES, type LifestyleAnswer, type LifestyleQuestion } from '../lifestyle';
import { MEMBER_STATES } from './groups';
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
});
/** GET /api/me/lifestyle: the viewer's own answers (nobody else's answers ever leave the server). */
export type MyLifestyle = z.output<typeof myLifestyleSchema>;

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
  /** The member row's id (as in the posting's members). */
  id: z.string(),
  position: z.number().int(),
  /** The account's name when joined, else the name the admin typed. */
  name: z.string(),
  state: z.enum(MEMBER_STATES),
  /** Joined and has answered the questionnaire. */
  hasProfile: z.boolean(),
});
/**
 * A member of the admin's own group: where they stand (issue 23) and whether the fit can include
 * them. Only a joined member is ever compared; inviting is the member row's Invite action.
 */
export type OwnGroupMember = z.output<typeof ownGroupMemberSchema>;

export const fitViewSchema = z.discriminatedUnion('status', [
  z.strictObject({ status: z.literal('no-profile'), studentName: z.string() }),
  z.strictObject({ status: z.literal('own'), members: z.array(ownGroupMemberSchema) }),
  z.strictObject({
    status: z.literal('ok'),
    studentName: z.string(),
    band: z.enum(BANDS).nullable(),
    members: z.array(memberFitSchema),
  }),
]);
/** GET /api/postings/:id/fit and GET /api/pings/:id/fit. */
export type FitView = z.output<typeof fitViewSchema>;
