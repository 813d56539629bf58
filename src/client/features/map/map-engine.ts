/**
 * The map itself: MapLibre GL drawing vector tiles read from the server's PMTiles archive. This
 * module and everything it imports (about 200 KB compressed) load only when a map is opened
 * (`import('./map-engine')`): never part of a page's first load (scripts/check-budget.mjs).
 */
import type { FeatureCollection, Point, Polygon } from 'geojson';
import { addProtocol, type GeoJSONSource, Map as MapLibreMap, Marker, setWorkerUrl } from 'maplibre-gl';
// MapLibre's stylesheet as a file of its own, linked when a map opens: in the build's one
// stylesheet (cssCodeSplit off) it would add 8 KB to every page's first load.
import stylesheetUrl from 'maplibre-gl/dist/maplibre-gl.css?url';
// The worker as a file of this site: a worker made from a blob would need `worker-src blob:`.
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { Protocol } from 'pmtiles';
import styles from './MapView.module.css';
import { circlePolygon } from './map-shapes';
import { buildMapStyle, MAP_SOURCES, type MapColours } from './map-style';

setWorkerUrl(workerUrl);
if (!document.querySelector(`link[href="${stylesheetUrl}"]`)) {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = stylesheetUrl;
  document.head.append(link);
}
addProtocol('pmtiles', new Protocol().tile);

/** What a marker stands for: a posting's pin, exact or the centre of its approximate area. */
export interface MapMarker {
  id: string;
  latitude: number;
  longitude: number;
  /** The approximate area's radius, or null for an exact pin. */
  radiusMeters: number | null;
  /** What the marker's button says (a card's words). */
  label: string;
}

export interface MapHandle {
  setMarkers(markers: MapMarker[]): void;
  /** Marks one marker as the one in view (or none), centring the map on it. */
  highlight(id: string | null): void;
  zoomBy(delta: number): void;
  /** Pans by a fraction of the map's width/height: [1, 0] is a width to the east. */
  panBy(fraction: [number, number]): void;
  /** The pin picker's one draggable pin. */
  setPin(longitude: number, latitude: number): void;
  destroy(): void;
}

/** A named point drawn on the map: a campus place or a shuttle stop. */
export interface MapPoint {
  name: string;
  latitude: number;
  longitude: number;
}

/** What the map shows, from the college config. */
export interface MapSetup {
  centre: [number, number];
  bounds: [[number, number], [number, number]];
  zoom: number;
  /** The tiles' same-origin address. */
  tiles: string;
  campusPlaces: MapPoint[];
  shuttleStops: MapPoint[];
}

export interface MapOptions {
  container: HTMLElement;
  map: MapSetup;
  colours: MapColours;
  /** Motion is cut to none when the visitor asks for less of it. */
  reducedMotion: boolean;
  onMarkerFocus?: (id: string) => void;
  onMarkerActivate?: (id: string) => void;
  /**
   * For the pin picker: a pin placed by a click, or dragged, at [longitude, latitude]. Its map is
   * then out of the keyboard's way (the fields beside it place the pin), nothing in it focusable.
   */
  onPinMove?: (longitude: number, latitude: number) => void;
  /** The map could not draw (WebGL lost or refused on creation): the caller shows the list alone. */
  onFailure: () => void;
}

const emptyCollection = (): FeatureCollection => ({ type: 'FeatureCollection', features: [] });

