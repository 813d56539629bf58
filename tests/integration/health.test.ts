import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('health', () => {
  it('reports the process up on /healthz', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('reports the database reachable on /readyz', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers /readyz with 503 in the error shape when the database is gone', async () => {
    const other = await createTestApp();
    await other.database.close();
    const response = await other.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(503);
    expect(response.json().error).toMatchObject({ code: 'DATABASE_UNAVAILABLE', title: 'Service Unavailable' });
    await other.app.close();
  });
});

describe('API basics', () => {
  it('answers unknown /api paths with a JSON 404 in the one error shape', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({
      error: { code: 'NOT_FOUND', title: 'Not Found', message: 'There is nothing at this address.' },
    });
  });

  it('serves the public college config without secrets', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.productName).toBe('Quadmates');
    expect(body.college).toEqual({ name: 'Boston College', shortName: 'BC', emailDomain: 'bc.edu' });
    expect(body.dorms).toHaveLength(14);
    expect(body.dorms[0]).toEqual({ key: 'Gabelli', label: 'Gabelli Hall', image: '/college/dorms/gabelli.svg' });
    expect(body.landingImages).toHaveLength(7);
    expect(body.groupsMatched).toBe(21);
    expect(JSON.stringify(body)).not.toContain(t.config.authSecret);
  });

  it('serves the college images it names', async () => {
    const config = (await t.app.inject({ method: 'GET', url: '/api/config' })).json();
    const response = await t.app.inject({ method: 'GET', url: config.dorms[0].image });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('image/svg+xml');
  });

  it('sends security headers with a strict content security policy', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('describes the API in an OpenAPI document', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain('/api/config');
  });

  it('answers malformed JSON with a 400 in the error shape, not a stack trace', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/config',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken":',
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json().error.code).toBeTypeOf('string');
    expect(response.body).not.toContain('at ');
  });
});
