import { lazy, Suspense } from 'react';
import type { MapViewProps } from './MapView';

const MapView = lazy(() => import('./MapView'));

/**
 * The map view, its code fetched when the map is first opened (the page's first load stays as it
 * was); MapView then fetches MapLibre itself and says so while it loads. Shown only in the
 * browser, after a click.
 */
export function LazyMapView(props: MapViewProps) {
  return (
    <Suspense fallback={null}>
      <MapView {...props} />
    </Suspense>
  );
}
