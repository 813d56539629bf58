import { validateStyleMin } from '@maplibre/maplibre-gl-style-spec';
import { describe, expect, it } from 'vitest';
import { circlePolygon } from './map-shapes';
import { buildMapStyle } from './map-style';
import { markerLabel, markersFor, type PinnedCard } from './markers';

describe('the map style', () => {
  const style = buildMapStyle('/map/tiles.pmtiles?v=1-2', 'https://quadmates.example', {
    primary: '#8a100b',
    accent: '#b29d6c',
  });

  it('is a valid MapLibre style', () => {
    expect(validateStyleMin(style)).toEqual([]);
  });

  it('reads the tiles through the pmtiles protocol at this site’s own address', () => {
    expect(style.sources.streets).toEqual({
      type: 'vector',
      url: 'pmtiles://https://quadmates.example/map/tiles.pmtiles?v=1-2',
    });
  });

  it('needs no fonts or sprites: no text, no glyphs, nothing from another site', () => {
    expect(style.glyphs).toBeUndefined();
    expect(style.sprite).toBeUndefined();
    expect(style.layers.some((layer) => layer.type === 'symbol')).toBe(false);
  });
});

describe('an approximate area', () => {
  it('is a closed ring about the radius away from its centre', () => {
    const ring = circlePolygon(-71.168, 42.336, 200).geometry.coordinates[0] ?? [];
    expect(ring[0]).toEqual(ring[ring.length - 1]);
    for (const [lng = 0, lat = 0] of ring) {
      const dx = (lng - -71.168) * 111_320 * Math.cos((42.336 * Math.PI) / 180);
      const dy = (lat - 42.336) * 111_195;
      expect(Math.hypot(dx, dy)).toBeGreaterThan(195);
      expect(Math.hypot(dx, dy)).toBeLessThan(205);
    }
  });
});

describe('a posting’s marker', () => {
  const card: PinnedCard = {
    id: 'a',
    address: '12 Foster Street',
    aimInteger: 4,
    curNumSeek: 2,
    monthlyRent: 1100,
    rentType: 'per_person',
    pin: { latitude: 42.3382, longitude: -71.1655, exact: true, radiusMeters: null },
    walks: [
      { placeName: 'Main Campus', minutes: 10, via: null },
      { placeName: 'Main Campus', minutes: 5, via: { stopName: 'Cleveland Circle', rideMinutes: 8 } },
    ],
  };

  it('says what the card says, with the walk on foot', () => {
    expect(markerLabel(card)).toBe(
      '12 Foster Street: $1,100 / month (Per Person) · 4-man Housing, looking for 2 more · ≈ 10 min walk to Main Campus',
    );
  });

  it('says when it stands for an approximate area, and leaves out what the posting lacks', () => {
    const approximate = {
      ...card,
      monthlyRent: null,
      walks: [],
      pin: { latitude: 42.33, longitude: -71.16, exact: false, radiusMeters: 200 },
    };
    expect(markerLabel(approximate)).toBe('12 Foster Street: 4-man Housing, looking for 2 more · approximate area');
  });

  it('is made for pinned cards only, in the list’s order, counting the others', () => {
    const result = markersFor([card, { ...card, id: 'b', pin: null }, { ...card, id: 'c' }]);
    expect(result.markers.map((marker) => marker.id)).toEqual(['a', 'c']);
    expect(result.unpinned).toBe(1);
    expect(result.markers[0]?.radiusMeters).toBeNull();
  });
});
