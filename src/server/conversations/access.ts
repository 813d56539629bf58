/**
 * The viewer's place in a conversation (issue 19, docs/decisions/0027): the ping's sender, or the
 * posting's group (its admin, co-admins and joined members), or nobody. What each place may do is
 * decided by the shared vocabulary (src/shared/authorization.ts); this reads the rows into it.
 */

import { type ConversationPlace, refusal, roleOf, type Viewer } from '../../shared/authorization';
import type { PingStatus } from '../../shared/options';
import { CLOSED_REASONS, type ClosedReason } from '../../shared/schemas/conversations';
import type { GroupRole } from '../../shared/schemas/groups';

export interface ConversationAccess extends ConversationPlace {
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

export type WriteDecision = { allowed: true } | { allowed: false; reason: ClosedReason | 'wait-for-group' };

const isClosedReason = (reason: string): reason is ClosedReason =>
  (CLOSED_REASONS as readonly string[]).includes(reason);

/** Whether the viewer may write now, and why not in the words the conversation shows. */
export function writeDecision(
  viewer: Viewer,
  access: ConversationAccess,
  state: { pingStatus: PingStatus; groupHasReplied: boolean; blocked: boolean },
): WriteDecision {
  const refused = refusal(viewer, 'conversation.send', { side: access.side, ...state });
  if (refused === null) return { allowed: true };
  if (refused === 'wait-for-group' || isClosedReason(refused)) return { allowed: false, reason: refused };
  // Nobody outside the conversation reads it: they are told what any closed one says.
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
