/**
 * The profile's 'What I share with my groups' form (issue 23): its values and what keeps it from
 * being saved, with the server's own checks and messages.
 */
import { ACADEMIC_YEARS, type AcademicYear, GENDERS, type Gender } from '../../../shared/options';
import { groupMessages, SHARING_LIMITS, type Sharing, sharingSchema } from '../../../shared/schemas/groups';
import { INSTAGRAM, normaliseInstagram, phoneIsValid } from '../../../shared/schemas/posting';
import { z } from '../../../shared/schemas/zod';

/** The sharing form: every field a string or a flag, as the inputs hold them. */
export interface SharingFormValues {
  academicYear: AcademicYear | '';
  gender: Gender | '';
  customGender: string;
  phoneNumber: string;
  instagramHandle: string;
  share: Sharing['share'];
}

export function sharingFormValues(sharing: Sharing): SharingFormValues {
  return {
    academicYear: sharing.academicYear ?? '',
    gender: sharing.gender ?? '',
    customGender: sharing.customGender ?? '',
    phoneNumber: sharing.phoneNumber ?? '',
    instagramHandle: sharing.instagramHandle ?? '',
    share: { ...sharing.share },
  };
}

const blankAsNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** What PUT /api/me/sharing is sent: blanks as null; a custom gender only with 'other'. */
export function sharingFromForm(values: SharingFormValues): Sharing {
  return {
    academicYear: values.academicYear === '' ? null : values.academicYear,
    gender: values.gender === '' ? null : values.gender,
    customGender: values.gender === 'other' ? blankAsNull(values.customGender) : null,
    phoneNumber: blankAsNull(values.phoneNumber),
    instagramHandle: blankAsNull(normaliseInstagram(values.instagramHandle)),
    share: { ...values.share },
  };
}

type SharingField = Exclude<keyof SharingFormValues, 'share'>;

/**
 * What keeps the sharing form from being saved, in the order of its fields, each on the field it
 * is about: the server's own checks (a real number and handle, a described gender for 'Other',
 * with its messages), and a detail turned on without being given. Empty when it may be saved.
 */
export function sharingProblems(values: SharingFormValues): { field: SharingField; message: string }[] {
  const problems: { field: SharingField; message: string }[] = [];
  const sharing = sharingFromForm(values);
  if (values.share.academicYear && !sharing.academicYear)
    problems.push({ field: 'academicYear', message: 'Choose your academic year to share it.' });
  if (values.share.gender && !sharing.gender)
    problems.push({ field: 'gender', message: 'Choose your gender to share it.' });
  if (
    sharing.gender === 'other' &&
    (!sharing.customGender || sharing.customGender.length > SHARING_LIMITS.customGender)
  ) {
    problems.push({ field: 'customGender', message: groupMessages.sharingCustomGender });
  }
  if (sharing.phoneNumber) {
    if (!phoneIsValid(sharing.phoneNumber))
      problems.push({ field: 'phoneNumber', message: groupMessages.sharingPhone });
  } else if (values.share.phoneNumber)
    problems.push({ field: 'phoneNumber', message: 'Enter your phone number to share it.' });
  if (sharing.instagramHandle) {
    if (!INSTAGRAM.test(sharing.instagramHandle))
      problems.push({ field: 'instagramHandle', message: groupMessages.sharingInstagram });
  } else if (values.share.instagramHandle)
    problems.push({ field: 'instagramHandle', message: 'Enter your Instagram handle to share it.' });
  return problems;
}

const choiceOrBlank = <T extends string>(choices: readonly [T, ...T[]]) => z.union([z.enum(choices), z.literal('')]);

/**
 * The form as its fields hold it, checked as above and turned into what the server takes: its own
 * `sharingSchema` checks the result once more.
 */
export const sharingFormSchema = z
  .object({
    academicYear: choiceOrBlank(ACADEMIC_YEARS),
    gender: choiceOrBlank(GENDERS),
    customGender: z.string().default(''),
    phoneNumber: z.string(),
    instagramHandle: z.string(),
    share: sharingSchema.shape.share,
  })
  .superRefine((values, context) => {
    for (const { field, message } of sharingProblems(values))
      context.addIssue({ code: 'custom', path: [field], message });
  })
  .transform(sharingFromForm)
  .pipe(sharingSchema);
