import { ACADEMIC_YEAR_LABELS, ACADEMIC_YEARS, GENDER_LABELS, GENDERS, HOUSING_AIM_MAX } from '../../../shared/options';
import { POSTING_FORM_FIELDS, postingFormStepValue } from '../../../shared/schemas/posting-form-sent';
import buttonStyles from '../../ui/Button.module.css';
import { Field } from '../../ui/Field';
import fieldStyles from '../../ui/FormField.module.css';
import { ChoiceSelect, type FormKit } from './form-kit';
import type { PostingFormMember } from './form-values';
import styles from './PostingForm.module.css';

/** Member 1, the administrator: their year and gender are asked once, in the admin's fieldset. */
export interface AdminSummary {
  name: string;
  academicYear: string;
  gender: string;
  customGender: string;
}

/**
 * The group's current members: member 1 (the administrator) as the admin's fields say, joined
 * members as they share themselves, the others as rows to fill in, add and remove.
 */
export function MembersFieldset({
  kit,
  rowKeys,
  memberValues,
  admin,
  coadminEditing,
  onAdd,
  onRemove,
}: {
  kit: FormKit;
  /** One key per member row, kept while the row is (what is typed in it stays with it). */
  rowKeys: string[];
  /** What each row holds now. */
  memberValues: PostingFormMember[];
  admin: AdminSummary;
  coadminEditing: boolean;
  onAdd: () => void;
  onRemove: (index: number) => void;
}) {
  const { fid, err, controlProps } = kit;
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>Current members</legend>
      <p className={fieldStyles.hint}>
        {coadminEditing
          ? 'The group administrator manages the members: your changes leave them as they are.'
          : 'Everyone already in the group. You are member 1. Members with a college e-mail are invited to join; members who joined are shown as they are.'}
      </p>
      {err('members') ? <p className={fieldStyles.error}>{err('members')}</p> : null}
      <ol className={styles.members}>
        {rowKeys.map((rowKey, index) => {
          const n = index + 1;
          const base = `members.${index}` as const;
          // A stored row's id goes with the form (posted without the scripts too): the row keeps
          // its invitation or membership.
          const id = memberValues[index]?.id;
          const idField = id ? <input type="hidden" name={`${base}.id`} value={id} /> : null;
          if (index === 0) {
            // The admin: their year and gender are asked once, above; they cannot remove themselves.
            return (
              <li key={rowKey} className={`${styles.member} ${styles.adminMember}`}>
                {idField}
                <p className={styles.memberLegend}>{coadminEditing ? 'Member 1 (administrator)' : 'Member 1 (you)'}</p>
                <p>
                  {admin.name || 'You'}
                  {admin.academicYear && admin.academicYear in ACADEMIC_YEAR_LABELS
                    ? ` · ${ACADEMIC_YEAR_LABELS[admin.academicYear as keyof typeof ACADEMIC_YEAR_LABELS]}`
                    : ''}
                  {admin.gender && admin.gender in GENDER_LABELS
                    ? ` · ${admin.gender === 'other' && admin.customGender ? admin.customGender : GENDER_LABELS[admin.gender as keyof typeof GENDER_LABELS]}`
                    : ''}
                </p>
                <p className={fieldStyles.hint}>{coadminEditing ? 'Administrator' : 'From your details above.'}</p>
              </li>
            );
          }
          const row = memberValues[index];
          if (coadminEditing || row?.joined) {
            // Joined members are theirs to change (the admin removes them in 'Manage group'); a
            // co-admin's save leaves the whole list as it is.
            return (
              <li key={rowKey} className={`${styles.member} ${styles.adminMember}`}>
                {idField}
                <p className={styles.memberLegend}>Member {n}</p>
                <p>
                  {(row?.joined ? row.joinedName : row?.name) || row?.name}
                  {row?.academicYear && row.academicYear in ACADEMIC_YEAR_LABELS
                    ? ` · ${ACADEMIC_YEAR_LABELS[row.academicYear as keyof typeof ACADEMIC_YEAR_LABELS]}`
                    : ''}
                </p>
                <p className={fieldStyles.hint}>
                  {row?.joined ? 'Joined' : 'Not joined yet'}
                  {row?.role === 'coadmin' ? ' · Co-admin' : ''}
                </p>
              </li>
            );
          }
          return (
            <li key={rowKey} className={styles.member}>
              {idField}
              <fieldset className={styles.memberFieldset}>
                <legend className={styles.memberLegend}>Member {n}</legend>
                <div className={styles.grid}>
                  <Field id={fid(`${base}.name`)} label="Name" error={err(`${base}.name`)} required>
                    <input {...controlProps(`${base}.name`)} />
                  </Field>
                  <Field
                    id={fid(`${base}.academicYear`)}
                    label="Academic year"
                    error={err(`${base}.academicYear`)}
                    required
                  >
                    <ChoiceSelect
                      placeholder="Select a year"
                      choices={ACADEMIC_YEARS}
                      labels={ACADEMIC_YEAR_LABELS}
                      {...controlProps(`${base}.academicYear`)}
                    />
                  </Field>
                  <Field id={fid(`${base}.gender`)} label="Gender" error={err(`${base}.gender`)} required>
                    <ChoiceSelect
                      placeholder="Select a gender"
                      choices={GENDERS}
                      labels={GENDER_LABELS}
                      {...controlProps(`${base}.gender`)}
                    />
                  </Field>
                  {row?.gender === 'other' ? (
                    <Field
                      id={fid(`${base}.customGender`)}
                      label="Their gender"
                      error={err(`${base}.customGender`)}
                      required
                    >
                      <input {...controlProps(`${base}.customGender`)} />
                    </Field>
                  ) : null}
                  <Field
                    id={fid(`${base}.email`)}
                    label="College e-mail (optional)"
                    hint="We'll e-mail an invitation to join the group."
                    error={err(`${base}.email`)}
                  >
                    <input type="email" autoCapitalize="none" {...controlProps(`${base}.email`, true)} />
                  </Field>
                </div>
                <button
                  type="submit"
                  name={POSTING_FORM_FIELDS.step}
                  value={postingFormStepValue.removeMember(index)}
                  formNoValidate
                  className={`${buttonStyles.button} ${buttonStyles.secondary} ${styles.removeMember}`}
                  onClick={(event) => {
                    event.preventDefault();
                    onRemove(index);
                  }}
                >
                  Remove member {n}
                </button>
              </fieldset>
            </li>
          );
        })}
      </ol>
      {coadminEditing ? null : (
        <button
          // Before the scripts (or without them) the button posts the form: the server draws it
          // again, what was typed kept, with one more row (decision 0048). The scripts add it here.
          type="submit"
          name={POSTING_FORM_FIELDS.step}
          value={postingFormStepValue.addMember()}
          formNoValidate
          className={`${buttonStyles.button} ${buttonStyles.secondary} ${styles.addMember}`}
          onClick={(event) => {
            event.preventDefault();
            onAdd();
          }}
          disabled={rowKeys.length >= HOUSING_AIM_MAX - 1}
        >
          Add member
        </button>
      )}
    </fieldset>
  );
}
