import type { StyleSpecification } from 'maplibre-gl';

export interface MapColours {
  primary: string;
  accent: string;
}

/** Fixed map colours, chosen for contrast with the college's marker colours on any theme. */
const LAND = '#f3f1ec';
const PARK = '#d4e6c6';
const WATER = '#aac9e2';
const STREET = '#ffffff';
const STREET_CASING = '#c9c3b8';

/** Kinds of a Protomaps basemap's `landuse` drawn green, and its `roads` drawn wide. */
const GREEN_KINDS = [
  'park',
  'university',
  'college',
  'grass',
  'wood',
  'forest',
  'nature_reserve',
  'cemetery',
  'golf_course',
];
const MAJOR_KINDS = ['highway', 'major_road'];

/** Source and layer ids the map view adds data to (map-engine.ts). */
export const MAP_SOURCES = { tiles: 'streets', areas: 'approximate-areas', points: 'places' } as const;

/**
 * The map's style, built in code: the `roads`, `water` and `landuse` layers of a Protomaps basemap
 * build (a deployer's extract, docs/operations.md; the test fixture names its layers the same) and
 * the college's colours for what the product draws on top. No text labels: they would need glyphs (fonts)
 * from somewhere, and nothing may come from outside the server.
 */
export function buildMapStyle(tilesUrl: string, origin: string, colours: MapColours): StyleSpecification {
  return {
    version: 8,
    sources: {
      [MAP_SOURCES.tiles]: { type: 'vector', url: `pmtiles://${new URL(tilesUrl, origin).href}` },
      [MAP_SOURCES.areas]: { type: 'geojson', data: { type: 'FeatureCollection', features: [] } },
      [MAP_SOURCES.points]: { type: 'geojson', data: { type: 'FeatureCollection', features: [] } },
    },
    layers: [
      { id: 'land', type: 'background', paint: { 'background-color': LAND } },
      {
        id: 'park',
        type: 'fill',
        source: MAP_SOURCES.tiles,
        'source-layer': 'landuse',
        filter: ['in', ['get', 'kind'], ['literal', GREEN_KINDS]],
        paint: { 'fill-color': PARK },
      },
      {
        id: 'water',
        type: 'fill',
        source: MAP_SOURCES.tiles,
        'source-layer': 'water',
        paint: { 'fill-color': WATER },
      },
      {
        id: 'street-casing',
        type: 'line',
        source: MAP_SOURCES.tiles,
        'source-layer': 'roads',
        layout: { 'line-cap': 'round', 'line-join': 'round' },
        paint: {
          'line-color': STREET_CASING,
          'line-width': [
            'interpolate',
            ['linear'],
            ['zoom'],
            12,
            1.5,
            16,
            ['match', ['get', 'kind'], MAJOR_KINDS, 14, 9],
          ],
        },
      },
      {
        id: 'street',
        type: 'line',
        source: MAP_SOURCES.tiles,
        'source-layer': 'roads',
        layout: { 'line-cap': 'round', 'line-join': 'round' },
        paint: {
          'line-color': STREET,
          'line-width': [
            'interpolate',
            ['linear'],
            ['zoom'],
            12,
            0.5,
            16,
            ['match', ['get', 'kind'], MAJOR_KINDS, 11, 7],
          ],
        },
      },
      {
        id: 'approximate-area',
        type: 'fill',
        source: MAP_SOURCES.areas,
        paint: { 'fill-color': colours.primary, 'fill-opacity': 0.15 },
      },
      {
        id: 'approximate-area-edge',
        type: 'line',
        source: MAP_SOURCES.areas,
        paint: { 'line-color': colours.primary, 'line-width': 1.5, 'line-dasharray': [2, 2] },
      },
      {
        id: 'campus-place',
        type: 'circle',
        source: MAP_SOURCES.points,
        filter: ['==', ['get', 'kind'], 'campus'],
        paint: {
          'circle-radius': 9,
          'circle-color': colours.primary,
          'circle-stroke-color': '#ffffff',
          'circle-stroke-width': 2,
        },
      },
      {
        id: 'shuttle-stop',
        type: 'circle',
        source: MAP_SOURCES.points,
        filter: ['==', ['get', 'kind'], 'stop'],
        paint: {
          'circle-radius': 6,
          'circle-color': colours.accent,
          'circle-stroke-color': '#1f1f1f',
          'circle-stroke-width': 1.5,
        },
      },
    ],
  };
}
