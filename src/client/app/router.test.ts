import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../shared/routes';

const clientDir = path.join(import.meta.dirname, '..');

// The router loads each route's page by the name the route table gives it, from its glob of page
// modules; the server names the same module's chunks in the page it sends.
describe('the route table the router and the server read', () => {
  it("names, for every route, a page module that exists and that the router's glob loads", () => {
    const source = readFileSync(path.join(import.meta.dirname, 'router.tsx'), 'utf8');
    const globs = [...(/import\.meta\.glob<PageModule>\(\[([^\]]+)\]\)/.exec(source)?.[1] ?? '').matchAll(/'([^']+)'/g)]
      .map(([, glob]) => glob as string)
      .map((glob) => new RegExp(`^${glob.replace('../', '').replaceAll('.', '\\.').replaceAll('*', '[^/]+')}$`));
    expect(globs.length).toBeGreaterThan(0);
    for (const route of ROUTES) {
      expect(existsSync(path.join(clientDir, route.page)), route.page).toBe(true);
      expect(
        globs.some((glob) => glob.test(route.page)),
        route.page,
      ).toBe(true);
    }
  });

  it('has each path once', () => {
    const paths = ROUTES.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
