import { useState } from 'react';
import { RENT_TYPE_LABELS, RENT_TYPES, UTILITIES, UTILITIES_LABELS } from '../../../shared/options';
import { useScriptsReady } from '../../shell/scripts-ready';
import { Field } from '../../ui/Field';
import { ChoiceSelect, type FormKit } from './form-kit';
import styles from './PostingForm.module.css';

/**
 * Off campus: the rent (written '$1200' until focused, its digits in the form's `monthlyRent`),
 * its type, utilities and the dates.
 */
export function RentFieldset({
  kit,
  rent,
  onRent,
  className = '',
}: {
  kit: FormKit;
  /** The rent's digits: the form's own (switching location clears them). */
  rent: string;
  onRent: (rent: string) => void;
  className?: string;
}) {
  const { fid, err, controlAria, controlProps } = kit;
  const [rentFocused, setRentFocused] = useState(false);
  const scriptsReady = useScriptsReady();
  return (
    <fieldset className={`${styles.fieldset} ${className}`}>
      <legend className={styles.legend}>Rent and dates</legend>
      <div className={styles.grid}>
        <Field id={fid('monthlyRent')} label="Monthly rent" error={err('monthlyRent')} hint="Whole dollars">
          <input
            inputMode="numeric"
            {...controlAria('monthlyRent', true)}
            value={rentFocused || !rent ? rent : `$${rent}`}
            onFocus={() => setRentFocused(true)}
            onBlur={() => setRentFocused(false)}
            onChange={(event) => onRent(event.target.value.replace(/\D/g, ''))}
            // Posted as typed before the scripts (the server reads '$1,200' as 1200).
            name={scriptsReady ? undefined : 'monthlyRent'}
          />
          {/* What the form reads once the scripts have it: the digits, whatever the field shows. */}
          <input type="hidden" name="monthlyRent" value={rent} disabled={!scriptsReady} />
        </Field>
        <Field id={fid('rentType')} label="Rent type" error={err('rentType')}>
          <ChoiceSelect
            placeholder="Select total or per person"
            choices={RENT_TYPES}
            labels={RENT_TYPE_LABELS}
            {...controlProps('rentType')}
          />
        </Field>
        <Field id={fid('utilities')} label="Utilities" error={err('utilities')}>
          <ChoiceSelect
            placeholder="Not specified"
            choices={UTILITIES}
            labels={UTILITIES_LABELS}
            {...controlProps('utilities')}
          />
        </Field>
        <div className={styles.dates}>
          <Field id={fid('rentStart')} label="Start date" error={err('rentStart')} required>
            <input type="date" {...controlProps('rentStart')} />
          </Field>
          <Field id={fid('rentEnd')} label="End date" error={err('rentEnd')} required>
            <input type="date" {...controlProps('rentEnd')} />
          </Field>
        </div>
      </div>
    </fieldset>
  );
}
