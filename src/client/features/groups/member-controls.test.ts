import { describe, expect, it } from 'vitest';
import type { Viewer } from '../../../shared/authorization';
import { type GroupMemberView, groupMessages, type TypedMemberView } from '../../../shared/schemas/groups';
import { inviteButton, memberControls, NO_ADDRESS } from './member-controls';
import { sharingFormSchema, sharingFormValues, sharingFromForm, sharingProblems } from './sharing-rules';

const now = new Date('2026-11-26T12:00:00Z');
const viewer: Viewer = { id: 'me', emailVerified: true, termsAccepted: true, isModerator: false };
const as = (viewerRole: 'admin' | 'coadmin' | 'member' | null) => ({ viewerRole });
const typed = (overrides: Partial<TypedMemberView> = {}): TypedMemberView => ({
  state: 'not-invited',
  name: 'Jane Doe',
  academicYear: 'junior',
  gender: 'female',
  customGender: null,
  email: 'jane.doe@bc.edu',
  instagramHandle: null,
  invitedAt: null,
  invitationExpiresAt: null,
  resendAfter: null,
  ...overrides,
});
const member = (overrides: Partial<GroupMemberView> = {}): GroupMemberView => ({
  id: 'm2',
  position: 2,
  joined: false,
  role: 'member',
  name: 'Jane Doe',
  academicYear: 'junior',
  gender: null,
  customGender: null,
  email: null,
  instagramHandle: null,
  phoneNumber: null,
  isYou: false,
  typed: typed(),
  ...overrides,
});

describe('the invitation button of a member row', () => {
  it('sends a first invitation, and resends one that was sent or declined', () => {
    expect(inviteButton(typed(), now)).toEqual({ label: 'Send invitation', disabledReason: null });
    expect(inviteButton(typed({ state: 'invited' }), now)?.label).toBe('Resend invitation');
    expect(inviteButton(typed({ state: 'declined' }), now)?.label).toBe('Resend invitation');
    expect(inviteButton(typed({ state: 'joined' }), now)).toBeNull();
  });

  it('is off, with the reason, without an address or until the resend limit has passed', () => {
    expect(inviteButton(typed({ email: null }), now)?.disabledReason).toBe(NO_ADDRESS);
    const soon = typed({ state: 'invited', resendAfter: '2026-11-26T12:05:00Z' });
    expect(inviteButton(soon, now)?.disabledReason).toMatch(/^An invitation was just sent\. You can send it again at /);
    const past = typed({ state: 'invited', resendAfter: '2026-11-26T11:55:00Z' });
    expect(inviteButton(past, now)?.disabledReason).toBeNull();
  });
});

describe('what the viewer may do to a member', () => {
  it('gives the admin invitations for members who have not joined, roles and removal for those who did', () => {
    expect(memberControls(viewer, as('admin'), member(), now)).toMatchObject({
      withdraw: false,
      remove: false,
      role: null,
    });
    expect(memberControls(viewer, as('admin'), member({ typed: typed({ state: 'invited' }) }), now).withdraw).toBe(
      true,
    );
    const joined = member({ joined: true, typed: typed({ state: 'joined' }) });
    expect(memberControls(viewer, as('admin'), joined, now)).toEqual({
      invite: null,
      withdraw: false,
      remove: true,
      role: 'coadmin',
      handOver: true,
    });
    expect(memberControls(viewer, as('admin'), { ...joined, role: 'coadmin' }, now).role).toBe('member');
  });

  it('gives nobody else anything, nor the admin anything on their own row', () => {
    const joined = member({ joined: true, typed: typed({ state: 'joined' }) });
    for (const role of ['coadmin', 'member', null] as const) {
      expect(memberControls(viewer, as(role), joined, now)).toMatchObject({ invite: null, remove: false, role: null });
    }
    expect(memberControls(viewer, as('admin'), member({ role: 'admin', isYou: true }), now).invite).toBeNull();
    expect(memberControls(viewer, as('admin'), member({ typed: null }), now).invite).toBeNull();
  });

  it('gives the admin nothing before they may use the product (terms not accepted)', () => {
    const joined = member({ joined: true, typed: typed({ state: 'joined' }) });
    expect(memberControls({ ...viewer, termsAccepted: false }, as('admin'), joined, now)).toMatchObject({
      invite: null,
      remove: false,
      role: null,
      handOver: false,
    });
  });
});

describe('the sharing form', () => {
  const off = { academicYear: false, gender: false, email: false, phoneNumber: false, instagramHandle: false };
  const blank = sharingFormValues({
    academicYear: null,
    gender: null,
    customGender: null,
    phoneNumber: null,
    instagramHandle: null,
    share: off,
  });

  it('sends blanks as null, a handle without its @, and a custom gender only with Other', () => {
    expect(
      sharingFromForm({
        ...blank,
        instagramHandle: ' @jane.d ',
        customGender: 'x',
        share: { ...off, instagramHandle: true },
      }),
    ).toEqual({
      academicYear: null,
      gender: null,
      customGender: null,
      phoneNumber: null,
      instagramHandle: 'jane.d',
      share: { ...off, instagramHandle: true },
    });
    expect(sharingFromForm({ ...blank, gender: 'other', customGender: ' Nonbinary ' }).customGender).toBe('Nonbinary');
  });

  it('asks for a detail that is turned on, and for a real handle and number', () => {
    expect(sharingProblems(blank)).toEqual([]);
    expect(sharingProblems({ ...blank, share: { ...off, phoneNumber: true, academicYear: true } })).toEqual([
      { field: 'academicYear', message: 'Choose your academic year to share it.' },
      { field: 'phoneNumber', message: 'Enter your phone number to share it.' },
    ]);
    expect(sharingProblems({ ...blank, phoneNumber: '12', instagramHandle: 'no spaces' })).toEqual([
      { field: 'phoneNumber', message: groupMessages.sharingPhone },
      { field: 'instagramHandle', message: groupMessages.sharingInstagram },
    ]);
    expect(sharingProblems({ ...blank, gender: 'other' })).toEqual([
      { field: 'customGender', message: groupMessages.sharingCustomGender },
    ]);
  });

  it('reads the form as the fields hold it and gives the server its shape, or the problem on its field', () => {
    const read = {
      ...blank,
      customGender: undefined,
      instagramHandle: '@jane.d',
      share: { ...off, instagramHandle: true },
    };
    expect(sharingFormSchema.parse(read)).toEqual({
      academicYear: null,
      gender: null,
      customGender: null,
      phoneNumber: null,
      instagramHandle: 'jane.d',
      share: { ...off, instagramHandle: true },
    });
    const refused = sharingFormSchema.safeParse({ ...blank, share: { ...off, gender: true } });
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['gender', 'Choose your gender to share it.'],
    ]);
  });
});
