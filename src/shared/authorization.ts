/**
 * Who may do what (issue 31, item 5; decision 0042): one vocabulary for the server's guards and
 * services and for the client's choice of what to show. Pure and free of zod, so the first load
 * carries it cheaply (decision 0009).
 *
 * `can(viewer, action, resource)` answers yes or no; `refusal(...)` says why not, and the server
 * turns that reason into its status, code and the spec's words. Each action names the resource it
 * is decided on (`ActionResources`), so asking with the wrong one does not compile.
 *
 * The rules of a posting's group (decision 0024): the admin (member 1) may do everything; a co-admin
 * edits the posting, changes its status, renews it and answers pings; a member who joined sees the
 * posting while it is hidden and leaves when they like; nobody in the group pings it. A conversation
 * (decision 0027) is read by the ping's sender and the group; while the ping is pending the sender
 * writes again only once the group has replied; declined, expired and Fulfilled close it; a block
 * closes it to the two students in the words of any closed conversation. An off-campus posting's
 * exact pin (issue 33) is the group's, a student's whose ping the group accepted, or everyone's when
 * the admin chose; others see the area around it.
 */
import type { ClosedReason, ConversationSide } from './conversation-messages';
import type { PingStatus, PostingStatus } from './options';
import type { GroupRole } from './schemas/groups';

/** The signed-in person as the rules need them (the server's session viewer and the client's Me both fit). */
export interface Viewer {
  id: string;
  emailVerified: boolean;
  /** The Terms & Conditions in force are accepted. */
  termsAccepted: boolean;
  /** Named a moderator in the college config. */
  isModerator: boolean;
}

/** The viewer's place in a posting's group: 'admin', a joined 'coadmin' or 'member', or null. */
export interface GroupPlace {
  viewerRole: GroupRole | null;
}

/** A posting as reading it is decided: hidden by moderation or not. */
export interface PostingVisibility extends GroupPlace {
  hidden: boolean;
}

/** An off-campus posting's pin as seeing it exactly is decided (issue 33). */
export interface PinPlace extends GroupPlace {
  /** The admin chose to show the exact pin to everyone from the start. */
  exactChosen: boolean;
  /** The group accepted the viewer's ping. */
  viewerPingAccepted: boolean;
}

/** A posting as pinging it is decided. */
export interface PingTarget extends GroupPlace {
  status: PostingStatus;
  /** The viewer's own ping to it is still pending. */
  viewerPingPending: boolean;
}

/** The viewer's side in a conversation, or null when they take no part in it. */
export interface ConversationPlace {
  side: ConversationSide | null;
}

/** A conversation as writing in it is decided. */
export interface ConversationState extends ConversationPlace {
  pingStatus: PingStatus;
  groupHasReplied: boolean;
  /** A block between the sender and someone on the group's side, either way. */
  blocked: boolean;
}

/** A message as reporting it is decided. */
export interface MessageTarget extends ConversationPlace {
  /** The viewer wrote it. */
  fromViewer: boolean;
}

/** Another student, as blocking them is decided. */
export interface StudentTarget {
  userId: string;
}

