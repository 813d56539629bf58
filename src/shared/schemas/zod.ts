import { z } from 'zod';

// In the browser zod validates without compiling code. Otherwise its first object schema probes
// for `new Function`, which the page's Content Security Policy (no 'unsafe-eval') blocks; zod
// catches the error, but Chromium still reports the violation (Lighthouse best practices,
// decision 0009). The server keeps zod's faster compiled parsers.
if (typeof document !== 'undefined') z.config({ jitless: true });

export { z };
