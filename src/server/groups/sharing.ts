/**
 * What each student shares on the cards of the groups they joined (issue 23): their own year,
 * gender, phone and Instagram, and which of those (and their account e-mail) to show.
 */

import type { AcademicYear, Gender } from '../../shared/options';
import { groupMessages, type Sharing } from '../../shared/schemas/groups';
import { INSTAGRAM, normaliseInstagram, phoneIsValid } from '../../shared/schemas/posting';
import type { Viewer } from '../auth/session';
import { AppError } from '../http/errors';
import type { GroupContext } from './context';
import * as q from './queries';

export function createSharing({ db }: Pick<GroupContext, 'db'>) {
  async function sharing(viewer: Viewer): Promise<Sharing> {
    const row = await q.findSharing(db, viewer.id);
    return {
      academicYear: (row?.academicYear as AcademicYear | null) ?? null,
      gender: (row?.gender as Gender | null) ?? null,
      customGender: row?.customGender ?? null,
      phoneNumber: row?.phoneNumber ?? null,
      instagramHandle: row?.instagramHandle ?? null,
      share: {
        academicYear: row?.shareAcademicYear ?? false,
        gender: row?.shareGender ?? false,
        email: row?.shareEmail ?? false,
        phoneNumber: row?.sharePhoneNumber ?? false,
        instagramHandle: row?.shareInstagramHandle ?? false,
      },
    };
  }

  async function saveSharing(viewer: Viewer, input: Sharing): Promise<Sharing> {
    const blank = (value: string | null) => (value === null || value.trim() === '' ? null : value.trim());
    const phone = blank(input.phoneNumber);
    const instagram = input.instagramHandle === null ? null : blank(normaliseInstagram(input.instagramHandle));
    const custom = input.gender === 'other' ? blank(input.customGender) : null;
    const problems: string[] = [];
    if (phone !== null && !phoneIsValid(phone)) problems.push(groupMessages.sharingPhone);
    if (instagram !== null && !INSTAGRAM.test(instagram)) problems.push(groupMessages.sharingInstagram);
    if (input.gender === 'other' && custom === null) problems.push(groupMessages.sharingCustomGender);
    if (problems.length > 0) {
      throw new AppError(400, 'VALIDATION_FAILED', groupMessages.sharingTitle, problems.join('\n'), problems);
    }
    await q.saveSharing(db, {
      userId: viewer.id,
      academicYear: input.academicYear,
      gender: input.gender,
      customGender: custom,
      phoneNumber: phone,
      instagramHandle: instagram,
      shareAcademicYear: input.share.academicYear,
      shareGender: input.share.gender,
      shareEmail: input.share.email,
      sharePhoneNumber: input.share.phoneNumber,
      shareInstagramHandle: input.share.instagramHandle,
    });
    return sharing(viewer);
  }

  return { sharing, saveSharing };
}
