/**
 * Issue 33: GET /api/map/geocode asks the college's own geocoder for a typed address. Local HTTP
 * servers speak Nominatim's `/search?format=jsonv2` and Photon's `/api`; the route answers the
 * places inside the map's bounds (a few, labels cut short), says clearly when the geocoder is too
 * slow or fails, counts each student's searches, and is a 404 where no geocoder is configured.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STUDENT_LIMITS } from '../../src/shared/limits';
import { GEOCODE_LIMITS, geocodeMessages } from '../../src/shared/schemas/geocode';
import { createTestApp, type TestApp } from '../support/app';
import { collegeConfigWith } from '../support/college-config';
import { createMember, createUser, type TestMember } from '../support/users';

const bounds = [
  [-71.21, 42.315],
  [-71.115, 42.365],
];
const mapSection = (geocoder?: { kind: string; url: string }) => ({
  centre: [-71.1615, 42.3395],
  bounds,
  zoom: 14,
  ...(geocoder ? { geocoder } : {}),
});

/** What each fake service was asked, by path and query. */
const asked: URL[] = [];
/** How a query is answered: 'slow' never answers in time, 'fail' is a 500, 'huge' an endless body. */
type Mode = 'normal' | 'slow' | 'fail' | 'huge' | 'html';

function serve(handler: (url: URL, response: ServerResponse) => void): Promise<Server> {
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://geocoder.test');
    asked.push(url);
    const mode = (url.searchParams.get('q') ?? '').split(' ')[0] as Mode;
    if (mode === 'slow') return void setTimeout(() => response.end('[]'), 2_000);
    if (mode === 'fail') return void response.writeHead(500).end('{"error":"down"}');
    if (mode === 'html') return void response.writeHead(200, { 'content-type': 'text/html' }).end('<html>');
    if (mode === 'huge') {
      response.writeHead(200, { 'content-type': 'application/json' });
      const chunk = `[${'{"lat":"42.33","lon":"-71.16","display_name":"x"},'.repeat(2000)}`;
      for (let i = 0; i < 20; i++) response.write(chunk);
      return void response.end('{}]');
    }
    handler(url, response);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const json = (response: ServerResponse, body: unknown) =>
  response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));

/** Nominatim's jsonv2: lat/lon as strings. Two places inside the bounds, one far outside, one malformed. */
const nominatim = () =>
  serve((url, response) => {
    if (url.pathname !== '/search') return void response.writeHead(404).end();
    json(response, [
      { place_id: 1, lat: '42.3382', lon: '-71.1655', display_name: '12 Foster Street, Brighton, Boston, MA 02135' },
      { place_id: 2, lat: '40.7128', lon: '-74.0060', display_name: '12 Foster Street, New York, NY' },
      { place_id: 3, lat: 'north', lon: '-71.16', display_name: 'Not a number' },
      { place_id: 4, lat: '42.3349', lon: '-71.1712', display_name: `40 Kirkwood Road, ${'Brighton, '.repeat(40)}MA` },
    ]);
  });

/** Photon: GeoJSON features, [lon, lat], the address in parts. Eight inside the bounds. */
const photon = () =>
  serve((url, response) => {
    if (url.pathname !== '/api') return void response.writeHead(404).end();
    json(response, {
      type: 'FeatureCollection',
      features: [
        ...Array.from({ length: 8 }, (_, i) => ({
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [-71.16 - i * 0.001, 42.34] },
          properties: { housenumber: String(10 + i), street: 'Lake Street', city: 'Brighton', postcode: '02135' },
        })),
        {
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [2.35, 48.85] },
          properties: { name: 'Lake Street', city: 'Paris' },
        },
      ],
    });
  });

let nominatimServer: Server;
let photonServer: Server;
let withNominatim: TestApp;
let withPhoton: TestApp;
let without: TestApp;
let member: TestMember;
let photonMember: TestMember;

const base = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

beforeAll(async () => {
  [nominatimServer, photonServer] = await Promise.all([nominatim(), photon()]);
  withNominatim = await createTestApp(
    { COLLEGE_CONFIG: collegeConfigWith({ map: mapSection({ kind: 'nominatim', url: base(nominatimServer) }) }) },
    undefined,
    { geocoderTimeoutMs: 300 },
  );
  withPhoton = await createTestApp(
    { COLLEGE_CONFIG: collegeConfigWith({ map: mapSection({ kind: 'photon', url: `${base(photonServer)}/` }) }) },
    undefined,
    { database: withNominatim.database },
  );
  without = await createTestApp({ COLLEGE_CONFIG: collegeConfigWith({ map: mapSection() }) }, undefined, {
    database: withNominatim.database,
  });
  member = await createMember(withNominatim);
  photonMember = await createMember(withNominatim);
}, 120_000);
afterAll(async () => {
  await without?.close();
  await withPhoton?.close();
  await withNominatim?.close();
  nominatimServer?.close();
  photonServer?.close();
});

