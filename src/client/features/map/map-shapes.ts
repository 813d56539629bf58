import type { Feature, Polygon } from 'geojson';

const EARTH_RADIUS_METERS = 6_371_008.8;

/**
 * A circle of `radiusMeters` around a point as a polygon of `steps` sides (the approximate area
 * a student sees before the exact pin): offsets on a sphere, close enough over a few hundred metres.
 */
export function circlePolygon(
  longitude: number,
  latitude: number,
  radiusMeters: number,
  steps = 48,
): Feature<Polygon, Record<string, never>> {
  const dLat = (radiusMeters / EARTH_RADIUS_METERS) * (180 / Math.PI);
  const dLng = dLat / Math.cos((latitude * Math.PI) / 180);
  const ring: [number, number][] = [];
  for (let i = 0; i < steps; i++) {
    const angle = (i / steps) * 2 * Math.PI;
    ring.push([longitude + dLng * Math.cos(angle), latitude + dLat * Math.sin(angle)]);
  }
  ring.push(ring[0] as [number, number]);
  return { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [ring] } };
}
