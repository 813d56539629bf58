import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { DEFAULT_MAP_ATTRIBUTION, DEFAULT_MAP_ZOOM } from '../../../shared/map-defaults';
import type { PublicConfig } from '../../../shared/schemas/college';
import { useCollege } from '../../shell/config-context';
import buttonStyles from '../../ui/Button.module.css';
import styles from './MapView.module.css';
import type { MapHandle, MapSetup } from './map-engine';
import { type MapUnavailable, mapMessages } from './map-messages';
import { markersFor, type PinnedCard } from './markers';
import { canDrawMaps, prefersReducedMotion } from './webgl';

type MapState = 'loading' | 'ready' | MapUnavailable;

/** The map the college config describes, or null without a map section or tiles. */
export function mapSetup(config: PublicConfig): MapSetup | null {
  const { map } = config;
  if (!map?.tiles) return null;
  return {
    centre: map.centre,
    bounds: map.bounds,
    zoom: map.zoom ?? DEFAULT_MAP_ZOOM,
    tiles: map.tiles,
    campusPlaces: config.campusPlaces,
    shuttleStops: config.shuttleStops,
  };
}

/** What the map credits (its tiles' sources), shown under it. */
export const mapAttribution = (config: PublicConfig) => config.map?.attribution ?? DEFAULT_MAP_ATTRIBUTION;

/**
 * Opens the map in `container`: its code is fetched now, the first time a map is shown. Answers
 * why not when it cannot be drawn (no tiles, no WebGL, or MapLibre refusing the context).
 */
export function useMap(
  config: PublicConfig,
  open: (engine: typeof import('./map-engine'), setup: MapSetup) => MapHandle,
): { state: MapState; handle: MapHandle | null } {
  const [state, setState] = useState<MapState>('loading');
  const [handle, setHandle] = useState<MapHandle | null>(null);
  const openRef = useRef(open);
  openRef.current = open;
  const setup = mapSetup(config);
  const tiles = setup?.tiles;
  const setupRef = useRef(setup);
  setupRef.current = setup;
  useEffect(() => {
    const current = setupRef.current;
    if (!tiles || !current) return setState('noTiles');
    if (!canDrawMaps()) return setState('noWebGl');
    let made: MapHandle | null = null;
    let cancelled = false;
    import('./map-engine').then(
      (engine) => {
        if (cancelled) return;
        try {
          made = openRef.current(engine, current);
          setHandle(made);
          setState('ready');
        } catch {
          setState('failed');
        }
      },
      () => !cancelled && setState('failed'),
    );
    return () => {
      cancelled = true;
      made?.destroy();
      setHandle(null);
    };
  }, [tiles]);
  return { state, handle };
}

/** The zoom and pan buttons: the map moved without dragging (WCAG 2.2, 2.5.7). */
export function MapControls({ handle, label }: { handle: MapHandle | null; label: string }) {
  const button = `${buttonStyles.button} ${buttonStyles.secondary}`;
  const controls: [string, () => void][] = [
    ['Zoom in', () => handle?.zoomBy(1)],
    ['Zoom out', () => handle?.zoomBy(-1)],
    ['Pan north', () => handle?.panBy([0, -1])],
    ['Pan west', () => handle?.panBy([-1, 0])],
    ['Pan east', () => handle?.panBy([1, 0])],
    ['Pan south', () => handle?.panBy([0, 1])],
  ];
  return (
    <fieldset className={styles.controls}>
      <legend className="visually-hidden">{label}</legend>
      {controls.map(([text, act]) => (
        <button key={text} type="button" className={button} onClick={act} disabled={!handle}>
          {text}
        </button>
      ))}
    </fieldset>
  );
}

export interface MapViewProps {
  /** The list's cards, in its order: those with a pin are the map's markers. */
  cards: PinnedCard[];
  highlightedId: string | null;
  onMarkerFocus: (id: string) => void;
  onMarkerActivate: (id: string) => void;
}

/** The Off-Campus results on a map, beside the list (issue 33). */
export default function MapView({ cards, highlightedId, onMarkerFocus, onMarkerActivate }: MapViewProps) {
  const config = useCollege();
  const { markers, unpinned } = useMemo(() => markersFor(cards), [cards]);
  const headingId = useId();
  const container = useRef<HTMLDivElement | null>(null);
  const focusRef = useRef(onMarkerFocus);
  focusRef.current = onMarkerFocus;
  const activateRef = useRef(onMarkerActivate);
  activateRef.current = onMarkerActivate;
  const [broken, setBroken] = useState(false);
  const { state, handle } = useMap(config, (engine, setup) => {
    if (!container.current) throw new Error('The map has no place to draw in.');
    return engine.createMap({
      container: container.current,
      map: setup,
      colours: { primary: config.theme.primary, accent: config.theme.accent },
      reducedMotion: prefersReducedMotion(),
      onMarkerFocus: (id) => focusRef.current(id),
      onMarkerActivate: (id) => activateRef.current(id),
      onFailure: () => setBroken(true),
    });
  });
  useEffect(() => handle?.setMarkers(markers), [handle, markers]);
  useEffect(() => handle?.highlight(highlightedId), [handle, highlightedId]);

  const shown: MapState = broken ? 'failed' : state;
  const why = shown === 'ready' || shown === 'loading' ? null : `${mapMessages[shown]} ${mapMessages.listInstead}`;
  return (
    <section className={styles.view} aria-labelledby={headingId}>
      <h2 id={headingId} className="visually-hidden">
        Map of the results
      </h2>
      {why ? (
        <p role="status" className={styles.status}>
          {why}
        </p>
      ) : (
        <>
          <MapControls handle={handle} label="Move the map" />
          <p role="status" className="visually-hidden">
            {shown === 'loading' ? mapMessages.loading : ''}
          </p>
          <div ref={container} className={styles.canvas} />
          <p className={styles.legend}>
            <span className={styles.campus}>Campus</span>
            <span className={styles.stop}>Shuttle stop</span>
            <span className={styles.area}>Approximate area of a posting</span>
          </p>
          {unpinned > 0 ? (
            <p className={styles.note}>
              {unpinned === 1 ? '1 posting has' : `${unpinned} postings have`} no place on the map yet.
            </p>
          ) : null}
          <p className={styles.attribution}>{mapAttribution(config)}</p>
        </>
      )}
    </section>
  );
}
