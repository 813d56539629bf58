import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/lib/precompress.mjs';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`;

export default defineConfig(({ command, isSsrBuild }) => ({
  root: 'src/client',
  publicDir: false,
  // React Router's package.json sends every bundler to its development build, with its warnings
  // and checks (remix-run/react-router#14102, #12532); a build takes the production one it ships
  // beside it. It drew pages faster and made the first load smaller (docs/performance.md).
  ...(command === 'build'
    ? {
        resolve: {
          alias: [
            {
              find: /^react-router$/,
              replacement: path.resolve(import.meta.dirname, 'node_modules/react-router/dist/production/index.mjs'),
            },
          ],
        },
      }
    : {}),
  plugins: isSsrBuild ? [react()] : [react(), precompress()],
  // `vite build --ssr entry-server.tsx`: the same components for the server to draw pages with
  // (decision 0029), in dist/server beside the browser's build.
  // The drawing is a production build whatever NODE_ENV the server runs with (`npm start` sets
  // none): React and the libraries are bundled in, their development checks removed, rather than
  // picked at run time from node_modules by NODE_ENV: with React's development build the server
  // drew /postings at half the rate (`npm run bench`: 56 against 108 pages a second).
  ...(isSsrBuild
    ? { ssr: { noExternal: true }, define: { 'process.env.NODE_ENV': JSON.stringify('production') } }
    : {}),
  build: isSsrBuild
    ? { outDir: '../../dist/server', emptyOutDir: true, target: 'node22', sourcemap: true }
    : {
        outDir: '../../dist/client',
        emptyOutDir: true,
        sourcemap: true,
        // One stylesheet for every page (7 KB brotli), in the page's head: a page's own stylesheets
        // otherwise arrive as separate requests after its first render and restyle it in long tasks
        // (decision 0018).
        cssCodeSplit: false,
        target: 'es2022',
        // .vite/manifest.json: which chunks each route loads (the first-load budget reads it).
        manifest: true,
        // No preload helper: the server names a page's chunks as <link rel="modulepreload"> in
        // the page it sends, and the helper with its map of every chunk's imports cost the first
        // load 825 bytes brotli. A page opened later asks for its imports once its own chunk has
        // arrived (decision 0029).
        modulePreload: false,
        rolldownOptions: {
          // The page's entry (index.html's boot.ts), the app it starts once the page has painted,
          // and the warnings' code, which the server names in the pages that need it (decision 0030).
          input: {
            index: path.resolve(import.meta.dirname, 'src/client/index.html'),
            main: path.resolve(import.meta.dirname, 'src/client/main.tsx'),
            warnings: path.resolve(import.meta.dirname, 'src/client/warnings.ts'),
          },
          checks: { bundlerTimings: false },
          output: {
            codeSplitting: {
              groups: [
                {
                  // What every page needs before it paints, in one file rather than several small ones
                  // that compress worse apart (decision 0009).
                  // The new-password fields (sign-up, reset) stay out: every other page would carry them.
                  // The plain forms' pieces (issue 31) are in: most pages have a form.
                  name: 'core',
                  // The messages are the first load's part (first-load-messages.ts); the rest go with the shell.
                  test: /rolldown[\\/]runtime|node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]|src[\\/]client[\\/](app[\\/](Layout|router)|shell[\\/](access|session|config-context|drawing|use-page-title|FormNotice\.|scripts-ready)|ui[\\/](Notice|Field|Button|FormField|schema-form|lazy-part)|api[\\/])|src[\\/]shared[\\/](first-load-messages|routes|options|api-error|page-answers|form-posts)\.ts/,
                },
                {
                  // The account pages' shared pieces (sign-in, sign-up, reset, the profile's account
                  // section), in one file of their own so that the other pages do not carry them.
                  name: 'account',
                  test: /src[\\/]client[\\/]features[\\/]auth[\\/](TextField|auth-api)|src[\\/]shared[\\/]schemas[\\/]auth-constants\.ts/,
                },
                {
                  // The main layout's pieces and the server-state cache every page under it uses,
                  // in one file beside the layout's own chunk.
                  name: 'shell',
                  test: /node_modules[\\/]@tanstack[\\/]|src[\\/]client[\\/](ui[\\/]format-en-us|app[\\/](Navbar|Footer|SessionWatcher|query-client)|shell[\\/](first-backdrop|clock)|features[\\/]pings[\\/]api)|src[\\/]shared[\\/](messages|query-keys|schemas[\\/]filter-params)\.ts/,
                },
                {
                  // A posting card and what it draws (the search, the profile's lists, the detail view's
                  // pieces), in one file rather than eight of under a kilobyte each: a slow phone asks
                  // for each file in a round trip of its own (decision 0018).
                  name: 'cards',
                  test: /src[\\/]client[\\/](pages[\\/]posting-card[\\/]PostingCard|common[\\/](posting-text|BandBadge)|features[\\/](postings[\\/]BookmarkButton|posting-editor[\\/](DeletePostingButton|LazyPostingForm|query-keys|PostingForm\.module)|lifestyle[\\/]mine))/,
                },
              ],
            },
          },
        },
      },
  server: {
    port: 3000,
    strictPort: true,
    // In development the API runs beside Vite; these paths belong to it.
    proxy: {
      // The client's own modules under src/client/api/ are served by Vite, not the API.
      '/api': {
        target: apiTarget,
        bypass: (request) => (/\.tsx?(\?|$)/.test(request.url ?? '') ? request.url : undefined),
      },
      '/college': apiTarget,
      '/healthz': apiTarget,
      '/readyz': apiTarget,
    },
  },
}));