const search = (t: TestApp, cookie: string | undefined, q: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/map/geocode?q=${encodeURIComponent(q)}`,
    headers: cookie ? { cookie } : {},
  });

describe('GET /api/map/geocode', () => {
  it('asks Nominatim within the bounds and answers only the places inside them, labels cut short', async () => {
    const response = await search(withNominatim, member.cookie, '12 Foster Street');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const { results } = response.json() as { results: { label: string; latitude: number; longitude: number }[] };
    expect(results.map((r) => [r.latitude, r.longitude])).toEqual([
      [42.3382, -71.1655],
      [42.3349, -71.1712],
    ]);
    expect(results[0]?.label).toBe('12 Foster Street, Brighton, Boston, MA 02135');
    expect(results[1]?.label.length).toBe(GEOCODE_LIMITS.label);
    const url = asked.findLast((u) => u.pathname === '/search');
    expect(url?.searchParams.get('format')).toBe('jsonv2');
    expect(url?.searchParams.get('q')).toBe('12 Foster Street');
    expect(url?.searchParams.get('viewbox')).toBe('-71.21,42.365,-71.115,42.315');
    expect(url?.searchParams.get('bounded')).toBe('1');
  });

  it("reads Photon's GeoJSON, keeps the bounds and answers at most five places", async () => {
    const response = await search(withPhoton, photonMember.cookie, 'Lake Street');
    expect(response.statusCode, response.body).toBe(200);
    const { results } = response.json() as { results: { label: string; longitude: number }[] };
    expect(results).toHaveLength(GEOCODE_LIMITS.results);
    expect(results[0]).toEqual({ label: '10 Lake Street, Brighton, 02135', latitude: 42.34, longitude: -71.16 });
    expect(results.every((r) => r.longitude < -71)).toBe(true);
    const url = asked.findLast((u) => u.pathname === '/api');
    expect(url?.searchParams.get('bbox')).toBe('-71.21,42.315,-71.115,42.365');
  });

  it('says clearly when the geocoder is too slow, fails, answers too much or answers no JSON', async () => {
    const slow = await search(withNominatim, member.cookie, 'slow road');
    expect(slow.statusCode).toBe(504);
    expect(slow.json().error).toMatchObject({ code: 'GEOCODER_TIMEOUT', ...geocodeMessages.timeout });
    for (const q of ['fail road', 'huge road', 'html road']) {
      const failed = await search(withNominatim, member.cookie, q);
      expect(failed.statusCode, q).toBe(502);
      expect(failed.json().error, q).toMatchObject({ code: 'GEOCODER_FAILED', ...geocodeMessages.failed });
    }
  });

  it('refuses a query too short or too long with the words of the field', async () => {
    const short = await search(withNominatim, member.cookie, ' a ');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.details).toEqual(['q: Type at least 3 characters of the address.']);
    const long = await search(withNominatim, member.cookie, 'x'.repeat(GEOCODE_LIMITS.query + 1));
    expect(long.statusCode).toBe(400);
  });

  it('is for signed-in students only', async () => {
    expect((await search(withNominatim, undefined, '12 Foster Street')).statusCode).toBe(401);
    const termsNotAccepted = await createUser(withNominatim, { verified: true, acceptedTerms: false });
    const refused = await search(withNominatim, termsNotAccepted.cookie, '12 Foster Street');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('TERMS_NOT_ACCEPTED');
  });

  it('is a 404 where no geocoder is configured, and /api/config says there is none', async () => {
    const response = await search(without, member.cookie, '12 Foster Street');
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toMatchObject({ code: 'NOT_FOUND', ...geocodeMessages.notConfigured });
    const config = await without.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json().map.geocoder).toBe(false);
    const configured = await withNominatim.app.inject({ method: 'GET', url: '/api/config' });
    expect(configured.json().map.geocoder).toBe(true);
  });

  it("counts each student's searches: past the limit, a 429 in the limit's words, and the geocoder is not asked", async () => {
    const student = await createMember(withNominatim);
    const limit = STUDENT_LIMITS.geocodes;
    for (let i = 0; i < limit.max; i++) {
      expect((await search(withNominatim, student.cookie, `${i} Foster Street`)).statusCode).toBe(200);
    }
    const before = asked.length;
    const refused = await search(withNominatim, student.cookie, 'one more street');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({
      code: limit.code,
      title: limit.title,
      message: limit.message(limit.max),
    });
    expect(asked.length).toBe(before);
    // Another student's searches are their own.
    expect((await search(withNominatim, member.cookie, '12 Foster Street')).statusCode).toBe(200);
  });
});
