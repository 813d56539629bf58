/**
 * The adapter to a self-hosted geocoder (issue 33): Nominatim (`/search?format=jsonv2`) or Photon
 * (`/api`), named by the college config's `map.geocoder`. Only the server asks it, with a deadline
 * and a cap on the answer's size; what it answers is read defensively (any shape may come back),
 * kept to the map's bounds and cut to a few places with short labels.
 */
import { GEOCODE_LIMITS, type GeocodeResult } from '../../shared/schemas/geocode';
import type { MapConfig } from '../../shared/schemas/map-config';

export type GeocoderConfig = NonNullable<MapConfig['geocoder']>;
type Bounds = MapConfig['bounds'];

/** How long the geocoder has to answer, and the most it may send. */
export const GEOCODER_TIMEOUT_MS = 5_000;
export const GEOCODER_MAX_BYTES = 512 * 1024;
/** Places asked for: more than are answered, as some fall outside the bounds. */
const ASKED = 10;

/** Why a search found nothing to answer: the service was too slow, or failed. */
export class GeocoderError extends Error {
  constructor(readonly reason: 'timeout' | 'failed') {
    super(`geocoder ${reason}`);
    this.name = 'GeocoderError';
  }
}

export interface Geocoder {
  search(query: string): Promise<GeocodeResult[]>;
}

export interface GeocoderOptions {
  timeoutMs?: number;
  maxBytes?: number;
  /** A User-Agent naming the site (Nominatim's usage policy asks for one). */
  userAgent: string;
}

/** The service's address for `query`: restricted to the bounds where the service allows it. */
export function geocoderUrl(config: GeocoderConfig, bounds: Bounds, query: string): URL {
  const [[west, south], [east, north]] = bounds;
  const base = config.url.endsWith('/') ? config.url : `${config.url}/`;
  if (config.kind === 'nominatim') {
    const url = new URL('search', base);
    url.searchParams.set('q', query);
    url.searchParams.set('format', 'jsonv2');
    url.searchParams.set('limit', String(ASKED));
    url.searchParams.set('viewbox', [west, north, east, south].join(','));
    url.searchParams.set('bounded', '1');
    return url;
  }
  const url = new URL('api', base);
  url.searchParams.set('q', query);
  url.searchParams.set('limit', String(ASKED));
  url.searchParams.set('bbox', [west, south, east, north].join(','));
  return url;
}

const asNumber = (value: unknown): number | null => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};
const asText = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/** Nominatim's jsonv2: an array of places with `lat`, `lon` (strings) and `display_name`. */
function fromNominatim(body: unknown): GeocodeResult[] {
  if (!Array.isArray(body)) return [];
  return body.flatMap((place: Record<string, unknown> | null) => {
    if (!place || typeof place !== 'object') return [];
    const latitude = asNumber(place.lat);
    const longitude = asNumber(place.lon);
    const label = asText(place.display_name) ?? asText(place.name);
    return latitude === null || longitude === null || label === null ? [] : [{ label, latitude, longitude }];
  });
}

/** Photon's GeoJSON: features with a point [lon, lat] and address parts among their properties. */
function fromPhoton(body: unknown): GeocodeResult[] {
  const features = (body as { features?: unknown } | null)?.features;
  if (!Array.isArray(features)) return [];
  return features.flatMap((feature: Record<string, unknown> | null) => {
    const coordinates = (feature?.geometry as { coordinates?: unknown } | undefined)?.coordinates;
    if (!Array.isArray(coordinates)) return [];
    const longitude = asNumber(coordinates[0]);
    const latitude = asNumber(coordinates[1]);
    const p = (feature?.properties ?? {}) as Record<string, unknown>;
    const street = [asText(p.housenumber), asText(p.street)].filter(Boolean).join(' ');
    const parts = [asText(p.name), street || null, asText(p.city), asText(p.postcode), asText(p.state)];
    const label = [...new Set(parts.filter((part): part is string => part !== null))].join(', ');
    return latitude === null || longitude === null || label === '' ? [] : [{ label, latitude, longitude }];
  });
}

/** The places inside the bounds, the first few, each label cut short, none twice. */
export function keepInBounds(places: GeocodeResult[], bounds: Bounds): GeocodeResult[] {
  const [[west, south], [east, north]] = bounds;
  const seen = new Set<string>();
  const kept: GeocodeResult[] = [];
  for (const place of places) {
    const { latitude, longitude } = place;
    if (latitude < south || latitude > north || longitude < west || longitude > east) continue;
    const label = place.label.replace(/\s+/g, ' ').slice(0, GEOCODE_LIMITS.label);
    const key = `${label}|${latitude}|${longitude}`;
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push({ label, latitude, longitude });
    if (kept.length === GEOCODE_LIMITS.results) break;
  }
  return kept;
}

/** The answer's body as text, refused past `maxBytes`. */
async function boundedText(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) throw new GeocoderError('failed');
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new GeocoderError('failed');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function createGeocoder(config: GeocoderConfig, bounds: Bounds, options: GeocoderOptions): Geocoder {
  const timeoutMs = options.timeoutMs ?? GEOCODER_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? GEOCODER_MAX_BYTES;
  const read = config.kind === 'nominatim' ? fromNominatim : fromPhoton;
  return {
    async search(query) {
      const signal = AbortSignal.timeout(timeoutMs);
      let body: unknown;
      try {
        const response = await fetch(geocoderUrl(config, bounds, query), {
          signal,
          redirect: 'error',
          headers: { accept: 'application/json', 'user-agent': options.userAgent },
        });
        if (!response.ok) {
          await response.body?.cancel();
          throw new GeocoderError('failed');
        }
        body = JSON.parse(await boundedText(response, maxBytes));
      } catch (error) {
        if (signal.aborted) throw new GeocoderError('timeout');
        if (error instanceof GeocoderError) throw error;
        throw new GeocoderError('failed');
      }
      return keepInBounds(read(body), bounds);
    },
  };
}
