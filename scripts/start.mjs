// `npm start`: build the client when its build is missing or stale, then run the server (which
// applies migrations) in this same process, so signals reach it directly.
import { ensureClientBuilt, root } from './lib/client-build.mjs';

ensureClientBuilt();
process.chdir(root);
const { register } = await import('tsx/esm/api');
register();
await import('../src/server/main.ts');
