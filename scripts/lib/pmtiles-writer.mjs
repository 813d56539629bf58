// Writes a PMTiles version 3 archive (https://github.com/protomaps/PMTiles/blob/main/spec/v3/spec.md):
// the 127-byte header, one root directory (no leaf directories: meant for small archives such as
// the map fixture, whose directory fits in the first 16 KiB as the spec requires), the JSON
// metadata and the tiles in tile-id order. The tile ids come from the `pmtiles` package (the
// reader the browser uses), so the archive is read by the same code that numbers it.
import { gzipSync } from 'node:zlib';
import { zxyToTileId } from 'pmtiles';

const HEADER_BYTES = 127;
const ROOT_LIMIT_BYTES = 16_384;
/** The spec's enumerations. */
const COMPRESSION_GZIP = 2;
const TILE_TYPE_MVT = 1;

function varint(bytes, value) {
  let n = value;
  while (n >= 0x80) {
    bytes.push((n % 0x80) | 0x80);
    n = Math.floor(n / 0x80);
  }
  bytes.push(n);
}

/** A directory: count, then tile ids (delta), run lengths, lengths, offsets (0 = follows the last). */
function serializeDirectory(entries) {
  const bytes = [];
  varint(bytes, entries.length);
  let lastId = 0;
  for (const entry of entries) {
    varint(bytes, entry.tileId - lastId);
    lastId = entry.tileId;
  }
  for (const entry of entries) varint(bytes, entry.runLength);
  for (const entry of entries) varint(bytes, entry.length);
  entries.forEach((entry, i) => {
    const previous = entries[i - 1];
    const follows = previous && entry.offset === previous.offset + previous.length;
    varint(bytes, follows ? 0 : entry.offset + 1);
  });
  return Buffer.from(bytes);
}

const e7 = (degrees) => Math.round(degrees * 1e7);

/**
 * @param {{ z: number, x: number, y: number, data: Uint8Array }[]} tiles uncompressed MVT tiles
 * @param {{ bounds: [number, number, number, number], centre: [number, number, number], metadata: object }} info
 *   bounds as [west, south, east, north], centre as [lng, lat, zoom]
 * @returns {Buffer} the archive
 */
export function writePmtiles(tiles, { bounds, centre, metadata }) {
  const sorted = tiles
    .map((tile) => ({ ...tile, tileId: zxyToTileId(tile.z, tile.x, tile.y) }))
    .sort((a, b) => a.tileId - b.tileId);
  const entries = [];
  const blobs = [];
  let offset = 0;
  for (const tile of sorted) {
    const blob = gzipSync(tile.data);
    entries.push({ tileId: tile.tileId, offset, length: blob.length, runLength: 1 });
    blobs.push(blob);
    offset += blob.length;
  }
  const tileData = Buffer.concat(blobs);
  const root = gzipSync(serializeDirectory(entries));
  if (HEADER_BYTES + root.length > ROOT_LIMIT_BYTES)
    throw new Error(`The root directory is ${root.length} bytes: too many tiles for an archive without leaves.`);
  const meta = gzipSync(Buffer.from(JSON.stringify(metadata)));
  const zooms = sorted.map((tile) => tile.z);

  const header = Buffer.alloc(HEADER_BYTES);
  header.write('PMTiles', 0, 'ascii');
  header.writeUInt8(3, 7);
  const rootOffset = HEADER_BYTES;
  const metaOffset = rootOffset + root.length;
  const dataOffset = metaOffset + meta.length;
  const u64 = [
    [8, rootOffset],
    [16, root.length],
    [24, metaOffset],
    [32, meta.length],
    [40, dataOffset], // no leaf directories: their section is empty, where the tiles begin
    [48, 0],
    [56, dataOffset],
    [64, tileData.length],
    [72, entries.length], // addressed tiles
    [80, entries.length], // tile entries
    [88, entries.length], // tile contents
  ];
  for (const [at, value] of u64) header.writeBigUInt64LE(BigInt(value), at);
  header.writeUInt8(1, 96); // clustered: tiles are in tile-id order
  header.writeUInt8(COMPRESSION_GZIP, 97); // internal (directories, metadata)
  header.writeUInt8(COMPRESSION_GZIP, 98); // tiles
  header.writeUInt8(TILE_TYPE_MVT, 99);
  header.writeUInt8(Math.min(...zooms), 100);
  header.writeUInt8(Math.max(...zooms), 101);
  header.writeInt32LE(e7(bounds[0]), 102);
  header.writeInt32LE(e7(bounds[1]), 106);
  header.writeInt32LE(e7(bounds[2]), 110);
  header.writeInt32LE(e7(bounds[3]), 114);
  header.writeUInt8(centre[2], 118);
  header.writeInt32LE(e7(centre[0]), 119);
  header.writeInt32LE(e7(centre[1]), 123);
  return Buffer.concat([header, root, meta, tileData]);
}
