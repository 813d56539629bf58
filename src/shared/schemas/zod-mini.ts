import * as z from 'zod/mini';

// As in zod.ts: in the browser zod validates without compiling code (the page's Content Security
// Policy has no 'unsafe-eval'). zod/mini shares zod's one configuration.
if (typeof document !== 'undefined') z.config({ jitless: true });

export { z };
