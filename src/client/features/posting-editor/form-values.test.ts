import { describe, expect, it } from 'vitest';
import type { GroupMemberView } from '../../../shared/schemas/groups';
import { validatePosting } from '../../../shared/schemas/posting';
import { formValuesOf, memberRow, membersAsKept, newPostingValues, sentFormValues } from './form-values';

const joined: GroupMemberView = {
  id: 'row-2',
  position: 1,
  joined: true,
  role: 'coadmin',
  name: 'Jane Doe',
  academicYear: null,
  gender: null,
  customGender: null,
  email: null,
  instagramHandle: '@jane',
  phoneNumber: null,
  isYou: false,
  typed: null,
};

describe('member rows of the posting form', () => {
  it("the admin's rows are what they typed, with the row's id", () => {
    const row = memberRow({
      ...joined,
      typed: {
        state: 'joined',
        name: 'Jane D.',
        academicYear: 'junior',
        gender: 'female',
        customGender: null,
        email: 'jane.doe@bc.edu',
        instagramHandle: null,
        invitedAt: null,
        invitationExpiresAt: null,
        resendAfter: null,
      },
    });
    expect(row).toMatchObject({
      id: 'row-2',
      joined: true,
      joinedName: 'Jane Doe',
      role: 'coadmin',
      name: 'Jane D.',
      academicYear: 'junior',
      gender: 'female',
      email: 'jane.doe@bc.edu',
      instagramHandle: '',
    });
  });

  it("a co-admin's rows are what the detail view shows, never an address", () => {
    expect(memberRow(joined)).toMatchObject({ name: 'Jane Doe', academicYear: '', gender: '', email: '' });
  });

  it("a co-admin's form is checked with the members kept as they are, whatever they did not share", () => {
    const values = {
      ...newPostingValues({ name: 'Ada Admin', email: 'ada@bc.edu' }),
      dorm: 'Walsh',
      adminAcademicYear: 'junior',
      adminGender: 'female',
      curNumSeek: '1',
    };
    values.members = [...values.members, memberRow(joined)];
    expect(validatePosting(values, ['Walsh']).success).toBe(false);
    const kept = membersAsKept(values);
    expect(kept.members).toHaveLength(2);
    expect(validatePosting(kept, ['Walsh']).success).toBe(true);
  });

  it('the form values are the drawn ones with what the fields hold; a row without fields keeps its own', () => {
    const drawn = newPostingValues({ name: 'Ada Admin', email: 'ada@bc.edu' });
    drawn.members = [...drawn.members, memberRow(joined), { ...memberRow(joined), id: undefined, joined: false }];
    const values = formValuesOf(drawn, {
      listingLocation: 'offcampus',
      address: '77 Commonwealth Avenue',
      sublet: true,
      // Member 1 and the joined row have no fields; the third row's name was typed.
      members: [undefined, undefined, { name: 'Theo' }],
    });
    expect(values).toMatchObject({ listingLocation: 'offcampus', address: '77 Commonwealth Avenue', sublet: true });
    expect(values.adminName).toBe('Ada Admin');
    expect(values.members[0]).toEqual(drawn.members[0]);
    expect(values.members[1]).toEqual(drawn.members[1]);
    expect(values.members[2]).toEqual({ ...drawn.members[2], name: 'Theo' });
  });

  it('a form sent back after a step keeps its rows as sent: one added, one removed, stored rows by their id', () => {
    const drawn = newPostingValues({ name: 'Ada Admin', email: 'ada@bc.edu' });
    const invited = { ...memberRow({ ...joined, id: 'row-3', joined: false, role: 'member' }), name: 'Cleo' };
    drawn.members = [...drawn.members, memberRow(joined), invited];
    const blank = { name: '', academicYear: '', gender: '', customGender: '', email: '', instagramHandle: '' };
    // Cleo's row was removed and a row added (as postingFromFormFields reads the form).
    const values = sentFormValues(drawn, {
      description: 'Kept',
      members: [blank, { ...blank, id: 'row-2' }, { ...blank, name: 'Theo' }, blank],
    });
    expect(values.description).toBe('Kept');
    expect(values.members).toHaveLength(4);
    expect(values.members[0]).toMatchObject({ ...blank });
    expect(values.members[1]).toMatchObject({ id: 'row-2', joined: true, joinedName: 'Jane Doe', role: 'coadmin' });
    // The new rows are new: neither takes Cleo's stored row.
    expect(values.members[2]).toEqual({ ...blank, name: 'Theo' });
    expect(values.members[3]).toEqual(blank);
  });
});
