import { lazy, Suspense } from 'react';
import type { PinPickerMapProps } from './PinPickerMap';

const PinPickerMap = lazy(() => import('./PinPickerMap'));

/**
 * The pin picker's map, its code fetched when the editor's "Place on a map" is pressed (never with
 * the page); PinPickerMap then fetches MapLibre itself.
 */
export function LazyPinPickerMap(props: PinPickerMapProps) {
  return (
    <Suspense fallback={null}>
      <PinPickerMap {...props} />
    </Suspense>
  );
}
