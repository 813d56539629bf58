import { type FormEvent, useId } from 'react';
import { Link } from 'react-router';
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
  filtersToParams,
  MAX_RENT_FILTER,
  normaliseFilters,
  SUBLET_CHOICES,
  SUBLET_LABELS,
  WALK_MINUTES_CHOICES,
} from '../../../shared/schemas/filter-params';
import type { SearchFilters } from '../../../shared/schemas/filters';
import { useCollege } from '../../shell/config-context';
import { useScriptsReady } from '../../shell/scripts-ready';
import { useTypedBeforeScripts } from '../../shell/typed-before-scripts';
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
  /** The filter's name in the address (the form's field name, when sent without the scripts). */
  name: keyof SearchFilters;
  value: string | number | undefined;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}

function Select({ label, name, value, options, onChange }: SelectProps) {
  const id = useId();
  return (
    <Field id={id} label={label}>
      <select
        id={id}
        name={name}
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

/** The filters this form has fields for; the others travel with it as hidden fields. */
const FIELDS_HERE = new Set<string>([
  'groupSize',
  'housingAim',
  'dorm',
  'maxRent',
  'moveIn',
  'moveOut',
  'gender',
  'classYear',
  'sublet',
  'walkMinutes',
  'walkPlace',
]);

/**
 * The search form of docs/product-spec.md section 2, for the location of `filters`. Every field may be left
 * blank. The Search button appears only where a search is not already live (off /postings).
 *
 * It is a plain GET form to /postings too (issue 31): before the scripts have taken the page over,
 * or with JavaScript off, its Search button (shown then on /postings as well) opens the results
 * for the chosen filters, drawn by the server; a choice made before the scripts arrive is applied
 * when they do. `resetTo`: Reset as a link to that address (the search's own page).
 */
export function FilterBar({
  filters,
  onChange,
  onReset,
  onSearch,
  resetTo,
}: {
  filters: SearchFilters;
  onChange: (next: SearchFilters) => void;
  onReset: () => void;
  onSearch?: () => void;
  resetTo?: string;
}) {
  const config = useCollege();
  const rentId = useId();
  const moveInId = useId();
  const moveOutId = useId();
  const hintId = useId();
  const formId = useId();
  const scriptsReady = useScriptsReady();
  useTypedBeforeScripts(formId);
  const set = (key: keyof SearchFilters, raw: string) => {
    const candidate: Record<string, unknown> = { ...filters, [key]: raw === '' ? undefined : raw };
    // Housing aim must stay above the group size: a smaller group size keeps it, a larger one clears it.
    if (key === 'groupSize' && candidate.housingAim !== undefined && Number(candidate.housingAim) <= Number(raw)) {
      candidate.housingAim = undefined;
    }
    // "Within N minutes' walk of <place>": minutes chosen first walk to the first place; no place, no minutes.
    if (key === 'walkMinutes' && raw !== '' && candidate.walkPlace === undefined) {
      candidate.walkPlace = config.campusPlaces[0]?.key;
    }
    if (key === 'walkPlace' && raw === '') candidate.walkMinutes = undefined;
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
  const walkOptions = WALK_MINUTES_CHOICES.map((n) => ({ value: String(n), label: `Within ${n} minutes` }));
  const placeOptions = config.campusPlaces.map((place) => ({ value: place.key, label: place.name }));

  return (
    <form
      id={formId}
      className={styles.bar}
      method="get"
      action="/postings"
      onSubmit={submit}
      aria-describedby={hintId}
      aria-label="Search filters"
    >
      {[...filtersToParams(filters)]
        .filter(([name]) => !FIELDS_HERE.has(name))
        .map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
      <div className={styles.fields}>
        <Select
          label="Current Group Size"
          name="groupSize"
          value={filters.groupSize}
          options={sizeOptions}
          onChange={(v) => set('groupSize', v)}
        />
        <Select
          label="Housing Aim"
          name="housingAim"
          value={filters.housingAim}
          options={aimOptions}
          onChange={(v) => set('housingAim', v)}
        />
        {onCampus ? (
          <Select
            label="Preferred Dorm"
            name="dorm"
            value={filters.dorm}
            options={config.dorms.map((d) => ({ value: d.key, label: d.label }))}
            onChange={(v) => set('dorm', v)}
          />
        ) : (
          <>
            <Field id={rentId} label="Max Rent per Person ($/month)">
              <input
                id={rentId}
                name="maxRent"
                className={fieldStyles.control}
                type="number"
                inputMode="numeric"
                // The steps count from min: with min 1 a browser sending the form itself (before
                // the scripts) refused $1,200 as not a step, and searched nothing.
                min={50}
                max={MAX_RENT_FILTER}
                step={50}
                value={filters.maxRent ?? ''}
                onChange={(event) => set('maxRent', event.target.value)}
              />
            </Field>
            <Field id={moveInId} label="Move-in">
              <input
                id={moveInId}
                name="moveIn"
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
                name="moveOut"
                className={fieldStyles.control}
                type="date"
                value={filters.moveOut ?? ''}
                min={filters.moveIn}
                onChange={(event) => set('moveOut', event.target.value)}
              />
            </Field>
            {placeOptions.length > 0 ? (
              <>
                <Select
                  label="Walking distance"
                  name="walkMinutes"
                  value={filters.walkMinutes}
                  options={walkOptions}
                  onChange={(v) => set('walkMinutes', v)}
                />
                <Select
                  label="Walk to"
                  name="walkPlace"
                  value={filters.walkPlace}
                  options={placeOptions}
                  onChange={(v) => set('walkPlace', v)}
                />
              </>
            ) : null}
          </>
        )}
        <Select
          label="Gender"
          name="gender"
          value={filters.gender}
          options={genderOptions}
          onChange={(v) => set('gender', v)}
        />
        <Select
          label="Rising..."
          name="classYear"
          value={filters.classYear}
          options={yearOptions}
          onChange={(v) => set('classYear', v)}
        />
        <Select
          label="Sublets Only"
          name="sublet"
          value={filters.sublet}
          options={subletOptions}
          onChange={(v) => set('sublet', v)}
        />
      </div>
      <div className={styles.buttons}>
        {onSearch || !scriptsReady ? (
          <button type="submit" className={buttonStyles.button}>
            Search
          </button>
        ) : null}
        {resetTo ? (
          <Link
            className={`${buttonStyles.button} ${buttonStyles.secondary}`}
            to={resetTo}
            onClick={(event) => {
              event.preventDefault();
              onReset();
            }}
          >
            Reset
          </Link>
        ) : (
          <button type="button" className={`${buttonStyles.button} ${buttonStyles.secondary}`} onClick={onReset}>
            Reset
          </button>
        )}
      </div>
      <p id={hintId} className={styles.hint}>
        {messages.postings.filterHint}
      </p>
    </form>
  );
}
