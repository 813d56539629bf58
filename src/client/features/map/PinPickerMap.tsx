import { useEffect, useRef } from 'react';
import { useCollege } from '../../shell/config-context';
import { MapControls, mapAttribution, useMap } from './MapView';
import styles from './MapView.module.css';
import { mapMessages } from './map-messages';
import { prefersReducedMotion } from './webgl';

export interface PinPickerMapProps {
  latitude: number;
  longitude: number;
  /** A new place for the pin, from a click on the map or the pin dragged there. */
  onMove: (latitude: number, longitude: number) => void;
}

/**
 * The posting editor's map: a click, or dragging the pin, places it. The same pin is placed with
 * the keyboard by the latitude and longitude fields and their move buttons beside it (the
 * dragging alternative WCAG 2.2 asks for), so the map itself is hidden from assistive technology.
 */
export default function PinPickerMap({ latitude, longitude, onMove }: PinPickerMapProps) {
  const config = useCollege();
  const container = useRef<HTMLDivElement | null>(null);
  const moveRef = useRef(onMove);
  moveRef.current = onMove;
  const { state, handle } = useMap(config, (engine, setup) => {
    if (!container.current) throw new Error('The map has no place to draw in.');
    return engine.createMap({
      container: container.current,
      map: { ...setup, centre: [longitude, latitude] },
      colours: { primary: config.theme.primary, accent: config.theme.accent },
      reducedMotion: prefersReducedMotion(),
      onPinMove: (lng, lat) => moveRef.current(lat, lng),
      onFailure: () => undefined,
    });
  });
  useEffect(() => handle?.setPin(longitude, latitude), [handle, latitude, longitude]);
  if (state !== 'ready' && state !== 'loading') {
    return (
      <p role="status" className={styles.status}>
        {`${mapMessages[state]} ${mapMessages.fieldsInstead}`}
      </p>
    );
  }
  return (
    <div className={styles.view}>
      <MapControls handle={handle} label="Move the pin's map" />
      <div ref={container} className={styles.picker} aria-hidden="true" />
      <p className={styles.attribution}>{mapAttribution(config)}</p>
    </div>
  );
}
