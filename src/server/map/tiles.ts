import { statSync } from 'node:fs';

/** Where the browser reads the map's tiles (one PMTiles archive, by byte ranges). */
export const MAP_TILES_PATH = '/map/tiles.pmtiles';

export interface MapTiles {
  /** The archive on disk. */
  file: string;
  /**
   * The address the browser is given: the path with the file's size and time, so a replaced
   * archive gets a new address (the old one's byte ranges may sit in caches for a day).
   */
  url: string;
}

/**
 * The tiles the college config names, if the file is there: a deployment without it has no map
 * (the list alone, with a sentence saying why), and says so on the log rather than refusing to start.
 */
export function findMapTiles(file: string | undefined, warn: (message: string) => void): MapTiles | null {
  if (!file) return null;
  try {
    const stat = statSync(file);
    if (!stat.isFile()) throw new Error('not a file');
    return { file, url: `${MAP_TILES_PATH}?v=${stat.size.toString(36)}-${Math.floor(stat.mtimeMs).toString(36)}` };
  } catch {
    warn(`The map tiles ${file} named in the college config cannot be read: the map is off until it is there.`);
    return null;
  }
}
