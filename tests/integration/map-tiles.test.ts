import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, repoRoot, type TestApp } from '../support/app';
import { collegeConfigWith } from '../support/college-config';

const fixture = path.join(repoRoot, 'tests/fixtures/map/chestnut-hill.pmtiles');
const archive = readFileSync(fixture);
const mapSection = (tiles: string) => ({
  centre: [-71.168, 42.336],
  bounds: [
    [-71.19, 42.32],
    [-71.145, 42.352],
  ],
  zoom: 14,
  tiles,
});

let t: TestApp;
let missing: TestApp;
const warnings: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ COLLEGE_CONFIG: collegeConfigWith({ map: mapSection(fixture) }) });
  // The same database, a config naming a file that is not there; its log is read for the warning.
  const log = new Writable({
    write(chunk, _encoding, done) {
      const line = JSON.parse(String(chunk)) as { level: number; msg: string };
      if (line.level === 40) warnings.push(line.msg);
      done();
    },
  });
  missing = await createTestApp(
    { COLLEGE_CONFIG: collegeConfigWith({ map: mapSection(path.join(repoRoot, 'tests/fixtures/map/none.pmtiles')) }) },
    undefined,
    { database: t.database, logger: { level: 'warn', stream: log } },
  );
});
afterAll(async () => {
  await missing?.close();
  await t?.close();
});

async function tilesUrl(app: TestApp): Promise<string | null> {
  const response = await app.app.inject({ method: 'GET', url: '/api/config' });
  expect(response.statusCode).toBe(200);
  return (response.json() as { map: { tiles: string | null } | null }).map?.tiles ?? null;
}

describe('the map tiles (GET /map/tiles.pmtiles)', () => {
  it('are named in GET /api/config, at an address that changes with the file', async () => {
    const url = await tilesUrl(t);
    expect(url).toMatch(/^\/map\/tiles\.pmtiles\?v=[0-9a-z]+-[0-9a-z]+$/);
  });

  it('answer a range with 206 and those bytes: the archive header, uncompressed, cacheable', async () => {
    const url = (await tilesUrl(t)) as string;
    const response = await t.app.inject({
      method: 'GET',
      url,
      headers: { range: 'bytes=0-126', 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes 0-126/${archive.length}`);
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-length']).toBe('127');
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    expect(response.headers.etag).toBeTruthy();
    expect(response.rawPayload.equals(archive.subarray(0, 127))).toBe(true);
    expect(response.rawPayload.subarray(0, 7).toString('ascii')).toBe('PMTiles');
    expect(response.rawPayload[7]).toBe(3);
  });

  it('answer a range in the middle and an open-ended one with their bytes', async () => {
    const middle = await t.app.inject({
      method: 'GET',
      url: '/map/tiles.pmtiles',
      headers: { range: 'bytes=200-299' },
    });
    expect(middle.statusCode).toBe(206);
    expect(middle.rawPayload.equals(archive.subarray(200, 300))).toBe(true);
    const tail = await t.app.inject({ method: 'GET', url: '/map/tiles.pmtiles', headers: { range: 'bytes=-16' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(archive.subarray(archive.length - 16))).toBe(true);
  });

  it('send the whole archive, uncompressed, without a range; HEAD says its length', async () => {
    const whole = await t.app.inject({
      method: 'GET',
      url: '/map/tiles.pmtiles',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(whole.rawPayload.equals(archive)).toBe(true);
    const head = await t.app.inject({ method: 'HEAD', url: '/map/tiles.pmtiles' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(archive.length));
    expect(head.headers['accept-ranges']).toBe('bytes');
  });

  it('refuse a range past the end with 416 and the archive length', async () => {
    const past = await t.app.inject({
      method: 'GET',
      url: '/map/tiles.pmtiles',
      headers: { range: `bytes=${archive.length}-${archive.length + 100}` },
    });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${archive.length}`);
  });

  it('ignore a range they cannot read and send the whole archive, never a 500', async () => {
    for (const range of ['bytes=abc', 'pages=0-10', 'bytes=10-5']) {
      const response = await t.app.inject({ method: 'GET', url: '/map/tiles.pmtiles', headers: { range } });
      expect([200, 416], range).toContain(response.statusCode);
      if (response.statusCode === 200) expect(response.rawPayload.equals(archive), range).toBe(true);
    }
  });

  it('are not there when the file the config names is missing: no tiles in the config, a 404, a warning once it listens', async () => {
    expect(await tilesUrl(missing)).toBeNull();
    const response = await missing.app.inject({
      method: 'GET',
      url: '/map/tiles.pmtiles',
      headers: { range: 'bytes=0-126' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    const said = () => warnings.some((line) => line.includes('none.pmtiles') && line.includes('the map is off'));
    // Said once the server listens: a server that cannot start says only why (server-process.test.ts).
    expect(said()).toBe(false);
    await missing.app.listen({ port: 0, host: '127.0.0.1' });
    expect(said()).toBe(true);
  });
});
