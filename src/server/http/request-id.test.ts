import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { requestId } from './request-id';

const withHeader = (value: string | string[] | undefined) =>
  ({ headers: value === undefined ? {} : { 'x-request-id': value } }) as unknown as IncomingMessage;

const GENERATED = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('requestId', () => {
  it("keeps a proxy's id made of letters, digits and ._- up to 128 characters", () => {
    for (const id of ['a', '0f3c2a9b8e7d6c5b4a39281706f5e4d3', 'edge-7.req_42', 'x'.repeat(128)]) {
      expect(requestId(withHeader(id))).toBe(id);
    }
  });

  it('makes a new random id when none was sent or the one sent is not a sane token', () => {
    const refused = [
      undefined,
      '',
      'x'.repeat(129),
      'two words',
      'line\nbreak',
      '{"level":60}',
      '../../etc/passwd',
      'ünïcode',
      ['first', 'second'],
    ];
    const made = refused.map((value) => requestId(withHeader(value)));
    for (const id of made) expect(id).toMatch(GENERATED);
    expect(new Set(made).size).toBe(made.length);
  });
});
