import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { walkLabel } from './walk-labels';
import {
  areaCentre,
  distanceMetres,
  nearestStop,
  PIN_AREA_OFFSET_METRES,
  PIN_AREA_RADIUS_METRES,
  toWalkViews,
  walkingMinutes,
  walkingMinutesFor,
} from './walking';

const mainCampus = { latitude: 42.3355, longitude: -71.1685 };
const clevelandCircle = { latitude: 42.3363, longitude: -71.1493 };

/** Points around a college town (away from the poles and the date line, where pins are placed). */
const point = fc.record({
  latitude: fc.double({ min: -60, max: 60, noNaN: true }),
  longitude: fc.double({ min: -179, max: 179, noNaN: true }),
});

describe('walking minutes', () => {
  it('is the straight line times 1.3 at 80 m a minute, rounded to 5 minutes', () => {
    // 1 km straight: 1,300 m on foot, 16.25 minutes: about 15.
    expect(walkingMinutesFor(1000)).toBe(15);
    // 800 m: 13 minutes, about 15; 600 m: 9.75, about 10; 400 m: 6.5, about 5.
    expect(walkingMinutesFor(800)).toBe(15);
    expect(walkingMinutesFor(600)).toBe(10);
    expect(walkingMinutesFor(400)).toBe(5);
    // Next door is still "5 min", never "0 min".
    expect(walkingMinutesFor(0)).toBe(5);
  });

  it('measures real distances: Cleveland Circle is about 1.6 km from Main Campus, a 25-minute walk', () => {
    const metres = distanceMetres(mainCampus, clevelandCircle);
    expect(metres).toBeGreaterThan(1500);
    expect(metres).toBeLessThan(1700);
    expect(walkingMinutes(clevelandCircle, mainCampus)).toBe(25);
    expect(walkLabel(25, 'Main Campus')).toBe('≈ 25 min walk to Main Campus');
  });

  it('is the same both ways', () => {
    fc.assert(
      fc.property(point, point, (a, b) => {
        expect(Math.abs(distanceMetres(a, b) - distanceMetres(b, a))).toBeLessThan(1e-6);
        expect(walkingMinutes(a, b)).toBe(walkingMinutes(b, a));
      }),
    );
  });

  it('never falls as the distance grows', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 50_000, noNaN: true }),
        fc.double({ min: 0, max: 50_000, noNaN: true }),
        (x, y) => {
          const [near, far] = x <= y ? [x, y] : [y, x];
          expect(walkingMinutesFor(near)).toBeLessThanOrEqual(walkingMinutesFor(far));
        },
      ),
    );
  });

  it('is a whole multiple of 5, at least 5, within 2.5 minutes of the exact walk', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 100_000, noNaN: true }), (metres) => {
        const minutes = walkingMinutesFor(metres);
        const exact = (metres * 1.3) / 80;
        expect(Number.isInteger(minutes / 5)).toBe(true);
        expect(minutes).toBeGreaterThanOrEqual(5);
        expect(Math.abs(minutes - Math.max(5, exact))).toBeLessThanOrEqual(2.5);
      }),
    );
  });

  it('a point walks nowhere: distance zero from itself', () => {
    fc.assert(
      fc.property(point, (a) => {
        expect(distanceMetres(a, a)).toBeCloseTo(0, 6);
      }),
    );
  });
});

describe('the nearest stop and the walks shown', () => {
  const stops = [
    { key: 'far', name: 'Far', latitude: 42.36, longitude: -71.1, rideMinutes: 20 },
    { key: 'cleveland-circle', name: 'Cleveland Circle', ...clevelandCircle, rideMinutes: 8 },
  ];

  it('finds the stop nearest on foot, or none without stops', () => {
    const pin = { latitude: 42.3366, longitude: -71.1498 };
    expect(nearestStop(pin, stops)).toEqual({ stop: stops[1], minutes: 5 });
    expect(nearestStop(pin, [])).toBeNull();
  });

  it('lists the places nearest first, then the shuttle, leaving out what the config no longer names', () => {
    const places = [
      { key: 'main', name: 'Main Campus' },
      { key: 'brighton', name: 'Brighton Campus' },
    ];
    const views = toWalkViews(
      {
        places: [
          { placeKey: 'main', minutes: 25 },
          { placeKey: 'brighton', minutes: 10 },
          { placeKey: 'gone', minutes: 5 },
        ],
        stopKey: 'cleveland-circle',
        stopMinutes: 5,
      },
      { campusPlaces: places, shuttleStops: stops },
    );
    expect(views).toEqual([
      { placeKey: 'brighton', placeName: 'Brighton Campus', minutes: 10, via: null },
      { placeKey: 'main', placeName: 'Main Campus', minutes: 25, via: null },
      { placeKey: 'main', placeName: 'Main Campus', minutes: 5, via: { stopName: 'Cleveland Circle', rideMinutes: 8 } },
    ]);
    expect(
      toWalkViews({ places: [], stopKey: null, stopMinutes: null }, { campusPlaces: [], shuttleStops: [] }),
    ).toEqual([]);
  });
});

describe("the pin's approximate area", () => {
  it('has its centre within 150 m of the pin, so the 200 m circle always holds the pin', () => {
    fc.assert(
      fc.property(
        point,
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (pin, u, v) => {
          const centre = areaCentre(pin, u, v);
          const metres = distanceMetres(pin, centre);
          expect(metres).toBeLessThanOrEqual(PIN_AREA_OFFSET_METRES + 1);
          expect(metres).toBeLessThan(PIN_AREA_RADIUS_METRES);
        },
      ),
    );
  });

  it('spreads over the whole disc, not only its rim', () => {
    expect(distanceMetres(mainCampus, areaCentre(mainCampus, 0.25, 0.1))).toBeCloseTo(75, 0);
    expect(distanceMetres(mainCampus, areaCentre(mainCampus, 0.99, 0.6))).toBeCloseTo(149.2, 0);
  });
});
