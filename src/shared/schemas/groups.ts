/**
 * Groups of students who said yes (issue 23): invitations, joined members, co-admins and what each
 * member chose to share. The request schemas are what the server validates with; the view types
 * are what the API answers. Decision 0024 holds the model.
 */
import { ACADEMIC_YEARS, GENDERS } from '../options';
import type { InvitationView, MyGroupView } from './group-answers';
import { z } from './zod';

// What the API answers about groups: the types of the schemas its routes declare.
export type { GroupMemberView, InvitationView, MyGroupView, TypedMemberView } from './group-answers';

/** A member row's state. The admin (member 1) is always 'joined'. */
export const MEMBER_STATES = ['not-invited', 'invited', 'joined', 'declined'] as const;
export type MemberState = (typeof MEMBER_STATES)[number];

/** 'admin' is member 1 (decision 0008); a co-admin may edit the posting, change its status and answer pings. */
export const GROUP_ROLES = ['admin', 'coadmin', 'member'] as const;
export type GroupRole = (typeof GROUP_ROLES)[number];

/** How long an invitation link works. */
export const INVITATION_TTL_DAYS = 14;
/** The admin may send an invitation to one member again only after this long. */
export const INVITATION_RESEND_MINUTES = 10;

export interface InvitationList {
  items: InvitationView[];
}

export interface MyGroupList {
  items: MyGroupView[];
}

/** What a student shares on the cards of the groups they joined: each detail off until turned on. */
export const SHARING_LIMITS = { customGender: 50, phone: 30, instagram: 30 } as const;

export const sharingSchema = z.object({
  academicYear: z.enum(ACADEMIC_YEARS).nullable(),
  gender: z.enum(GENDERS).nullable(),
  customGender: z.string().trim().max(SHARING_LIMITS.customGender).nullable(),
  phoneNumber: z.string().trim().max(SHARING_LIMITS.phone).nullable(),
  instagramHandle: z.string().trim().max(SHARING_LIMITS.instagram).nullable(),
  share: z.object({
    academicYear: z.boolean(),
    gender: z.boolean(),
    email: z.boolean(),
    phoneNumber: z.boolean(),
    instagramHandle: z.boolean(),
  }),
});
export type Sharing = z.infer<typeof sharingSchema>;

export const roleChangeSchema = z.object({ role: z.enum(['coadmin', 'member']) });
export const handOverSchema = z.object({ memberId: z.string().uuid() });
/** The link's page asks for its invitation by token; joining by link sends it back. */
export const invitationTokenSchema = z.object({ token: z.string().min(1).max(200) });

/** The messages of groups (exact strings; the UI shows what the server says). */
export const groupMessages = {
  failedTitle: 'Group Not Changed',
  invitationTitle: 'Invitation Not Valid',
  invitationNotFound: 'This invitation link is not valid. Ask the group administrator to send a new one.',
  invitationUsed: 'This invitation has already been answered.',
  invitationExpired: 'This invitation has expired. Ask the group administrator to send a new one.',
  invitationWithdrawn: 'This invitation was withdrawn by the group administrator.',
  invitationOtherAccount:
    'This invitation was sent to another address. Sign in with the college address it was sent to.',
  onlyAdmin: 'Only the group administrator can do this.',
  onlyManagers: 'Only the group administrator or a co-admin can do this.',
  memberNotFound: 'That member is not part of this group.',
  memberHasNoEmail: 'This member has no college e-mail address. Add one by editing the posting.',
  memberAlreadyJoined: 'This member has already joined the group.',
  notJoined: 'Only a member who joined the group can be given this role.',
  resendTooSoon: 'An invitation was just sent to this member. You can send it again in a few minutes.',
  adminCannotLeave: 'Hand the group over to a joined member before you leave it.',
  notAMember: 'You are not a member of this group.',
  sharingTitle: 'Sharing Not Saved',
  sharingPhone: 'Enter a valid phone number (7 to 15 digits; spaces, dashes, dots and brackets are fine).',
  sharingInstagram: 'Enter a valid Instagram handle (letters, digits, dots and underscores, at most 30).',
  sharingCustomGender: 'Describe your gender in at most 50 characters, or choose another option.',
  /** A member row's invitation address must be the college's own (decision 0024). */
  memberNotCollegeEmail: (n: number, domain: string) =>
    `The e-mail address of member ${n} must be a college address ending in @${domain}: invitations go only to students of the college.`,
  notCollegeAddress: 'Invitations go only to college e-mail addresses. Change the address by editing the posting.',
  handOverTitle: 'Group Not Handed Over',
  cannotRemoveAdmin: 'The group administrator cannot be removed. Hand the group over first.',
} as const;
