import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BARE_ROUTES, ROUTE_PAGES } from '../../shared/client-routes';

// The server preloads each route's chunks from ROUTE_PAGES; the router must load the same pages.
describe('the route table the server preloads from', () => {
  it('names the page module router.tsx loads for every route, and its bare routes', () => {
    const source = readFileSync(path.join(import.meta.dirname, 'router.tsx'), 'utf8');
    // A page two routes share is loaded by one named loader: `const signInPage = () => import('../...')`.
    const loaders = new Map(
      [...source.matchAll(/const (\w+) = \(\) => import\('\.\.\/([^']+)'\);/g)].map(([, name, module]) => [
        name,
        module,
      ]),
    );
    const routes = [
      ...source.matchAll(/\{ path: '([^']+)', (bare: true, )?load: (?:\(\) => import\('\.\.\/([^']+)'\)|(\w+)) \}/g),
    ];
    expect(routes.length).toBeGreaterThan(10);
    const fromRouter = Object.fromEntries(
      routes.map(([, route, , module, loader]) => [route, `${module ?? loaders.get(loader ?? '')}.tsx`]),
    );
    expect(fromRouter).toEqual(ROUTE_PAGES);
    const bare = routes.filter(([, , isBare]) => isBare).map(([, route]) => route);
    expect(new Set(bare)).toEqual(BARE_ROUTES);
  });
});
