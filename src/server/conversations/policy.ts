/**
 * Who may read and write a conversation (issue 19, docs/decisions/0027). Every rule of the feature
 * that depends on who the viewer is lives here:
 *
 * - the participants are the ping's sender and the posting's group (its admin, co-admins and joined
 *   members, as groups/policy.ts defines them); nobody else reads it, moderators included (they see
 *   reported messages in their queue);
 * - while the ping is pending the group may write; its sender wrote the ping and writes again once
 *   someone in the group has replied (a question before deciding), not before;
 * - accepted: both sides write freely;
 * - declined, expired or Fulfilled (closed): read-only for everyone, with a line saying why;
 * - a block between the sender and someone on the group's side (either way) closes it to the two of
 *   them, in the words of any closed conversation, so the blocked student is not told.
 */

import type { PingStatus } from '../../shared/options';
import type { ClosedReason, ConversationSide } from '../../shared/schemas/conversations';
import type { GroupRole } from '../../shared/schemas/groups';
import { roleOf } from '../groups/policy';

export interface ConversationAccess {
  /** The viewer's side, or null when they take no part. */
  side: ConversationSide | null;
  /** Their role in the group, on the group's side. */
  groupRole: GroupRole | null;
}

/** The viewer's place: the sender first (a sender who later joined the group still wrote the ping). */
export function accessOf(
  conversation: { senderUserId: string; postingAdminUserId: string },
  viewerId: string,
  joinedRole: GroupRole | null,
): ConversationAccess {
  if (conversation.senderUserId === viewerId) return { side: 'sender', groupRole: null };
  const groupRole = roleOf(conversation.postingAdminUserId, viewerId, joinedRole);
  return groupRole ? { side: 'group', groupRole } : { side: null, groupRole: null };
}

export const mayRead = (access: ConversationAccess): boolean => access.side !== null;

/** Why nobody writes any more, from the ping's status alone. */
export function closedByPing(status: PingStatus): ClosedReason | null {
  if (status === 'declined' || status === 'expired' || status === 'closed') return status;
  return null;
}

export type WriteDecision = { allowed: true } | { allowed: false; reason: ClosedReason | 'wait-for-group' };

export function mayWrite(
  access: ConversationAccess,
  state: { pingStatus: PingStatus; groupHasReplied: boolean; blocked: boolean },
): WriteDecision {
  const closed = closedByPing(state.pingStatus);
  if (closed) return { allowed: false, reason: closed };
  if (state.blocked) return { allowed: false, reason: 'unavailable' };
  if (access.side === 'group') return { allowed: true };
  if (access.side === 'sender') {
    if (state.pingStatus === 'accepted' || state.groupHasReplied) return { allowed: true };
    return { allowed: false, reason: 'wait-for-group' };
  }
  return { allowed: false, reason: 'unavailable' };
}

/**
 * Whose blocks close the conversation to the viewer: on the sender's side, everyone in the group;
 * on the group's side, the sender.
 */
export function otherSide(
  access: ConversationAccess,
  senderUserId: string,
  groupUserIds: readonly string[],
): readonly string[] {
  return access.side === 'sender' ? groupUserIds : [senderUserId];
}

/** A participant may share their own details in a conversation they take part in, whatever its state. */
export const mayShare = mayRead;

/** A participant reports a message of someone else in a conversation they read. */
export const mayReport = (access: ConversationAccess, senderUserId: string | null, viewerId: string): boolean =>
  mayRead(access) && senderUserId !== viewerId;
