import { type FilterField, fieldsFor } from '../../../shared/schemas/filter-params';
import type { SearchFilters } from '../../../shared/schemas/filters';
import { chipText } from '../../common/posting-text';
import { useCollege } from '../../shell/config-context';
import styles from './FilterChips.module.css';

/** The active filters as chips; each chip's button removes its filter. Nothing when none is active. */
export function FilterChips({
  filters,
  onChange,
}: {
  filters: SearchFilters;
  onChange: (next: SearchFilters) => void;
}) {
  const config = useCollege();
  const active = fieldsFor(filters.location)
    .filter((field) => filters[field] !== undefined)
    .map((field) => ({ field, text: chipText(config, field, filters) }))
    .filter((chip): chip is { field: FilterField; text: string } => chip.text !== null);
  if (active.length === 0) return null;
  return (
    <ul className={styles.chips} aria-label="Active filters">
      {active.map(({ field, text }) => (
        <li key={field}>
          <button
            type="button"
            className={styles.chip}
            aria-label={`Remove filter: ${text}`}
            onClick={() => onChange({ ...filters, [field]: undefined })}
          >
            <span>{text}</span>
            <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
              <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </li>
      ))}
    </ul>
  );
}
