// `npm run check:budget`: the first-load JavaScript budget of every page, from the last build.
import path from 'node:path';
import { ensureClientBuilt, root } from './lib/client-build.mjs';
import { checkFirstLoad, formatReport } from './lib/first-load.mjs';

ensureClientBuilt();
const result = checkFirstLoad(path.join(root, 'dist/client'));
process.stdout.write(`${formatReport(result)}\n`);
process.exit(result.problems.length > 0 ? 1 : 0);
