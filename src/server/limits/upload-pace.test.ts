import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type TooSlow, uploadPace, watchUploadPace } from './upload-pace';

const pace = uploadPace({ windowMs: 1_000, minBytesPerWindow: 100, deadlineMs: 10_000 });

/** A body being read (flowing), and what the watch said about it. */
function watched() {
  const body = new PassThrough();
  body.resume();
  const said: TooSlow[] = [];
  const stop = watchUploadPace(body, pace, (why) => said.push(why));
  return { body, said, stop };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the upload pace', () => {
  it('cuts off a body at the end of the first window that brought less than the minimum, once', async () => {
    const { body, said } = watched();
    body.write(Buffer.alloc(150));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(said).toEqual([]);
    // A byte now and then: the second window falls short.
    body.write(Buffer.alloc(1));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(said).toEqual(['below the minimum pace']);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(said).toEqual(['below the minimum pace']);
  });

  it('cuts off a body that keeps the pace but has not ended by the deadline', async () => {
    const { body, said } = watched();
    for (let second = 1; second < 10; second += 1) {
      body.write(Buffer.alloc(100));
      await vi.advanceTimersByTimeAsync(1_000);
    }
    expect(said).toEqual([]);
    body.write(Buffer.alloc(100));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(said).toEqual(['past the deadline']);
  });

  it('says nothing once the body has ended, nor after the reader stopped watching', async () => {
    const ended = watched();
    ended.body.end(Buffer.alloc(10));
    await vi.advanceTimersByTimeAsync(0);
    const stopped = watched();
    stopped.stop();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(ended.said).toEqual([]);
    expect(stopped.said).toEqual([]);
  });
});