/** Every action of the product and the resource it is decided on (null: the viewer alone decides). */
export interface ActionResources {
  /** The signed-in person's own account: its details, the terms, deleting it (any live session, verified or not). */
  'account.own': null;
  /** Reading and writing the product's data at all: browse, search, profile, saved searches. */
  'product.use': null;
  'posting.create': null;
  'posting.view': PostingVisibility;
  'posting.edit': GroupPlace;
  'posting.changeStatus': GroupPlace;
  'posting.renew': GroupPlace;
  'posting.delete': GroupPlace;
  /** Why a posting is hidden (its moderation state). */
  'posting.seeModeration': GroupPlace;
  'posting.bookmark': null;
  /** See an off-campus posting's exact pin, not only the area around it (issue 33). */
  'posting.seeExactPin': PinPlace;
  'posting.report': GroupPlace;
  'posting.ping': PingTarget;
  /** Accept or decline a ping to the posting. */
  'ping.answer': GroupPlace;
  /** What the admin typed for each member row, and where its invitation stands. */
  'group.seeTypedMembers': GroupPlace;
  /** An edit's member rows and the admin's own details (a co-admin's edit leaves both as they are). */
  'group.editMembers': GroupPlace;
  /** Send, resend or withdraw an invitation. */
  'group.invite': GroupPlace;
  'group.remove': GroupPlace;
  /** Make a joined member co-admin, or member again. */
  'group.setRole': GroupPlace;
  'group.handOver': GroupPlace;
  'group.leave': GroupPlace;
  /** Read, edit and sign the group's roommate agreement (issue 34): its admin and joined members. */
  'group.agreement': GroupPlace;
  /** Read or answer an invitation sent to one's own address. */
  'invitation.answer': null;
  'conversation.open': ConversationPlace;
  'conversation.send': ConversationState;
  /** Share one's own details in a conversation. */
  'conversation.share': ConversationPlace;
  'conversation.report': MessageTarget;
  'student.block': StudentTarget;
  /** The moderators' queues, audit and actions. */
  'moderation.moderate': null;
}

export type Action = keyof ActionResources;

/** The actions the viewer alone decides: a route guard asks these before anything else. */
export type ViewerAction = { [A in Action]: ActionResources[A] extends null ? A : never }[Action];

/** Why the answer is no. */
export type Refusal =
  /** Nobody is signed in. */
  | 'signed-out'
  | 'unverified'
  | 'terms-not-accepted'
  | 'not-moderator'
  /** Hidden by moderation, and the viewer may not see it: as if it did not exist. */
  | 'hidden'
  /** Only the admin or a co-admin. */
  | 'not-manager'
  /** Only the admin. */
  | 'not-admin'
  /** The admin hands the group over before leaving it. */
  | 'admin-stays'
  | 'not-a-member'
  | 'own-posting'
  | 'own-group'
  | 'fulfilled'
  | 'ping-pending'
  /** Takes no part in the conversation: as if it did not exist. */
  | 'not-participant'
  /** The conversation is closed, or the sender waits for the group's reply. */
  | ClosedReason
  | 'wait-for-group'
  | 'own-message'
  | 'self'
  /** Others see the area around the pin until the group accepts their ping. */
  | 'approximate-pin';

/** The viewer's role, the admin first: 'admin' for the posting's admin, else their joined row's role, else null. */
export function roleOf(
  adminUserId: string,
  viewerId: string,
  joinedRole: GroupRole | null | undefined,
): GroupRole | null {
  if (adminUserId === viewerId) return 'admin';
  if (joinedRole === 'coadmin' || joinedRole === 'member') return joinedRole;
  return null;
}

/** Why a ping's status alone closes its conversation, or null. */
export function closedByPing(status: PingStatus): ClosedReason | null {
  if (status === 'declined' || status === 'expired' || status === 'closed') return status;
  return null;
}

const manages = (place: GroupPlace) => place.viewerRole === 'admin' || place.viewerRole === 'coadmin';
const onlyManagers = (place: GroupPlace): Refusal | null => (manages(place) ? null : 'not-manager');
const onlyAdmin = (place: GroupPlace): Refusal | null => (place.viewerRole === 'admin' ? null : 'not-admin');
const nobodyElse = (): Refusal | null => null;

