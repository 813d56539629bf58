import { type KeyboardEvent, type MouseEvent, useRef } from 'react';
import type { ListingLocation } from '../../../shared/options';

const LOCATIONS: ListingLocation[] = ['oncampus', 'offcampus'];

/**
 * The On Campus / Off Campus choice as WAI-ARIA tabs: arrow keys, Home and End move between the
 * tabs and select them; the tab panel (`panelId`) is what the choice controls. With `hrefFor`
 * each tab is a link to its location's address (issue 31): a tap before the scripts have taken
 * the page over, or without them, opens that address; once they have, the choice is made in place.
 */
export function LocationTabs({
  value,
  onChange,
  panelId,
  label,
  labels = { oncampus: 'On Campus', offcampus: 'Off Campus' },
  hrefFor,
}: {
  value: ListingLocation;
  onChange: (location: ListingLocation) => void;
  panelId: string;
  label: string;
  labels?: Record<ListingLocation, string>;
  hrefFor?: (location: ListingLocation) => string;
}) {
  const refs = useRef<Record<string, HTMLElement | null>>({});
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
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
      {LOCATIONS.map((location) => {
        const tab = {
          ref: (node: HTMLElement | null) => {
            refs.current[location] = node;
          },
          role: 'tab',
          id: `${panelId}-tab-${location}`,
          'aria-selected': value === location,
          'aria-controls': panelId,
          tabIndex: value === location ? 0 : -1,
          className: 'segmented-option',
          onKeyDown,
        } as const;
        return hrefFor ? (
          <a
            key={location}
            {...tab}
            href={hrefFor(location)}
            onClick={(event: MouseEvent) => {
              event.preventDefault();
              onChange(location);
            }}
          >
            {labels[location]}
          </a>
        ) : (
          <button key={location} {...tab} type="button" onClick={() => onChange(location)}>
            {labels[location]}
          </button>
        );
      })}
    </div>
  );
}
