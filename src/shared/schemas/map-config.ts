/**
 * The college config's `map` section (issue 33): where the map opens and which area a posting's pin
 * may be placed in. Its own module so the map view's work extends it without touching the rest of
 * the college schema. Points are [longitude, latitude], as GeoJSON and MapLibre write them.
 */
import { z } from './zod';

const longitude = z
  .number()
  .min(-180, 'must be a longitude from -180 to 180')
  .max(180, 'must be a longitude from -180 to 180');
const latitude = z.number().min(-90, 'must be a latitude from -90 to 90').max(90, 'must be a latitude from -90 to 90');
const lngLat = z.tuple([longitude, latitude]);

export const mapConfigSchema = z
  .object({
    /** Where the map opens: [longitude, latitude]. */
    centre: lngLat,
    /** [[west, south], [east, north]]: the map's extent, and where a posting's pin may be placed. */
    bounds: z.tuple([lngLat, lngLat]),
    /** The zoom level the map opens at. */
    zoom: z.number().min(0).max(22).optional(),
    /** The PMTiles file of the map's streets, relative to the config file. */
    tiles: z.string().min(1).optional(),
    /** What the map must credit, shown on it. */
    attribution: z.string().min(1).optional(),
    /**
     * A self-hosted geocoder the server asks to find a typed address (never the browser, never a
     * public service by default): Nominatim's `/search?format=jsonv2` or Photon's `/api`.
     */
    geocoder: z
      .strictObject({
        kind: z.enum(['nominatim', 'photon'], { error: 'must be nominatim or photon' }),
        /** The service's base address, e.g. http://127.0.0.1:8080 (its /search or /api is added). */
        url: z.url({ protocol: /^https?$/, error: 'must be an http(s) address' }),
      })
      .optional(),
  })
  .superRefine((map, ctx) => {
    const [[west, south], [east, north]] = map.bounds;
    if (west >= east || south >= north) {
      ctx.addIssue({ code: 'custom', path: ['bounds'], message: 'must be [[west, south], [east, north]]' });
      return;
    }
    const [lng, lat] = map.centre;
    if (lng < west || lng > east || lat < south || lat > north) {
      ctx.addIssue({ code: 'custom', path: ['centre'], message: 'must lie inside the bounds' });
    }
  });
export type MapConfig = z.output<typeof mapConfigSchema>;

const lngLatView = z.tuple([z.number(), z.number()]);

/** What GET /api/config tells the browser of the map section. */
export const publicMapSchema = z.strictObject({
  centre: lngLatView,
  bounds: z.tuple([lngLatView, lngLatView]),
  zoom: z.number().nullable(),
  attribution: z.string().nullable(),
  /** Same-origin address of the tiles (one PMTiles archive), or null without a tile file: no map then. */
  tiles: z.string().nullable(),
  /** A geocoder is configured: the editor offers to find a typed address (GET /api/map/geocode). */
  geocoder: z.boolean(),
});
export type PublicMap = z.output<typeof publicMapSchema>;

/** The map section as the browser may see it; `tilesUrl` where the server serves the tiles it found. */
export function toPublicMap(map: MapConfig, tilesUrl: string | null): PublicMap {
  return {
    centre: map.centre,
    bounds: map.bounds,
    zoom: map.zoom ?? null,
    attribution: map.attribution ?? null,
    tiles: tilesUrl,
    geocoder: map.geocoder !== undefined,
  };
}
