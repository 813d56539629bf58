// `npm start`: build the client and the server's bundle when missing or stale, then run the
// server (which applies migrations) in this same process, so signals reach it directly.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureClientBuilt, root } from './lib/client-build.mjs';
import { ensureServerBuilt, serverBundle } from './lib/server-build.mjs';

ensureClientBuilt();
try {
  ensureServerBuilt();
} catch (error) {
  // esbuild has printed where a source fails to build; a folder it may not write to (a release
  // folder under systemd's ProtectSystem=strict) says so here. One sentence, no stack trace.
  const reason = error.code ?? 'see the messages above';
  process.stderr.write(`The server's bundle in dist/node cannot be built (${reason}); run npm run build in ${root}.\n`);
  process.exit(1);
}
process.chdir(root);
await import(pathToFileURL(path.resolve(serverBundle)).href);
