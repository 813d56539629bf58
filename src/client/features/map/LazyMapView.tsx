import { lazy, Suspense } from 'react';
import type { MapViewProps } from './MapView';
import { mapMessages } from './map-messages';

const MapView = lazy(() => import('./MapView'));

/**
 * The map view, its code fetched when the map is first opened (the page's first load stays as it
 * was); MapView then fetches MapLibre itself. Shown only in the browser, after a click.
 */
export function LazyMapView(props: MapViewProps) {
  return (
    <Suspense
      fallback={
        <p role="status" className="visually-hidden">
          {mapMessages.loading}
        </p>
      }
    >
      <MapView {...props} />
    </Suspense>
  );
}
