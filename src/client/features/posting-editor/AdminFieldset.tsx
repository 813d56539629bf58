import { ACADEMIC_YEAR_LABELS, ACADEMIC_YEARS, GENDER_LABELS, GENDERS } from '../../../shared/options';
import { Field } from '../../ui/Field';
import { ChoiceSelect, type FormKit } from './form-kit';
import styles from './PostingForm.module.css';

/** The group's administrator (member 1): name and e-mail from the account, year, gender, contacts. */
export function AdminFieldset({
  kit,
  coadminEditing,
  adminGender,
  admin,
}: {
  kit: FormKit;
  coadminEditing: boolean;
  adminGender: string;
  /** The administrator's name and e-mail: from the account, not typed. */
  admin: { name: string; email: string };
}) {
  const { fid, err, controlProps, checkProps } = kit;
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{coadminEditing ? 'Group admin' : 'Group admin (you)'}</legend>
      <div className={styles.grid}>
        <Field id={fid('adminName')} label="Admin name" hint="From your account">
          <input readOnly {...controlProps('adminName', true)} defaultValue={undefined} value={admin.name} />
        </Field>
        <Field id={fid('adminEmail')} label="Admin email" hint="From your account">
          <input
            type="email"
            readOnly
            {...controlProps('adminEmail', true)}
            defaultValue={undefined}
            value={admin.email}
          />
        </Field>
        <Field id={fid('adminAcademicYear')} label="Academic year" error={err('adminAcademicYear')} required>
          <ChoiceSelect
            placeholder="Select a year"
            choices={ACADEMIC_YEARS}
            labels={ACADEMIC_YEAR_LABELS}
            {...controlProps('adminAcademicYear')}
          />
        </Field>
        <Field id={fid('adminGender')} label="Gender" error={err('adminGender')} required>
          <ChoiceSelect
            placeholder="Select a gender"
            choices={GENDERS}
            labels={GENDER_LABELS}
            {...controlProps('adminGender')}
          />
        </Field>
        {adminGender === 'other' ? (
          <Field id={fid('adminCustomGender')} label="Your gender" error={err('adminCustomGender')} required>
            <input {...controlProps('adminCustomGender')} />
          </Field>
        ) : null}
        <Field id={fid('adminPhone')} label="Admin phone" error={err('adminPhone')}>
          <input type="tel" autoComplete="tel" {...controlProps('adminPhone')} />
        </Field>
        <Field id={fid('adminInstagram')} label="Admin Instagram handle" error={err('adminInstagram')}>
          <input autoCapitalize="none" {...controlProps('adminInstagram')} />
        </Field>
        {/* Contact by consent (issue 19): other students see these only when ticked. */}
        <div className={styles.checkboxField}>
          <input disabled={coadminEditing} {...checkProps('adminShowsPhone')} />
          <label htmlFor={fid('adminShowsPhone')}>Show the phone number on this posting (off-campus)</label>
        </div>
        <div className={styles.checkboxField}>
          <input disabled={coadminEditing} {...checkProps('adminShowsInstagram')} />
          <label htmlFor={fid('adminShowsInstagram')}>Show the Instagram handle on this posting</label>
        </div>
      </div>
    </fieldset>
  );
}
