/**
 * The lifestyle profile and the group fit (issue 13). The scoring runs here, on the server, with
 * the shared pure functions: the API answers bands and sentences, never another student's answers.
 */
import {
  type AnswerMap,
  activeQuestions,
  fromStored,
  type GroupMemberInput,
  groupFit,
  type LifestyleAnswer,
  type StoredAnswer,
  toAnswerMap,
  toStored,
} from '../../shared/lifestyle';
import { messages } from '../../shared/messages';
import { pingMessages } from '../../shared/ping-messages';
import {
  type FitView,
  LIFESTYLE_SAVE_FAILED,
  lifestyleAnswersSchema,
  type MyLifestyle,
} from '../../shared/schemas/lifestyle';
import type { Viewer } from '../auth/session';
import { type AppConfig, moderatorCheck } from '../config';
import type { Database } from '../db/client';
import { AppError, errors } from '../http/errors';
import { spendLimit } from '../limits/student-limits';
import { enqueueMail } from '../mail/outbox';
import { placeOf } from '../pings/mails';
import { lifestyleInviteMail } from './mails';
import * as q from './queries';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const postingNotFound = () =>
  errors.notFound(messages.postingAccess.notFound.message, messages.postingAccess.notFound.title);
const pingNotFound = () =>
  new AppError(404, 'PING_NOT_FOUND', pingMessages.notFound.title, pingMessages.notFound.message);

export const INVITE_FAILED = 'Invitation Not Sent';
export const MEMBER_NOT_FOUND = 'That member is not part of this group.';
export const MEMBER_HAS_NO_EMAIL = 'This member has no e-mail address on the posting. Add one by editing the posting.';
export const MEMBER_HAS_PROFILE = 'This member has already filled their lifestyle profile.';
export const ONLY_ADMIN_INVITES = 'Only the group administrator can invite members.';

