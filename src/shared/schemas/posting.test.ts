import { describe, expect, it } from 'vitest';
import { postingValidation } from '../posting-validation-messages';
import { createPostingSchema, postingFromFormFields, validatePosting } from './posting';

const dorms = ['Walsh', 'Voute'];
const v = postingValidation;
const member = {
  name: 'Ava',
  academicYear: 'senior',
  gender: 'female',
  customGender: '',
  email: '',
  instagramHandle: '',
};
const valid = {
  listingLocation: 'oncampus',
  dorm: 'Walsh',
  adminName: 'Ava Kim',
  adminEmail: 'ava@bc.edu',
  adminAcademicYear: 'senior',
  adminGender: 'female',
  members: [member],
  curNumSeek: '3',
};
const offCampus = {
  ...valid,
  listingLocation: 'offcampus',
  dorm: '',
  address: '1 Lake Street',
  rentStart: '2027-01-01',
  rentEnd: '2027-06-30',
};
const messagesOf = (input: unknown) => {
  const result = validatePosting(input, dorms);
  return result.success ? [] : result.messages;
};

describe('posting schema', () => {
  it('accepts a valid posting and computes the sizes on its own', () => {
    const result = validatePosting({ ...valid, aimInteger: 50, curGroupSize: 9 }, dorms);
    expect(result.success && result.data).toMatchObject({ curGroupSize: 1, curNumSeek: 3, aimInteger: 4 });
  });

  it('has every rule of spec section 5 with its message', () => {
    expect(messagesOf({ ...valid, dorm: '' })).toEqual([v.selectDorm]);
    expect(messagesOf({ ...valid, members: [] })).toEqual([v.atLeastOneMember]);
    expect(messagesOf({ ...valid, curNumSeek: 0 })).toEqual([v.seekingAtLeastOne]);
    expect(messagesOf({ ...valid, adminEmail: '', adminPhone: '' })).toEqual([v.phoneOrEmail]);
    expect(messagesOf({ ...offCampus, monthlyRent: '900' })).toEqual([v.rentType]);
    expect(messagesOf({ ...offCampus, rentStart: '', rentEnd: '' })).toEqual([v.rentalDates]);
    expect(messagesOf({ ...offCampus, rentEnd: '' })).toEqual([v.bothDates]);
    expect(messagesOf({ ...offCampus, rentEnd: '2026-12-31' })).toEqual([v.endBeforeStart]);
  });

  it('reads rent as whole dollars with or without $ and separators, and derives rent per person', () => {
    const total = validatePosting({ ...offCampus, monthlyRent: '$4,000', rentType: 'total' }, dorms);
    expect(total.success && total.data).toMatchObject({ monthlyRent: 4000, rentPerPerson: 1000 });
    const each = validatePosting({ ...offCampus, monthlyRent: '950', rentType: 'per_person' }, dorms);
    expect(each.success && each.data).toMatchObject({ monthlyRent: 950, rentPerPerson: 950 });
    expect(messagesOf({ ...offCampus, monthlyRent: '12.5', rentType: 'total' })).toEqual([v.rentWholeDollars(100_000)]);
  });

  it('accepts a phone instead of an e-mail, checks both formats', () => {
    expect(messagesOf({ ...valid, adminEmail: '', adminPhone: '(617) 555-0101' })).toEqual([]);
    expect(messagesOf({ ...valid, adminPhone: '12' })).toEqual([v.adminPhone]);
    expect(messagesOf({ ...valid, adminEmail: 'not-an-email' })).toEqual([v.adminEmail]);
  });

  it('maps each field error to its form path (what zodResolver shows beside the field)', () => {
    const result = createPostingSchema(dorms).safeParse({ ...valid, members: [member, { ...member, name: '' }] });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['members.1.name', v.memberName(2)],
    ]);
  });

  it('makes the admin member 1 whatever the client sent as member 1', () => {
    const result = validatePosting(
      { ...valid, adminInstagram: '@ava.k', members: [{ ...member, name: '', academicYear: '' }, member] },
      dorms,
    );
    expect(result.success && result.data.members).toEqual([
      {
        id: null,
        name: 'Ava Kim',
        academicYear: 'senior',
        gender: 'female',
        customGender: null,
        email: 'ava@bc.edu',
        instagramHandle: 'ava.k',
      },
      { ...member, id: null, customGender: null, email: null, instagramHandle: null },
    ]);
  });

  it("keeps a member row's id (an edit keeps the row's invitation or membership, decision 0024)", () => {
    const result = validatePosting({ ...valid, members: [member, { ...member, id: ' row-1 ' }, member] }, dorms);
    expect(result.success && result.data.members.map((m) => m.id)).toEqual([null, 'row-1', null]);
    // An id that is not a string is no id.
    const odd = validatePosting({ ...valid, members: [member, { ...member, id: 7 }] }, dorms);
    expect(odd.success && odd.data.members.map((m) => m.id)).toEqual([null, null]);
  });

  it('keeps an optional description of at most 2,000 characters, line breaks kept', () => {
    const kept = validatePosting({ ...valid, description: '  Quiet group.\r\nWe cook <b>together</b>.\n' }, dorms);
    expect(kept.success && kept.data.description).toBe('Quiet group.\nWe cook <b>together</b>.');
    const blank = validatePosting({ ...valid, description: '   ' }, dorms);
    expect(blank.success && blank.data.description).toBeNull();
    expect(messagesOf({ ...valid, description: 'x'.repeat(2001) })).toEqual([v.tooLong('The group description', 2000)]);
  });
});

