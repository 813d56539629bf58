import { type FormEvent, useId } from 'react';
import { messages } from '../../../shared/messages';
import {
  ACADEMIC_YEAR_LABELS,
  CLASS_YEAR_FILTER_ORDER,
  GENDER_LABELS,
  GENDERS,
  GROUP_SIZE_OPTIONS,
  housingAimOptions,
} from '../../../shared/options';
import {
  MAX_RENT_FILTER,
  normaliseFilters,
  SUBLET_CHOICES,
  SUBLET_LABELS,
} from '../../../shared/schemas/filter-params';
import type { SearchFilters } from '../../../shared/schemas/filters';
import { useCollege } from '../../shell/config-context';
import buttonStyles from '../../ui/Button.module.css';
import { Field } from '../../ui/Field';
import fieldStyles from '../../ui/FormField.module.css';
import styles from './FilterBar.module.css';

// The filters' schema (and zod) arrive after the first paint: the bar draws without them, and
// they are here long before a hand reaches a field. A change made sooner waits for them.
type FiltersSchema = typeof import('../../../shared/schemas/filters')['searchFiltersSchema'];
let loadedSchema: FiltersSchema | undefined;
const schemaLoading = import('../../../shared/schemas/filters').then(
  ({ searchFiltersSchema }) => (loadedSchema = searchFiltersSchema),
);

interface SelectProps {
  label: string;
  value: string | number | undefined;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}

function Select({ label, value, options, onChange }: SelectProps) {
  const id = useId();
  return (
    <Field id={id} label={label}>
      <select
        id={id}
        className={fieldStyles.control}
        value={value === undefined ? '' : String(value)}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">Any</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/**
 * The search form of docs/product-spec.md section 2, for the location of `filters`. Every field may be left
 * blank. The Search button appears only where a search is not already live (off /postings).
 */
export function FilterBar({
  filters,
  onChange,
  onReset,
  onSearch,
}: {
  filters: SearchFilters;
  onChange: (next: SearchFilters) => void;
  onReset: () => void;
  onSearch?: () => void;
}) {
  const config = useCollege();
  const rentId = useId();
  const moveInId = useId();
  const moveOutId = useId();
  const hintId = useId();
  const set = (key: keyof SearchFilters, raw: string) => {
    const candidate: Record<string, unknown> = { ...filters, [key]: raw === '' ? undefined : raw };
    // Housing aim must stay above the group size: a smaller group size keeps it, a larger one clears it.
    if (key === 'groupSize' && candidate.housingAim !== undefined && Number(candidate.housingAim) <= Number(raw)) {
      candidate.housingAim = undefined;
    }
    const apply = (schema: FiltersSchema) => {
      const parsed = schema.safeParse(candidate);
      if (parsed.success) onChange(normaliseFilters(parsed.data));
    };
    if (loadedSchema) apply(loadedSchema);
    else void schemaLoading.then(apply);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch?.();
  };
  const onCampus = filters.location === 'oncampus';
  const sizeOptions = GROUP_SIZE_OPTIONS.map((n) => ({ value: String(n), label: String(n) }));
  const aimOptions = housingAimOptions(filters.groupSize).map((n) => ({ value: String(n), label: `${n}-man housing` }));
  const genderOptions = GENDERS.map((g) => ({ value: g, label: GENDER_LABELS[g] }));
  const yearOptions = CLASS_YEAR_FILTER_ORDER.map((y) => ({ value: y, label: ACADEMIC_YEAR_LABELS[y] }));
  const subletOptions = SUBLET_CHOICES.map((s) => ({ value: s, label: SUBLET_LABELS[s] }));

  return (
    <form className={styles.bar} onSubmit={submit} aria-describedby={hintId} aria-label="Search filters">
      <div className={styles.fields}>
        <Select
          label="Current Group Size"
          value={filters.groupSize}
          options={sizeOptions}
          onChange={(v) => set('groupSize', v)}
        />
        <Select
          label="Housing Aim"
          value={filters.housingAim}
          options={aimOptions}
          onChange={(v) => set('housingAim', v)}
        />
        {onCampus ? (
          <Select
            label="Preferred Dorm"
            value={filters.dorm}
            options={config.dorms.map((d) => ({ value: d.key, label: d.label }))}
            onChange={(v) => set('dorm', v)}
          />
        ) : (
          <>
            <Field id={rentId} label="Max Rent per Person ($/month)">
              <input
                id={rentId}
                className={fieldStyles.control}
                type="number"
                inputMode="numeric"
                min={1}
                max={MAX_RENT_FILTER}
                step={50}
                value={filters.maxRent ?? ''}
                onChange={(event) => set('maxRent', event.target.value)}
              />
            </Field>
            <Field id={moveInId} label="Move-in">
              <input
                id={moveInId}
                className={fieldStyles.control}
                type="date"
                value={filters.moveIn ?? ''}
                max={filters.moveOut}
                onChange={(event) => set('moveIn', event.target.value)}
              />
            </Field>
            <Field id={moveOutId} label="Move-out">
              <input
                id={moveOutId}
                className={fieldStyles.control}
                type="date"
                value={filters.moveOut ?? ''}
                min={filters.moveIn}
                onChange={(event) => set('moveOut', event.target.value)}
              />
            </Field>
          </>
        )}
        <Select label="Gender" value={filters.gender} options={genderOptions} onChange={(v) => set('gender', v)} />
        <Select
          label="Rising..."
          value={filters.classYear}
          options={yearOptions}
          onChange={(v) => set('classYear', v)}
        />
        <Select
          label="Sublets Only"
          value={filters.sublet}
          options={subletOptions}
          onChange={(v) => set('sublet', v)}
        />
      </div>
      <div className={styles.buttons}>
        {onSearch ? (
          <button type="submit" className={buttonStyles.button}>
            Search
          </button>
        ) : null}
        <button type="button" className={`${buttonStyles.button} ${buttonStyles.secondary}`} onClick={onReset}>
          Reset
        </button>
      </div>
      <p id={hintId} className={styles.hint}>
        {messages.postings.filterHint}
      </p>
    </form>
  );
}