/** What each action asks of the resource, once the viewer's own part (viewerRefusal) is met. */
const RULES: { [A in Action]: (viewer: Viewer, resource: ActionResources[A]) => Refusal | null } = {
  'account.own': nobodyElse,
  'product.use': nobodyElse,
  'posting.create': nobodyElse,
  'posting.view': (viewer, posting) =>
    posting.hidden && posting.viewerRole === null && !viewer.isModerator ? 'hidden' : null,
  'posting.edit': (_, posting) => onlyManagers(posting),
  'posting.changeStatus': (_, posting) => onlyManagers(posting),
  'posting.renew': (_, posting) => onlyManagers(posting),
  'posting.delete': (_, posting) => onlyAdmin(posting),
  'posting.seeModeration': (viewer, posting) => (manages(posting) || viewer.isModerator ? null : 'not-manager'),
  'posting.bookmark': nobodyElse,
  // The group, a student whose ping the group accepted, or everyone when the admin chose so.
  'posting.seeExactPin': (_, pin) =>
    pin.viewerRole !== null || pin.exactChosen || pin.viewerPingAccepted ? null : 'approximate-pin',
  'posting.report': (_, posting) => (posting.viewerRole === 'admin' ? 'own-posting' : null),
  'posting.ping': (_, posting) => {
    if (posting.viewerRole === 'admin') return 'own-posting';
    if (posting.viewerRole !== null) return 'own-group';
    if (posting.status === 'Fulfilled') return 'fulfilled';
    if (posting.viewerPingPending) return 'ping-pending';
    return null;
  },
  'ping.answer': (_, posting) => onlyManagers(posting),
  'group.seeTypedMembers': (_, group) => onlyAdmin(group),
  'group.editMembers': (_, group) => onlyAdmin(group),
  'group.invite': (_, group) => onlyAdmin(group),
  'group.remove': (_, group) => onlyAdmin(group),
  'group.setRole': (_, group) => onlyAdmin(group),
  'group.handOver': (_, group) => onlyAdmin(group),
  'group.leave': (_, group) => {
    if (group.viewerRole === 'admin') return 'admin-stays';
    return group.viewerRole === null ? 'not-a-member' : null;
  },
  'group.agreement': (_, group) => (group.viewerRole === null ? 'not-a-member' : null),
  'invitation.answer': nobodyElse,
  'conversation.open': (_, conversation) => (conversation.side === null ? 'not-participant' : null),
  'conversation.send': (_, conversation) => {
    if (conversation.side === null) return 'not-participant';
    const closed = closedByPing(conversation.pingStatus);
    if (closed) return closed;
    if (conversation.blocked) return 'unavailable';
    if (conversation.side === 'group' || conversation.pingStatus === 'accepted' || conversation.groupHasReplied) {
      return null;
    }
    return 'wait-for-group';
  },
  'conversation.share': (_, conversation) => (conversation.side === null ? 'not-participant' : null),
  'conversation.report': (_, message) => {
    if (message.side === null) return 'not-participant';
    return message.fromViewer ? 'own-message' : null;
  },
  'student.block': (viewer, student) => (student.userId === viewer.id ? 'self' : null),
  // The viewer alone decides it (viewerRefusal).
  'moderation.moderate': nobodyElse,
};

/** Every action (the authorization matrix covers each one with a route). */
export const ACTIONS = Object.keys(RULES) as Action[];

/**
 * What the viewer alone decides of `action`, before any resource is read (a route's guard): a live
 * session, then (for all but their own account) a verified address and the terms in force, then for
 * moderating a moderator.
 */
export function viewerRefusal(viewer: Viewer | null, action: Action): Refusal | null {
  if (!viewer) return 'signed-out';
  if (action === 'account.own') return null;
  if (!viewer.emailVerified) return 'unverified';
  if (!viewer.termsAccepted) return 'terms-not-accepted';
  if (action === 'moderation.moderate' && !viewer.isModerator) return 'not-moderator';
  return null;
}

/** Why `viewer` may not do `action` on `resource`, or null when they may. */
export function refusal<A extends Action>(
  viewer: Viewer | null,
  action: A,
  resource: ActionResources[A],
): Refusal | null {
  if (!viewer) return 'signed-out';
  return viewerRefusal(viewer, action) ?? RULES[action](viewer, resource);
}

/** Whether `viewer` may do `action` on `resource`. */
export function can<A extends Action>(viewer: Viewer | null, action: A, resource: ActionResources[A]): boolean {
  return refusal(viewer, action, resource) === null;
}
