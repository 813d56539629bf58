import { describe, expect, it } from 'vitest';
import { createUploadGate, createWorkQueue } from './in-flight';

describe('the image-work queue', () => {
  it('never runs more tasks at once than its concurrency, and runs them all in order of arrival', async () => {
    const run = createWorkQueue(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const task = (i: number) => async () => {
      started.push(i);
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      if (i === 3) throw new Error('a bad image');
      return i;
    };
    const results = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => run(task(i))));
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(9);
    // A failed task gave its place back: the queue still runs.
    expect(await run(async () => 'after')).toBe('after');
  });

  it('refuses a task that would wait behind its queue limit, and takes one again once a place frees', async () => {
    const full = new Error('full');
    const run = createWorkQueue(1, { queueLimit: 1, whenFull: () => full });
    let finish = () => {};
    const first = run(() => new Promise<void>((resolve) => (finish = resolve)));
    const second = run(async () => 'second');
    await expect(run(async () => 'third')).rejects.toBe(full);
    finish();
    await first;
    expect(await second).toBe('second');
    expect(await run(async () => 'later')).toBe('later');
  });
});

describe('the upload gate', () => {
  it('refuses past the per-student and total caps, and a release frees exactly one place', () => {
    const gate = createUploadGate({ perStudent: 2, total: 3 });
    const a1 = gate.enter('a');
    gate.enter('a');
    expect(() => gate.enter('a')).toThrow(expect.objectContaining({ statusCode: 429, code: 'UPLOAD_IN_PROGRESS' }));
    gate.enter('b');
    expect(() => gate.enter('c')).toThrow(expect.objectContaining({ statusCode: 503, code: 'UPLOADS_BUSY' }));
    a1();
    a1();
    expect(gate.inFlight).toBe(2);
    gate.enter('c');
    expect(() => gate.enter('a')).toThrow(expect.objectContaining({ statusCode: 503 }));
  });
});