export function createMap(options: MapOptions): MapHandle {
  const { container, map: config, reducedMotion } = options;
  const [[west, south], [east, north]] = config.bounds;
  const map = new MapLibreMap({
    container,
    style: buildMapStyle(config.tiles, window.location.origin, options.colours),
    center: config.centre,
    zoom: config.zoom,
    minZoom: 11,
    maxZoom: 18,
    maxBounds: [
      [west, south],
      [east, north],
    ],
    // The attribution is the view's own line of text (MapView.tsx); MapLibre's logo links out.
    attributionControl: false,
    maplibreLogo: false,
    fadeDuration: reducedMotion ? 0 : 300,
    dragRotate: false,
    pitchWithRotate: false,
    touchPitch: false,
  });
  map.touchZoomRotate.disableRotation();
  map.keyboard.disableRotation();
  map.on('webglcontextlost', () => options.onFailure());

  const points: FeatureCollection<Point> = {
    type: 'FeatureCollection',
    features: [
      ...config.campusPlaces.map((place) => ({
        type: 'Feature' as const,
        properties: { kind: 'campus', name: place.name },
        geometry: { type: 'Point' as const, coordinates: [place.longitude, place.latitude] },
      })),
      ...config.shuttleStops.map((stop) => ({
        type: 'Feature' as const,
        properties: { kind: 'stop', name: stop.name },
        geometry: { type: 'Point' as const, coordinates: [stop.longitude, stop.latitude] },
      })),
    ],
  };
  let areas: FeatureCollection<Polygon> = { type: 'FeatureCollection', features: [] };
  const source = (id: string) => map.getSource<GeoJSONSource>(id);
  const whenStyled = (draw: () => void) => (map.isStyleLoaded() ? draw() : map.once('load', draw));
  whenStyled(() => {
    source(MAP_SOURCES.points)?.setData(points);
    source(MAP_SOURCES.areas)?.setData(areas);
  });

  const markers = new Map<string, { marker: Marker; at: [number, number] }>();
  let pin: Marker | null = null;
  // The first markers set bring the map to them; after that it moves only when asked to.
  let framed = false;
  const move = (at: [number, number]) =>
    reducedMotion ? map.jumpTo({ center: at }) : map.easeTo({ center: at, duration: 400 });

  if (options.onPinMove) {
    const onPinMove = options.onPinMove;
    map.on('click', (event) => onPinMove(event.lngLat.lng, event.lngLat.lat));
    map.getCanvas().tabIndex = -1;
  }

  return {
    setMarkers(next) {
      for (const { marker } of markers.values()) marker.remove();
      markers.clear();
      // In list order: the Tab key meets the markers in the order of the cards.
      for (const item of next) {
        const button = document.createElement('button');
        button.type = 'button';
        button.className = styles.marker ?? '';
        button.setAttribute('aria-label', item.label);
        button.dataset.postingId = item.id;
        button.addEventListener('focus', () => options.onMarkerFocus?.(item.id));
        button.addEventListener('click', () => options.onMarkerActivate?.(item.id));
        const at: [number, number] = [item.longitude, item.latitude];
        const marker = new Marker({ element: button, anchor: 'bottom' }).setLngLat(at).addTo(map);
        markers.set(item.id, { marker, at });
      }
      areas = {
        type: 'FeatureCollection',
        features: next
          .filter((item) => item.radiusMeters !== null)
          .map((item) => circlePolygon(item.longitude, item.latitude, item.radiusMeters ?? 0)),
      };
      whenStyled(() => source(MAP_SOURCES.areas)?.setData(areas ?? emptyCollection()));
      if (!framed && next.length > 0) {
        framed = true;
        const lngs = next.map((item) => item.longitude);
        const lats = next.map((item) => item.latitude);
        map.fitBounds(
          [
            [Math.min(...lngs), Math.min(...lats)],
            [Math.max(...lngs), Math.max(...lats)],
          ],
          { padding: 64, maxZoom: config.zoom + 1, animate: false },
        );
      }
    },
    highlight(id) {
      for (const [key, { marker }] of markers) {
        const element = marker.getElement();
        if (key === id) {
          element.dataset.highlighted = 'true';
          element.setAttribute('aria-current', 'true');
        } else {
          delete element.dataset.highlighted;
          element.removeAttribute('aria-current');
        }
      }
      const found = id ? markers.get(id) : undefined;
      if (found) move(found.at);
    },
    zoomBy(delta) {
      if (delta > 0) map.zoomIn({ animate: !reducedMotion });
      else map.zoomOut({ animate: !reducedMotion });
    },
    panBy([x, y]) {
      const canvas = map.getCanvas();
      map.panBy([x * canvas.clientWidth * 0.4, y * canvas.clientHeight * 0.4], { animate: !reducedMotion });
    },
    setPin(longitude, latitude) {
      if (!pin) {
        pin = new Marker({ color: options.colours.primary, draggable: true }).setLngLat([longitude, latitude]);
        pin.getElement().setAttribute('aria-hidden', 'true');
        pin.getElement().tabIndex = -1;
        pin.on('dragend', () => {
          const at = pin?.getLngLat();
          if (at) options.onPinMove?.(at.lng, at.lat);
        });
        pin.addTo(map);
      } else pin.setLngLat([longitude, latitude]);
      const bounds = map.getBounds();
      if (!bounds.contains([longitude, latitude])) move([longitude, latitude]);
    },
    destroy() {
      map.remove();
    },
  };
}
