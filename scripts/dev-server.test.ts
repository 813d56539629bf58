import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root } from './lib/client-build.mjs';

// `npm run dev`: Vite serves the client's modules and hands API paths to the API beside it.
// The client's own folder src/client/api/ shares the /api prefix with the API.
describe('the development server', () => {
  let api: Server;
  let vite: ViteDevServer;
  let base: string;
  const apiPortBefore = process.env.API_PORT;

  beforeAll(async () => {
    // Stands in for the API: answers every request with its path, so a test sees what was proxied.
    api = createHttpServer((request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ api: request.url }));
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    process.env.API_PORT = String((api.address() as AddressInfo).port);
    vite = await createServer({
      configFile: path.join(root, 'vite.config.ts'),
      logLevel: 'silent',
      server: { port: 0, strictPort: false, host: '127.0.0.1' },
    });
    await vite.listen();
    const address = vite.httpServer?.address() as AddressInfo | null | undefined;
    if (!address) throw new Error('the development server is not listening');
    base = `http://127.0.0.1:${address.port}`;
  }, 60_000);

  afterAll(async () => {
    await vite?.close();
    await new Promise((resolve) => api?.close(resolve));
    if (apiPortBefore === undefined) delete process.env.API_PORT;
    else process.env.API_PORT = apiPortBefore;
  });

  it("serves the client's modules under src/client/api/ itself", async () => {
    const response = await fetch(`${base}/api/client.ts`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(await response.text()).toContain('class ApiError');
  });

  it('hands API requests to the API', async () => {
    const response = await fetch(`${base}/api/config`);
    expect(await response.json()).toEqual({ api: '/api/config' });
  });
});
