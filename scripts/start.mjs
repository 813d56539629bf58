// `npm start`: build the client and the server's bundle when missing or stale, then run the
// server (which applies migrations) in this same process, so signals reach it directly.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureClientBuilt, root } from './lib/client-build.mjs';
import { ensureServerBuilt, serverBundle } from './lib/server-build.mjs';

ensureClientBuilt();
ensureServerBuilt();
process.chdir(root);
await import(pathToFileURL(path.resolve(serverBundle)).href);
