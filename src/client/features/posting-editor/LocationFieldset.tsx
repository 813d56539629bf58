import { LISTING_LOCATION_LABELS, LISTING_LOCATIONS } from '../../../shared/options';
import { useCollege } from '../../shell/config-context';
import { Field } from '../../ui/Field';
import type { FormKit } from './form-kit';
import type { PostingFormValues } from './form-values';
import styles from './PostingForm.module.css';

type ListingLocation = PostingFormValues['listingLocation'];

/** On or off campus, and the dorm or the address that goes with it. */
export function LocationFieldset({
  kit,
  onSwitch,
}: {
  kit: FormKit;
  /** Switching location clears the other location's fields (the form does it). */
  onSwitch: (next: ListingLocation) => void;
}) {
  const college = useCollege();
  const { err, fid, controlProps } = kit;
  const drawn = controlProps('listingLocation').defaultValue;
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>Location</legend>
      <div className={`segmented ${styles.locationChoice}`}>
        {LISTING_LOCATIONS.map((value) => (
          <label key={value} className="segmented-option">
            <input
              className="segmented-input"
              type="radio"
              name="listingLocation"
              value={value}
              defaultChecked={drawn === value}
              onChange={() => onSwitch(value)}
            />
            <span>{LISTING_LOCATION_LABELS[value]}</span>
          </label>
        ))}
      </div>
      {/* Both drawn; the stylesheet shows the checked radio's (issue 31): before the scripts have
          taken the page over, a choice already shows its own fields. */}
      <div className={styles.onCampusOnly}>
        <Field id={fid('dorm')} label="Dorm" error={err('dorm')} required>
          <select {...controlProps('dorm')}>
            <option value="">Select a dorm</option>
            {college.dorms.map((dorm) => (
              <option key={dorm.key} value={dorm.key}>
                {dorm.label}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <div className={styles.offCampusOnly}>
        <Field id={fid('address')} label="Address" error={err('address')} required>
          <input autoComplete="street-address" {...controlProps('address')} />
        </Field>
      </div>
    </fieldset>
  );
}
