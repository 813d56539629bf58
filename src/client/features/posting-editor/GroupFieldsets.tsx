import { HOUSING_AIM_MAX } from '../../../shared/options';
import { POSTING_LIMITS } from '../../../shared/schemas/posting';
import { Field } from '../../ui/Field';
import fieldStyles from '../../ui/FormField.module.css';
import { groupDigits } from '../../ui/format-en-us';
import type { FormKit } from './form-kit';
import styles from './PostingForm.module.css';

/** How many roommates the group still needs (within the largest housing aim), and whether it is a sublet. */
export function LookingForFieldset({ kit, memberCount }: { kit: FormKit; memberCount: number }) {
  const { fid, err, controlProps, checkProps } = kit;
  const seekMax = Math.max(1, HOUSING_AIM_MAX - memberCount);
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>Looking for</legend>
      <div className={styles.grid}>
        <Field id={fid('curNumSeek')} label="Number of roommates needed" error={err('curNumSeek')} required>
          <input type="number" inputMode="numeric" min={1} max={seekMax} step={1} {...controlProps('curNumSeek')} />
        </Field>
        <div className={styles.checkboxField}>
          <input {...checkProps('sublet')} />
          <label htmlFor={fid('sublet')}>This is a sublet</label>
        </div>
      </div>
    </fieldset>
  );
}

/** The group's description, with how much of its length is used. */
export function AboutFieldset({ kit, description }: { kit: FormKit; description: string }) {
  const { fid, err, controlProps } = kit;
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>About your group</legend>
      <Field
        id={fid('description')}
        label="Group description (optional)"
        error={err('description')}
        hint={`What you are like and what you are looking for. ${groupDigits(description.length)} of ${groupDigits(POSTING_LIMITS.description)} characters.`}
      >
        <textarea
          rows={5}
          maxLength={POSTING_LIMITS.description}
          {...controlProps('description', true)}
          className={`${fieldStyles.control} ${styles.textarea}`}
        />
      </Field>
    </fieldset>
  );
}
