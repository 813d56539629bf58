import { lazy, Suspense, useEffect, useState } from 'react';
import type { PinPickerMapProps } from './PinPickerMap';

const PinPickerMap = lazy(() => import('./PinPickerMap'));

/**
 * The pin picker's map, fetched only in the browser once the editor is on screen: the server
 * draws the editor without it (the fields place the pin), and no page loads MapLibre at first.
 */
export function LazyPinPickerMap(props: PinPickerMapProps) {
  const [inBrowser, setInBrowser] = useState(false);
  useEffect(() => setInBrowser(true), []);
  if (!inBrowser) return null;
  return (
    <Suspense fallback={null}>
      <PinPickerMap {...props} />
    </Suspense>
  );
}
