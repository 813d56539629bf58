// A Vite plugin: writes name.br and name.gz beside every script, stylesheet and SVG the client
// build emits, at the best compression levels (the server sends them by Accept-Encoding, so the
// cost is paid once per build, not per request).
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** What is compressed at build time; images (WebP, PNG, JPEG) are compressed already. */
export const PRECOMPRESSED_FILE = /\.(js|mjs|css|svg|json)$/;

/** @returns {import('vite').Plugin} */
export function precompress() {
  let outDir = '';
  return {
    name: 'quadmates-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      await Promise.all(
        Object.values(bundle)
          .filter((item) => PRECOMPRESSED_FILE.test(item.fileName) && !item.fileName.startsWith('.vite/'))
          .map(async (item) => {
            const source = item.type === 'chunk' ? Buffer.from(item.code) : Buffer.from(item.source);
            const file = path.join(outDir, item.fileName);
            const [br, gz] = await Promise.all([
              brotli(source, {
                params: {
                  [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                  [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
                },
              }),
              gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
            ]);
            await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
          }),
      );
    },
  };
}
