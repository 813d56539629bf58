import { describe, expect, it } from 'vitest';
import { keptImagesOf, POSTING_FORM_FIELDS, postingFormStepOf, postingFormStepValue } from './posting-form-sent';

describe("the posting form's steps and kept images, as a form sends them", () => {
  it('reads back each step a drawn button sends', () => {
    expect(postingFormStepOf(postingFormStepValue.addMember())).toEqual({ kind: 'addMember' });
    expect(postingFormStepOf(postingFormStepValue.removeMember(3))).toEqual({ kind: 'removeMember', index: 3 });
    const id = '0b7f3c1e-5d1a-4f7e-9a53-2c1d0e9f8a7b';
    expect(postingFormStepOf(postingFormStepValue.removeImage(id))).toEqual({ kind: 'removeImage', id });
  });

  it('reads no step from what no button sends: member 1, a signed or padded index, an empty or odd id', () => {
    for (const value of [
      '',
      'remove-member:0',
      'remove-member:-1',
      'remove-member:01',
      'remove-member:1 ',
      'remove-image:',
      'remove-image:a/b',
      `remove-image:${'a'.repeat(65)}`,
      'add-member ',
      'ADD-MEMBER',
      '__proto__',
    ]) {
      expect(postingFormStepOf(value), value).toBeNull();
    }
  });

  it('reads the kept images in order; no field keeps them all', () => {
    expect(keptImagesOf({ [POSTING_FORM_FIELDS.keptImages]: ' a  b\nc ' })).toEqual(['a', 'b', 'c']);
    expect(keptImagesOf({ [POSTING_FORM_FIELDS.keptImages]: '' })).toEqual([]);
    expect(keptImagesOf({})).toBeUndefined();
  });
});
