// `npm run map:fixture [-- out.pmtiles]`: the map tiles the tests use. A made-up street grid
// around Boston College's centre (Chestnut Hill), with a reservoir, a campus and a park, cut
// into vector tiles (geojson-vt, encoded by vt-pbf) at zooms 12 to 15 and written as one PMTiles
// archive. Nothing in it comes from a real map: it only has to draw, be small and be read by the
// same code as a deployer's real extract (docs/operations.md, "Map tiles"), so its layers and
// kinds are named as in a Protomaps basemap build: `roads` (major_road, minor_road), `water`,
// `landuse` (park, university).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import GeoJSONVT from 'geojson-vt';
import vtpbf from 'vt-pbf';
import { writePmtiles } from './lib/pmtiles-writer.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.resolve(process.argv[2] ?? path.join(root, 'tests/fixtures/map/chestnut-hill.pmtiles'));

const CENTRE = [-71.168, 42.336];
/** [west, south, east, north]: about 4 km by 3.5 km. */
const BOUNDS = [-71.19, 42.32, -71.145, 42.352];
const MIN_ZOOM = 12;
const MAX_ZOOM = 15;
/** Street spacing in degrees: about 200 m each way at this latitude. */
const STREET_LNG = 0.0025;
const STREET_LAT = 0.0018;

const line = (coordinates, properties) => ({
  type: 'Feature',
  properties,
  geometry: { type: 'LineString', coordinates },
});
const polygon = (ring, properties) => ({
  type: 'Feature',
  properties,
  geometry: { type: 'Polygon', coordinates: [ring] },
});
const round = (n) => Math.round(n * 1e6) / 1e6;

function streetGrid() {
  const [west, south, east, north] = BOUNDS;
  const features = [];
  for (let lng = west; lng <= east + 1e-9; lng += STREET_LNG)
    features.push(
      line(
        [
          [round(lng), south],
          [round(lng), north],
        ],
        { kind: 'minor_road' },
      ),
    );
  for (let lat = south; lat <= north + 1e-9; lat += STREET_LAT)
    features.push(
      line(
        [
          [west, round(lat)],
          [east, round(lat)],
        ],
        { kind: 'minor_road' },
      ),
    );
  // Two made-up avenues across the grid, drawn wider.
  features.push(
    line(
      [
        [west, 42.3351],
        [CENTRE[0], 42.3392],
        [east, 42.3441],
      ],
      { kind: 'major_road' },
    ),
  );
  features.push(
    line(
      [
        [-71.181, north],
        [-71.172, 42.333],
        [-71.16, south],
      ],
      { kind: 'major_road' },
    ),
  );
  return { type: 'FeatureCollection', features };
}

/** A closed ring approximating an ellipse, `rx`/`ry` in degrees. */
function ellipse([lng, lat], rx, ry, points = 24) {
  const ring = [];
  for (let i = 0; i < points; i++) {
    const a = (i / points) * 2 * Math.PI;
    ring.push([round(lng + rx * Math.cos(a)), round(lat + ry * Math.sin(a))]);
  }
  ring.push(ring[0]);
  return ring;
}

const rectangle = (west, south, east, north) => [
  [west, south],
  [east, south],
  [east, north],
  [west, north],
  [west, south],
];

const water = {
  type: 'FeatureCollection',
  features: [polygon(ellipse([-71.1575, 42.3385], 0.0045, 0.0022), { kind: 'water' })],
};
const parks = {
  type: 'FeatureCollection',
  features: [
    polygon(rectangle(-71.1745, 42.3335, -71.1665, 42.3375), { kind: 'university' }),
    polygon(rectangle(-71.185, 42.3235, -71.179, 42.3265), { kind: 'park' }),
  ],
};

const layers = Object.entries({ roads: streetGrid(), water, landuse: parks }).map(([name, data]) => [
  name,
  new GeoJSONVT(data, { maxZoom: MAX_ZOOM, indexMaxZoom: MAX_ZOOM, indexMaxPoints: 0 }),
]);

function tileRange(z) {
  const n = 2 ** z;
  const x = (lng) => Math.floor(((lng + 180) / 360) * n);
  const y = (lat) => {
    const r = (lat * Math.PI) / 180;
    return Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n);
  };
  return { xs: [x(BOUNDS[0]), x(BOUNDS[2])], ys: [y(BOUNDS[3]), y(BOUNDS[1])] };
}

const tiles = [];
for (let z = MIN_ZOOM; z <= MAX_ZOOM; z++) {
  const { xs, ys } = tileRange(z);
  for (let x = xs[0]; x <= xs[1]; x++) {
    for (let y = ys[0]; y <= ys[1]; y++) {
      const layerMap = {};
      for (const [name, index] of layers) {
        const tile = index.getTile(z, x, y);
        if (tile && tile.features.length > 0) layerMap[name] = tile;
      }
      if (Object.keys(layerMap).length === 0) continue;
      tiles.push({ z, x, y, data: vtpbf.fromGeojsonVt(layerMap, { version: 2 }) });
    }
  }
}

const archive = writePmtiles(tiles, {
  bounds: BOUNDS,
  centre: [...CENTRE, 14],
  metadata: {
    name: 'Quadmates test streets',
    description: 'A made-up street grid around Chestnut Hill for tests; not a real map.',
    attribution: '© OpenStreetMap contributors',
    vector_layers: [
      { id: 'roads', fields: { kind: 'String' }, minzoom: MIN_ZOOM, maxzoom: MAX_ZOOM },
      { id: 'water', fields: { kind: 'String' }, minzoom: MIN_ZOOM, maxzoom: MAX_ZOOM },
      { id: 'landuse', fields: { kind: 'String' }, minzoom: MIN_ZOOM, maxzoom: MAX_ZOOM },
    ],
  },
});
writeFileSync(out, archive);
process.stdout.write(`${path.relative(root, out)}: ${tiles.length} tiles, ${archive.length} bytes\n`);
