import { useId } from 'react';
import { ALERT_FREQUENCIES, ALERT_FREQUENCY_LABELS, type AlertFrequency } from '../../../shared/saved-searches';
import styles from './SavedSearches.module.css';

const ALERT_HINTS: Record<AlertFrequency, string> = {
  immediately: 'an e-mail as soon as a matching posting is listed',
  daily: 'one e-mail a day with every new match',
  off: 'no e-mail',
};

/** The alert setting as a group of radio buttons (the save dialog and the edit dialog). */
export function AlertChoices({ value, onChange }: { value: AlertFrequency; onChange: (next: AlertFrequency) => void }) {
  const name = useId();
  return (
    <fieldset className={styles.choices}>
      <legend>E-mail alerts for new matches</legend>
      {ALERT_FREQUENCIES.map((frequency) => (
        <label key={frequency} className={styles.choice}>
          <input
            type="radio"
            name={name}
            value={frequency}
            checked={value === frequency}
            onChange={() => onChange(frequency)}
          />
          <span>
            {ALERT_FREQUENCY_LABELS[frequency]} <span className={styles.hint}>({ALERT_HINTS[frequency]})</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
