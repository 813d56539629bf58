/**
 * The lifestyle profile and the group fit (issue 13). The scoring runs here, on the server, with
 * the shared pure functions: the API answers bands and sentences, never another student's answers.
 */
import { can, roleOf } from '../../shared/authorization';
import { isUuid } from '../../shared/ids';
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
import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import type { GroupAccess } from '../groups/context';
import { AppError, errors } from '../http/errors';
import * as q from './queries';

const postingNotFound = () =>
  errors.notFound(messages.postingAccess.notFound.message, messages.postingAccess.notFound.title);
const pingNotFound = () =>
  new AppError(404, 'PING_NOT_FOUND', pingMessages.notFound.title, pingMessages.notFound.message);

type Group = NonNullable<Awaited<ReturnType<typeof q.postingGroup>>>;

/** The viewer's place in the group (src/shared/authorization.ts decides what it allows). */
function accessTo(group: Group, viewerId: string): GroupAccess {
  const own = group.members.find((m) => m.state === 'joined' && m.user_id === viewerId);
  return {
    adminUserId: group.posting.admin_user_id,
    viewerRole: roleOf(group.posting.admin_user_id, viewerId, own?.role),
  };
}

/** Only the students who joined count, and each once (decision 0024): never a row nobody joined. */
const joinedOthers = (group: Group) =>
  group.members.filter(
    (m): m is Group['members'][number] & { user_id: string } =>
      m.state === 'joined' && m.user_id !== null && m.user_id !== group.posting.admin_user_id,
  );

export function createLifestyleService({ db, config }: { db: Database; config: AppConfig }) {
  const questions = activeQuestions(config.college.lifestyle);
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
   * The members the fit compares with: the admin, then each member who joined (decision 0024),
   * except the student themselves. A row nobody joined is never compared nor named.
   */
  function groupMembers(
    group: Group,
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
    for (const member of joinedOthers({ posting, members })) {
      if (member.user_id === studentId) continue;
      list.push({
        name: member.name,
        role: 'member',
        answers: answers.get(member.user_id) ?? null,
        isYou: member.user_id === you,
      });
    }
    return list;
  }

  const groupUserIds = (group: Group) => [group.posting.admin_user_id, ...joinedOthers(group).map((m) => m.user_id)];

  return {
    questions,
    /** Each student's answers by question: only for drafting a group's agreement among its own members. */
    answerMaps,
    /** The body of PUT /api/me/lifestyle: the questionnaire's answers, checked against the questions asked. */
    answersSchema,

    async mine(viewer: Viewer): Promise<MyLifestyle> {
      const stored = await q.answersOf(db, [viewer.id]);
      const answers = toAnswers(stored.get(viewer.id));
      const order = new Map(questions.map((question, i) => [question.key, i]));
      answers.sort((a, b) => (order.get(a.question) ?? 0) - (order.get(b.question) ?? 0));
      return { questions, answers };
    },

    /** Replaces the viewer's answers with `answers`, as answersSchema parsed them. */
    async save(viewer: Viewer, answers: readonly LifestyleAnswer[]): Promise<MyLifestyle> {
      const stored = answers.map((answer) => {
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

    /** The viewer's fit with a posting's group (the detail view), or, for its admin, where each member stands. */
    async postingFit(viewer: Viewer, postingId: string): Promise<FitView> {
      if (!isUuid(postingId)) throw postingNotFound();
      const group = await q.postingGroup(db, postingId);
      if (!group) throw postingNotFound();
      const access = accessTo(group, viewer.id);
      // A hidden posting exists only for its group and the moderators, as on its detail page.
      if (!can(viewer, 'posting.view', { ...access, hidden: group.posting.hidden_at != null })) throw postingNotFound();
      const answers = await answerMaps([viewer.id, ...groupUserIds(group)]);
      if (can(viewer, 'group.seeTypedMembers', access)) {
        return {
          status: 'own',
          members: group.members
            .filter((m) => m.role !== 'admin' && m.user_id !== group.posting.admin_user_id)
            .map((m) => ({
              id: m.id,
              position: m.position,
              name: m.name,
              state: m.state,
              hasProfile: m.state === 'joined' && m.user_id !== null && (answers.get(m.user_id)?.size ?? 0) > 0,
            })),
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
      if (!isUuid(pingId)) throw pingNotFound();
      const ping = await q.pingSubject(db, pingId);
      if (!ping) throw pingNotFound();
      const group = await q.postingGroup(db, ping.posting_id);
      // The sender's fit is for the group's managers (those who answer the ping).
      if (!group || !can(viewer, 'ping.answer', accessTo(group, viewer.id))) throw pingNotFound();
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
  };
}

export type LifestyleService = ReturnType<typeof createLifestyleService>;
