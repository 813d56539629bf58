import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this are sent as they are: compressing them saves less than it costs. */
const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Compresses answers on the fly (brotli, else gzip, by the request's Accept-Encoding): JSON from
 * the API, index.html, SVG artwork. Types that are compressed already (WebP, JPEG, PNG) pass as
 * they are (mime-db marks them incompressible), and so do the build's hashed assets, which are
 * precompressed at build time and sent with their own Content-Encoding (see static.ts).
 * Registered at the root before any route, so every plugin's replies go through it.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    // Only answers: no client sends compressed bodies, and the request hook it would add to every
    // route broke the OpenID sign-in popup passing through better-auth (tests/e2e/auth.test.ts).
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    // Quality 4: about 90% of the best ratio at a small fraction of the CPU of quality 11.
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
