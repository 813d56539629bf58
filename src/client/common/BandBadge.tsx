import { BAND_LABELS, type Band } from '../../shared/lifestyle-bands';
import styles from './BandBadge.module.css';

const BAND_CLASS: Record<Band, string | undefined> = {
  great: styles.great,
  good: styles.good,
  some: styles.some,
  big: styles.big,
};

/** A lifestyle fit as its band's words, never a percentage. */
export function BandBadge({ band, prefix = 'Lifestyle fit: ' }: { band: Band; prefix?: string }) {
  return (
    <span className={`${styles.band} ${BAND_CLASS[band] ?? ''}`}>
      {prefix ? <span className="visually-hidden">{prefix}</span> : null}
      {BAND_LABELS[band]}
    </span>
  );
}
