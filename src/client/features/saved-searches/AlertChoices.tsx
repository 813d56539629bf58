import { ALERT_FREQUENCIES, ALERT_FREQUENCY_LABELS, type AlertFrequency } from '../../../shared/saved-searches';
import styles from './SavedSearches.module.css';

const ALERT_HINTS: Record<AlertFrequency, string> = {
  immediately: 'an e-mail as soon as a matching posting is listed',
  daily: 'one e-mail a day with every new match',
  off: 'no e-mail',
};

/** The alert setting as a group of radio buttons named `alert` (the save dialog and the edit dialog). */
export function AlertChoices({ initial }: { initial: AlertFrequency }) {
  return (
    <fieldset className={styles.choices}>
      <legend>E-mail alerts for new matches</legend>
      {ALERT_FREQUENCIES.map((frequency) => (
        <label key={frequency} className={styles.choice}>
          <input type="radio" name="alert" value={frequency} defaultChecked={initial === frequency} />
          <span>
            {ALERT_FREQUENCY_LABELS[frequency]} <span className={styles.hint}>({ALERT_HINTS[frequency]})</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