describe('the pin (issue 33)', () => {
  const bounds = [
    [-71.21, 42.315],
    [-71.115, 42.365],
  ] as const;
  const pinned = (fields: object) => validatePosting({ ...offCampus, ...fields }, dorms, bounds);

  it('takes degrees as typed or as numbers, rounded to 6 decimals; blank is no pin', () => {
    const typed = pinned({ pinLatitude: ' 42.33661234 ', pinLongitude: '-71.1498', pinExact: true });
    expect(typed.success && [typed.data.pinLatitude, typed.data.pinLongitude, typed.data.pinExact]).toEqual([
      42.336612,
      -71.1498,
      true,
    ]);
    const numbers = pinned({ pinLatitude: 42.34, pinLongitude: -71.16 });
    expect(numbers.success && numbers.data.pinExact).toBe(false);
    const none = pinned({ pinLatitude: '', pinLongitude: '' });
    expect(none.success && [none.data.pinLatitude, none.data.pinLongitude]).toEqual([null, null]);
  });

  it('refuses half a pin, words, and a pin outside the bounds, in plain words', () => {
    const messages = (fields: object) => {
      const result = pinned(fields);
      return result.success ? [] : result.messages;
    };
    expect(messages({ pinLatitude: '42.34', pinLongitude: '' })).toEqual([v.pinBoth]);
    expect(messages({ pinLatitude: '1e2', pinLongitude: '0x10' })).toEqual([v.pinLatitude, v.pinLongitude]);
    expect(messages({ pinLatitude: '40.7', pinLongitude: '-74' })).toEqual([
      v.pinOutside(-71.21, 42.315, -71.115, 42.365),
    ]);
    // What is neither a number nor a text reads as blank, as for every field of the form.
    expect(messages({ pinLatitude: Number.NaN, pinLongitude: {} })).toEqual([]);
  });

  it('ignores a pin on campus', () => {
    const result = validatePosting({ ...valid, pinLatitude: '1', pinLongitude: '1' }, dorms, bounds);
    expect(result.success && result.data.pinLatitude).toBeNull();
  });
});

describe('postingFromFormFields (the form posted without scripts)', () => {
  it('reads text fields as typed, a ticked box as true and an unticked one (not sent) as false', () => {
    const input = postingFromFormFields({ dorm: 'Walsh', description: ' Hi ', adminShowsPhone: 'on', other: 'x' });
    expect(input).toMatchObject({ dorm: 'Walsh', description: ' Hi ', adminShowsPhone: true });
    expect(input.adminShowsInstagram).toBe(false);
    expect(input.sublet).toBe(false);
    expect(input).not.toHaveProperty('other');
    // A field not sent is the schema's to default.
    expect(input).not.toHaveProperty('address');
  });

  it('fills member rows from members.<n>.<field>, member 1 blank when it has no fields', () => {
    const input = postingFromFormFields({
      'members.0.id': 'row-1',
      'members.2.name': 'Ben',
      'members.2.gender': 'male',
      'members.2.role': 'admin',
      'members.x.name': 'nobody',
    });
    expect(input.members).toEqual([
      { name: '', academicYear: '', gender: '', customGender: '', email: '', instagramHandle: '', id: 'row-1' },
      { name: '', academicYear: '', gender: '', customGender: '', email: '', instagramHandle: '' },
      { name: 'Ben', academicYear: '', gender: 'male', customGender: '', email: '', instagramHandle: '' },
    ]);
    expect(postingFromFormFields({}).members).toHaveLength(1);
  });

  it('reads no more rows than a group can have, whatever the names say', () => {
    expect(postingFromFormFields({ 'members.11.name': 'Last' }).members).toHaveLength(12);
    expect(postingFromFormFields({ 'members.12.name': 'Too far', 'members.99.name': 'x' }).members).toHaveLength(1);
  });

  it('gives the schema what the API would send: a valid form is a valid posting', () => {
    const input = postingFromFormFields({
      listingLocation: 'oncampus',
      dorm: 'Walsh',
      adminAcademicYear: 'senior',
      adminGender: 'female',
      adminPhone: '617-555-0101',
      curNumSeek: '2',
    });
    const result = validatePosting({ ...input, adminName: 'Ava Kim', adminEmail: 'ava@bc.edu' }, dorms);
    expect(result.success && result.data).toMatchObject({ dorm: 'Walsh', curNumSeek: 2, curGroupSize: 1 });
  });
});
