import { type KeyboardEvent, useRef } from 'react';
import type { ListingLocation } from '../../../shared/options';

const LOCATIONS: ListingLocation[] = ['oncampus', 'offcampus'];

/**
 * The On Campus / Off Campus choice as WAI-ARIA tabs: arrow keys, Home and End move between the
 * tabs and select them; the tab panel (`panelId`) is what the choice controls.
 */
export function LocationTabs({
  value,
  onChange,
  panelId,
  label,
  labels = { oncampus: 'On Campus', offcampus: 'Off Campus' },
}: {
  value: ListingLocation;
  onChange: (location: ListingLocation) => void;
  panelId: string;
  label: string;
  labels?: Record<ListingLocation, string>;
}) {
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = LOCATIONS.indexOf(value);
    let next: ListingLocation | undefined;
    if (event.key === 'ArrowRight' || event.key === 'ArrowDown') next = LOCATIONS[(index + 1) % LOCATIONS.length];
    else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') {
      next = LOCATIONS[(index - 1 + LOCATIONS.length) % LOCATIONS.length];
    } else if (event.key === 'Home') next = LOCATIONS[0];
    else if (event.key === 'End') next = LOCATIONS[LOCATIONS.length - 1];
    if (!next) return;
    event.preventDefault();
    onChange(next);
    refs.current[next]?.focus();
  };
  return (
    <div className="segmented" role="tablist" aria-label={label}>
      {LOCATIONS.map((location) => (
        <button
          key={location}
          ref={(node) => {
            refs.current[location] = node;
          }}
          type="button"
          role="tab"
          id={`${panelId}-tab-${location}`}
          aria-selected={value === location}
          aria-controls={panelId}
          tabIndex={value === location ? 0 : -1}
          className="segmented-option"
          onClick={() => onChange(location)}
          onKeyDown={onKeyDown}
        >
          {labels[location]}
        </button>
      ))}
    </div>
  );
}
