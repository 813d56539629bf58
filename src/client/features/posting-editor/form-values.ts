import { blankMember, type PostingInput } from '../../../shared/schemas/posting';
import type { PostingDetail } from '../../../shared/schemas/posting-view';

/** Today as YYYY-MM-DD in the user's own time zone (the default rental start). */
export function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** What the form needs, with every key present (react-hook-form keeps inputs controlled). */
export type PostingFormValues = Required<PostingInput> & { members: Required<PostingInput>['members'] };

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
    members: [{ ...blankMember(), name: account?.name ?? '', email: account?.email ?? '' }],
    curNumSeek: '',
    monthlyRent: '',
    rentType: '',
    rentStart: today(),
    rentEnd: '',
    utilities: '',
    sublet: false,
    description: '',
  };
}

/** An existing posting as form values (edit mode). */
export function postingValues(
  detail: PostingDetail,
  account: { name: string; email: string } | null,
): PostingFormValues {
  const admin = detail.adminContact;
  // The admin edits what they typed (`typed`); the id keeps each row's invitation or membership.
  const members = detail.members.map((m) => ({
    id: m.id,
    name: m.typed?.name ?? m.name,
    academicYear: m.typed?.academicYear ?? m.academicYear ?? '',
    gender: m.typed?.gender ?? m.gender ?? '',
    customGender: m.typed?.customGender ?? m.customGender ?? '',
    email: m.typed?.email ?? '',
    instagramHandle: m.typed?.instagramHandle ?? '',
  }));
  // Member 1 is the admin. A posting saved before that rule may not list its admin first: the
  // admin is then added in front, so saving never replaces somebody else with them.
  const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
  const first = members[0];
  const adminListed = first !== undefined && same(first.name, account?.name ?? admin.name);
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
    members: adminListed ? members : [{ ...blankMember(), name: account?.name ?? admin.name }, ...members],
    curNumSeek: String(detail.curNumSeek),
    monthlyRent: detail.monthlyRent === null ? '' : String(detail.monthlyRent),
    rentType: detail.rentType ?? '',
    rentStart: detail.rentStart ?? '',
    rentEnd: detail.rentEnd ?? '',
    utilities: detail.utilities ?? '',
    sublet: detail.sublet,
    description: detail.description ?? '',
  };
}
