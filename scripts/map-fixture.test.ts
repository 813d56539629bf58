import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { PMTiles, type RangeResponse, type Source, TileType } from 'pmtiles';
import { describe, expect, it } from 'vitest';
import { root } from './lib/client-build.mjs';

const archive = readFileSync(path.join(root, 'tests/fixtures/map/chestnut-hill.pmtiles'));

/** The archive read through the `pmtiles` package, as the browser reads it (by byte ranges). */
class BufferSource implements Source {
  getKey = () => 'fixture';
  async getBytes(offset: number, length: number): Promise<RangeResponse> {
    const bytes = archive.subarray(offset, offset + length);
    return { data: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) as ArrayBuffer };
  }
}

/** pmtiles decompresses with the browser's DecompressionStream; Node's zlib does the same here. */
const gunzip = async (buffer: ArrayBuffer) => {
  const out = gunzipSync(new Uint8Array(buffer));
  return out.buffer.slice(out.byteOffset, out.byteOffset + out.length) as ArrayBuffer;
};

describe('the map fixture (scripts/generate-map-fixture.mjs)', () => {
  const tiles = new PMTiles(new BufferSource(), undefined, gunzip);

  it('is a small PMTiles v3 archive of vector tiles around Chestnut Hill', async () => {
    const header = await tiles.getHeader();
    expect(header.specVersion).toBe(3);
    expect(header.tileType).toBe(TileType.Mvt);
    expect([header.minZoom, header.maxZoom]).toEqual([12, 15]);
    expect(header.minLon).toBeLessThan(-71.168);
    expect(header.maxLon).toBeGreaterThan(-71.168);
    expect(header.minLat).toBeLessThan(42.336);
    expect(header.maxLat).toBeGreaterThan(42.336);
    expect(archive.length).toBeLessThan(64 * 1024);
    const metadata = (await tiles.getMetadata()) as { attribution: string };
    expect(metadata.attribution).toBe('© OpenStreetMap contributors');
  });

  it('has streets, water and parks in the tile over the centre, in a Protomaps basemap’s layers', async () => {
    // Zoom 14 tile holding (-71.168, 42.336).
    const z = 14;
    const x = Math.floor(((-71.168 + 180) / 360) * 2 ** z);
    const lat = (42.336 * Math.PI) / 180;
    const y = Math.floor(((1 - Math.log(Math.tan(lat) + 1 / Math.cos(lat)) / Math.PI) / 2) * 2 ** z);
    const tile = await tiles.getZxy(z, x, y);
    expect(tile).toBeDefined();
    const vector = new VectorTile(new PbfReader(new Uint8Array(tile?.data ?? new ArrayBuffer(0))));
    expect(Object.keys(vector.layers).sort()).toEqual(['landuse', 'roads', 'water']);
    expect(vector.layers.roads?.length).toBeGreaterThan(10);
  });

  it('has no tile far from the campus', async () => {
    expect(await tiles.getZxy(14, 0, 0)).toBeUndefined();
  });
});
