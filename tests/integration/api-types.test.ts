/**
 * One typed contract (issue 31): the client's API types (src/shared/api-schema.generated.ts) are
 * generated from the OpenAPI document the server makes of its routes' zod schemas. A change to a
 * route's path, parameters, body or answer that was not regenerated fails here, so CI (which runs
 * this suite) never carries a client typed against routes the server no longer has.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TYPES_FILE, apiDocument, apiTypes } from '../../scripts/lib/api-types';
import { createTestDatabase, type TestDatabase } from '../support/database';

let database: TestDatabase;
let fresh: string;

beforeAll(async () => {
  database = await createTestDatabase();
  fresh = await apiTypes(await apiDocument(database));
}, 120_000);
afterAll(async () => database?.destroy());

describe('the generated API types', () => {
  it('are what the server routes give today (else run npm run api:generate and commit the file)', () => {
    expect(readFileSync(API_TYPES_FILE, 'utf8') === fresh, 'src/shared/api-schema.generated.ts is stale').toBe(true);
  });

  it('describe the routes the client calls, with their parameters, bodies and answers', () => {
    expect(fresh).toContain('"/api/postings/{id}": {');
    expect(fresh).toMatch(/"\/api\/pings\/\{id\}": \{[\s\S]*?patch: \{[\s\S]*?requestBody: \{/);
    expect(fresh).toMatch(/"\/api\/postings": \{[\s\S]*?query\?: \{[\s\S]*?location\?:/);
  });
});
