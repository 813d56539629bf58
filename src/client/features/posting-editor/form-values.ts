import { can, type Viewer } from '../../../shared/authorization';
import type { GroupMemberView, GroupRole } from '../../../shared/schemas/groups';
import { blankMember, type PostingInput, type PostingMemberInput } from '../../../shared/schemas/posting';
import type { PostingDetail } from '../../../shared/schemas/posting-view';

/** Today as YYYY-MM-DD in the user's own time zone (the default rental start). */
export function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * A member row of the form. `id` names an existing row (the server keeps its invitation and, once
 * they joined, its account); `joined` rows are shown read-only and sent back as they are.
 */
export type PostingFormMember = Required<Omit<PostingMemberInput, 'id'>> & {
  id?: string;
  joined?: boolean;
  /** The joined member's account name and role, for the read-only row. */
  joinedName?: string;
  role?: GroupRole;
};

/** What the form holds, with every key present (the fields are drawn from it). */
export type PostingFormValues = Omit<Required<PostingInput>, 'members'> & { members: PostingFormMember[] };

/**
 * A member of the detail as a form row. The admin sees what they typed (`typed`); a co-admin,
 * whose save leaves the members as they are, sees the list as the detail view shows it.
 */
export function memberRow(member: GroupMemberView): PostingFormMember {
  const typed = member.typed;
  return {
    id: member.id,
    joined: member.joined,
    joinedName: member.name,
    role: member.role,
    name: typed?.name ?? member.name,
    academicYear: typed?.academicYear ?? member.academicYear ?? '',
    gender: typed?.gender ?? member.gender ?? '',
    customGender: typed?.customGender ?? member.customGender ?? '',
    email: typed?.email ?? '',
    instagramHandle: typed?.instagramHandle ?? '',
  };
}

/** A new posting: on-campus, the account's name and e-mail, the admin as the first member, start today. */
export function newPostingValues(account: { name: string; email: string } | null): PostingFormValues {
  return {
    listingLocation: 'oncampus',
    dorm: '',
    address: '',
    adminName: account?.name ?? '',
    adminEmail: account?.email ?? '',
    adminAcademicYear: '',
    adminGender: '',
    adminCustomGender: '',
    adminPhone: '',
    adminInstagram: '',
    adminShowsPhone: false,
    adminShowsInstagram: false,
    members: [{ ...blankMember(), name: account?.name ?? '', email: account?.email ?? '' }],
    curNumSeek: '',
    monthlyRent: '',
    rentType: '',
    rentStart: today(),
    rentEnd: '',
    utilities: '',
    sublet: false,
    description: '',
    pinLatitude: '',
    pinLongitude: '',
    pinExact: false,
  };
}

/** An existing posting as form values (edit mode). */
export function postingValues(
  detail: PostingDetail,
  account: (Viewer & { name: string; email: string }) | null,
): PostingFormValues {
  const admin = detail.adminContact;
  // A co-admin edits the administrator's posting: its admin fields stay the administrator's.
  account = can(account, 'group.editMembers', detail) ? account : null;
  // The admin edits what they typed (`typed`); the id keeps each row's invitation or membership.
  const groupMembers = detail.members;
  const members = groupMembers.map(memberRow);
  // Member 1 is the admin. A posting saved before that rule may not list its admin first: the
  // admin is then added in front, so saving never replaces somebody else with them.
  const adminListed = groupMembers[0]?.role === 'admin';
  return {
    listingLocation: detail.listingLocation,
    dorm: detail.dorm ?? '',
    address: detail.address ?? '',
    adminName: account?.name ?? admin.name,
    adminEmail: account?.email ?? admin.email ?? '',
    adminAcademicYear: admin.academicYear,
    adminGender: admin.gender,
    adminCustomGender: admin.customGender ?? '',
    adminPhone: admin.phoneNumber ?? '',
    adminInstagram: admin.instagramHandle ?? '',
    adminShowsPhone: detail.adminShowsPhone,
    adminShowsInstagram: detail.adminShowsInstagram,
    members: adminListed ? members : [{ ...blankMember(), name: account?.name ?? admin.name }, ...members],
    curNumSeek: String(detail.curNumSeek),
    monthlyRent: detail.monthlyRent === null ? '' : String(detail.monthlyRent),
    rentType: detail.rentType ?? '',
    rentStart: detail.rentStart ?? '',
    rentEnd: detail.rentEnd ?? '',
    utilities: detail.utilities ?? '',
    sublet: detail.sublet,
    description: detail.description ?? '',
    // The group's managers, who edit, are always shown the exact pin.
    pinLatitude: detail.pin?.exact ? String(detail.pin.latitude) : '',
    pinLongitude: detail.pin?.exact ? String(detail.pin.longitude) : '',
    pinExact: detail.pinExactChosen ?? false,
  };
}

/**
 * What a co-admin's form is checked with: the server keeps the members as they are on a
 * co-admin's save, so only their number counts; each stands in as a copy of member 1's admin
 * details (which the form holds in full) so that details a member did not share are not asked for.
 */
export function membersAsKept(values: PostingFormValues): PostingFormValues {
  const admin: PostingFormMember = {
    ...blankMember(),
    name: values.adminName,
    academicYear: values.adminAcademicYear,
    gender: values.adminGender,
    customGender: values.adminCustomGender,
  } as PostingFormMember;
  return { ...values, members: values.members.map(() => admin) };
}

/**
 * The form's values: those it was drawn from (and what is not a field: each member row's id and
 * state, member 1), with what its fields hold (`read`, as `readForm` reads them; a row without
 * fields, or a field not shown, keeps its drawn value).
 */
export function formValuesOf(drawn: PostingFormValues, read: Record<string, unknown>): PostingFormValues {
  const readMembers = Array.isArray(read.members) ? (read.members as (Partial<PostingFormMember> | undefined)[]) : [];
  return {
    ...drawn,
    ...(read as Partial<PostingFormValues>),
    members: drawn.members.map((member, at) => ({ ...member, ...readMembers[at] })),
  };
}

/**
 * The form's values from a form sent without the scripts and drawn again (`sent`, as the schema
 * reads it): its fields over those drawn before, and its member rows as sent (a step may have added
 * or removed one), each stored row found again by its id (its state: joined, role), member 1 as drawn.
 */
export function sentFormValues(drawn: PostingFormValues, sent: Record<string, unknown>): PostingFormValues {
  const values = formValuesOf(drawn, sent);
  if (!Array.isArray(sent.members)) return values;
  const rows = sent.members as Partial<PostingFormMember>[];
  return {
    ...values,
    members: rows.map((row, at) => {
      const stored = row.id
        ? drawn.members.find((member) => member.id === row.id)
        : at === 0
          ? drawn.members[0]
          : undefined;
      return { ...blankMember(), ...stored, ...row };
    }),
  };
}
