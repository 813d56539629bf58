/** SQL of the lifestyle profile and the group fit. Answers only ever leave here for the scoring. */
import { sql } from 'drizzle-orm';
import type { StoredAnswer } from '../../shared/lifestyle';
import type { GroupRole, MemberState } from '../../shared/schemas/groups';
import { type Executor, queryRows } from '../db/client';
import { lifestyleAnswer } from '../db/schema';

export async function answersOf(db: Executor, userIds: readonly string[]): Promise<Map<string, StoredAnswer[]>> {
  const byUser = new Map<string, StoredAnswer[]>();
  if (userIds.length === 0) return byUser;
  const rows = await queryRows<StoredAnswer & { user_id: string }>(
    db,
    sql`SELECT user_id, question, self, accept, importance FROM lifestyle_answer
        WHERE user_id IN (${sql.join(
          userIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  for (const { user_id, ...answer } of rows) {
    const list = byUser.get(user_id) ?? [];
    list.push({ question: answer.question, self: answer.self, accept: answer.accept, importance: answer.importance });
    byUser.set(user_id, list);
  }
  return byUser;
}

/** Replaces every answer of `userId` (run in a transaction). */
export async function replaceAnswers(tx: Executor, userId: string, answers: readonly StoredAnswer[]): Promise<void> {
  await tx.execute(sql`DELETE FROM lifestyle_answer WHERE user_id = ${userId}`);
  if (answers.length === 0) return;
  await tx.insert(lifestyleAnswer).values(answers.map((a) => ({ userId, ...a })));
}

export async function deleteAnswers(db: Executor, userId: string): Promise<void> {
  await db.execute(sql`DELETE FROM lifestyle_answer WHERE user_id = ${userId}`);
}

export interface GroupPostingRow {
  id: string;
  admin_user_id: string;
  admin_name: string;
  /** Set while a moderator (or the automatic hide) keeps the posting from other students. */
  hidden_at: Date | null;
}

/** A member row of the group. Only a joined row carries an account (decision 0024). */
export interface GroupMemberRow {
  id: string;
  position: number;
  /** The account's name for a joined member, else the name the admin typed. */
  name: string;
  state: MemberState;
  role: GroupRole;
  /** The student who joined; null for a row nobody joined (never linked by an address). */
  user_id: string | null;
}

export async function postingGroup(
  db: Executor,
  postingId: string,
): Promise<{ posting: GroupPostingRow; members: GroupMemberRow[] } | null> {
  const [posting] = await queryRows<GroupPostingRow>(
    db,
    sql`SELECT id, admin_user_id, admin_name, hidden_at FROM posting WHERE id = ${postingId}`,
  );
  if (!posting) return null;
  const members = await queryRows<GroupMemberRow>(
    db,
    sql`SELECT m.id, m.position, COALESCE(u.name, m.name) AS name, m.state, m.role,
          CASE WHEN m.state = 'joined' THEN m.user_id END AS user_id
        FROM posting_member m
        LEFT JOIN "user" u ON m.state = 'joined' AND u.id = m.user_id
        WHERE m.posting_id = ${postingId}
        ORDER BY m.position`,
  );
  return { posting, members };
}

export interface PingSubjectRow {
  posting_id: string;
  admin_user_id: string;
  searcher_user_id: string;
  sender_name: string;
}

/** The ping's sender and posting, for the admin's view of the sender's fit (a withheld ping is nobody's, issue 30). */
export async function pingSubject(db: Executor, pingId: string): Promise<PingSubjectRow | null> {
  const [row] = await queryRows<PingSubjectRow>(
    db,
    sql`SELECT g.posting_id, p.admin_user_id, g.searcher_user_id, g.sender_name
        FROM ping g JOIN posting p ON p.id = g.posting_id
        WHERE g.id = ${pingId} AND NOT g.withheld`,
  );
  return row ?? null;
}