export function createLifestyleService({ db, config }: { db: Database; config: AppConfig }) {
  const questions = activeQuestions(config.college.lifestyle);
  const isModerator = moderatorCheck(config);
  const answersSchema = lifestyleAnswersSchema(questions);

  const toAnswers = (stored: readonly StoredAnswer[] | undefined): LifestyleAnswer[] =>
    (stored ?? []).map((s) => fromStored(s, questions)).filter((a): a is LifestyleAnswer => a !== null);

  async function answerMaps(userIds: readonly string[]): Promise<Map<string, AnswerMap>> {
    const stored = await q.answersOf(db, [...new Set(userIds)]);
    const maps = new Map<string, AnswerMap>();
    for (const [userId, rows] of stored) maps.set(userId, toAnswerMap(toAnswers(rows)));
    return maps;
  }

  /**
   * The members the fit compares with: the admin, then each listed member except the admin's own
   * entry (the first member, decision 0008) and the student themselves.
   */
  function groupMembers(
    group: NonNullable<Awaited<ReturnType<typeof q.postingGroup>>>,
    studentId: string,
    answers: Map<string, AnswerMap>,
    you: string | null,
  ): GroupMemberInput[] {
    const { posting, members } = group;
    const list: GroupMemberInput[] = [];
    if (posting.admin_user_id !== studentId) {
      list.push({
        name: posting.admin_name,
        role: 'admin',
        answers: answers.get(posting.admin_user_id) ?? null,
        isYou: you === posting.admin_user_id,
      });
    }
    for (const member of members) {
      if (member.user_id === posting.admin_user_id) continue;
      if (member.position === 0 && member.user_id === null && member.name === posting.admin_name) continue;
      if (member.user_id === studentId) continue;
      list.push({
        name: member.name,
        role: 'member',
        answers: member.user_id ? (answers.get(member.user_id) ?? null) : null,
        isYou: member.user_id !== null && member.user_id === you,
      });
    }
    return list;
  }

  const groupUserIds = (group: NonNullable<Awaited<ReturnType<typeof q.postingGroup>>>) => [
    group.posting.admin_user_id,
    ...group.members.flatMap((m) => (m.user_id ? [m.user_id] : [])),
  ];

  return {
    questions,

    async mine(viewer: Viewer): Promise<MyLifestyle> {
      const stored = await q.answersOf(db, [viewer.id]);
      const answers = toAnswers(stored.get(viewer.id));
      const order = new Map(questions.map((question, i) => [question.key, i]));
      answers.sort((a, b) => (order.get(a.question) ?? 0) - (order.get(b.question) ?? 0));
      return { questions, answers };
    },

    async save(viewer: Viewer, body: unknown): Promise<MyLifestyle> {
      const parsed = answersSchema.safeParse(body ?? {});
      if (!parsed.success) {
        const details = parsed.error.issues.map((issue) => issue.message);
        throw new AppError(400, 'VALIDATION_FAILED', LIFESTYLE_SAVE_FAILED, details.join('\n'), details);
      }
      const stored = parsed.data.map((answer) => {
        const question = questions.find((item) => item.key === answer.question);
        if (!question) throw errors.badRequest(LIFESTYLE_SAVE_FAILED);
        return toStored(answer, question);
      });
      await db.transaction((tx) => q.replaceAnswers(tx, viewer.id, stored));
      return this.mine(viewer);
    },

    async remove(viewer: Viewer): Promise<void> {
      await q.deleteAnswers(db, viewer.id);
    },

    /** The viewer's fit with a posting's group (the detail view), or, for its admin, who can be invited. */
    async postingFit(viewer: Viewer, postingId: string): Promise<FitView> {
      if (!UUID.test(postingId)) throw postingNotFound();
      const group = await q.postingGroup(db, postingId);
      // A hidden posting exists only for its admin and the moderators, as on its detail page.
      const hiddenFromViewer =
        group?.posting.hidden_at != null && group.posting.admin_user_id !== viewer.id && !isModerator(viewer.email);
      if (!group || hiddenFromViewer) throw postingNotFound();
      const answers = await answerMaps([viewer.id, ...groupUserIds(group)]);
      if (group.posting.admin_user_id === viewer.id) {
        const { posting } = group;
        return {
          status: 'own',
          members: group.members
            .filter(
              (m) =>
                m.user_id !== posting.admin_user_id &&
                !(m.position === 0 && m.user_id === null && m.name === posting.admin_name),
            )
            .map((m) => {
              const hasProfile = m.user_id !== null && (answers.get(m.user_id)?.size ?? 0) > 0;
              return { position: m.position, name: m.name, hasProfile, canInvite: !hasProfile && m.email !== null };
            }),
        };
      }
      const mine = answers.get(viewer.id);
      if (!mine || mine.size === 0) return { status: 'no-profile', studentName: viewer.name };
      return {
        status: 'ok',
        studentName: viewer.name,
        ...groupFit(
          { person: { name: viewer.name, isYou: true }, answers: mine },
          groupMembers(group, viewer.id, answers, null),
          questions,
        ),
      };
    },

    /** The fit of a ping's sender with the group, for the posting's admin (the inbox). */
    async pingFit(viewer: Viewer, pingId: string): Promise<FitView> {
      if (!UUID.test(pingId)) throw pingNotFound();
      const ping = await q.pingSubject(db, pingId);
      if (!ping || ping.admin_user_id !== viewer.id) throw pingNotFound();
      const group = await q.postingGroup(db, ping.posting_id);
      if (!group) throw pingNotFound();
      const answers = await answerMaps([ping.searcher_user_id, ...groupUserIds(group)]);
      const sender = answers.get(ping.searcher_user_id);
      if (!sender || sender.size === 0) return { status: 'no-profile', studentName: ping.sender_name };
      return {
        status: 'ok',
        studentName: ping.sender_name,
        ...groupFit(
          { person: { name: ping.sender_name, isYou: false }, answers: sender },
          groupMembers(group, ping.searcher_user_id, answers, viewer.id),
          questions,
        ),
      };
    },

    /** The admin e-mails a member a link to sign in and fill their lifestyle profile (once per address). */
    async invite(viewer: Viewer, postingId: string, position: number): Promise<{ invited: true; name: string }> {
      if (!UUID.test(postingId)) throw postingNotFound();
      return db.transaction(async (tx) => {
        const group = await q.postingGroup(tx, postingId);
        if (!group) throw postingNotFound();
        if (group.posting.admin_user_id !== viewer.id) {
          throw errors.forbidden(ONLY_ADMIN_INVITES, INVITE_FAILED, 'NOT_POSTING_ADMIN');
        }
        const member = group.members.find((m) => m.position === position);
        if (!member || member.user_id === viewer.id) throw errors.notFound(MEMBER_NOT_FOUND, INVITE_FAILED);
        if (!member.email) throw errors.badRequest(MEMBER_HAS_NO_EMAIL, [], INVITE_FAILED);
        if (member.user_id) {
          const answers = await q.answersOf(tx, [member.user_id]);
          if ((answers.get(member.user_id)?.length ?? 0) > 0) {
            throw new AppError(409, 'MEMBER_HAS_PROFILE', INVITE_FAILED, MEMBER_HAS_PROFILE);
          }
        }
        await spendLimit(tx, viewer.id, 'invitations');
        const place = await q.postingPlace(tx, postingId);
        await enqueueMail(tx, [
          lifestyleInviteMail(config, {
            postingId,
            memberName: member.name,
            email: member.email,
            adminName: group.posting.admin_name,
            place: placeOf(config, place ?? { dorm: null, address: null }),
          }),
        ]);
        return { invited: true as const, name: member.name };
      });
    },
  };
}

export type LifestyleService = ReturnType<typeof createLifestyleService>;
