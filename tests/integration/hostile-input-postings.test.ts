import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contentType, FUZZ_RUNS, hostileJsonBody, idSegment } from '../support/hostile';
import {
  admin,
  fuzz,
  json,
  postingId,
  postingMultipart,
  sendPostingMultipart,
  setUpHostileApp,
  TIMEOUT,
} from './hostile-setup';

setUpHostileApp();

describe(`hostile input to a posting's writes: ${FUZZ_RUNS} generated payloads per route`, () => {
  it(
    'POST /api/postings (multipart create)',
    async () => {
      const statuses = await fuzz(
        postingMultipart,
        (payload) => sendPostingMultipart('POST', '/api/postings', payload),
        {
          files: true,
        },
      );
      // The generators reach both sides: some postings are refused, some are valid.
      expect(statuses.get(400)).toBeGreaterThan(0);
    },
    TIMEOUT,
  );

  it(
    'PUT /api/postings/:id (multipart edit)',
    async () => {
      const statuses = await fuzz(
        fc.tuple(postingMultipart, idSegment([postingId])),
        ([payload, id]) => sendPostingMultipart('PUT', `/api/postings/${id}`, payload),
        { files: true },
      );
      expect(statuses.get(400)).toBeGreaterThan(0);
    },
    TIMEOUT,
  );

  it(
    'PATCH /api/postings/:id/status',
    async () => {
      const statusValues = ['Unfulfilled', 'Likely Fulfilled', 'Fulfilled', 'fulfilled', 'FULFILLED', ''];
      const body = fc.record({
        text: fc.oneof(
          hostileJsonBody(['status'], { status: 'Likely Fulfilled' }),
          fc.constantFrom(...statusValues).map((status) => JSON.stringify({ status })),
        ),
        type: contentType,
      });
      await fuzz(fc.tuple(body, idSegment([postingId])), ([payload, id]) =>
        json(admin, 'PATCH', `/api/postings/${id}/status`)(payload),
      );
    },
    TIMEOUT,
  );
});
