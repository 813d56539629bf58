import { describe, expect, it, vi } from 'vitest';
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
  it('refuses past the per-student and total caps, and a release frees exactly one place', async () => {
    const gate = createUploadGate({ perStudent: 2, total: 3, waitMs: 0 });
    const a1 = await gate.enter('a');
    await gate.enter('a');
    await expect(gate.enter('a')).rejects.toMatchObject({ statusCode: 429, code: 'UPLOAD_IN_PROGRESS' });
    await gate.enter('b');
    await expect(gate.enter('c')).rejects.toMatchObject({ statusCode: 503, code: 'UPLOADS_BUSY' });
    a1();
    a1();
    expect(gate.inFlight).toBe(2);
    await gate.enter('c');
    await expect(gate.enter('a')).rejects.toMatchObject({ statusCode: 503 });
  });

  it('lets an upload that finds every place taken wait its turn, ahead of anyone who comes later', async () => {
    const gate = createUploadGate({ perStudent: 2, total: 2, waitMs: 60_000, maxWaiting: 4 });
    const held = [await gate.enter('a'), await gate.enter('a')];
    const granted: string[] = [];
    const [b, c] = ['b', 'c'].map((student) =>
      gate.enter(student).then((release) => {
        granted.push(student);
        return release;
      }),
    ) as [Promise<() => void>, Promise<() => void>];
    await Promise.resolve();
    expect(gate.waiting).toBe(2);
    // A place freed goes to the first in line, not to the student who takes the next turn.
    held[0]?.();
    const later = gate.enter('a').then(() => granted.push('a again'));
    await b;
    expect(granted).toEqual(['b']);
    held[1]?.();
    await c;
    expect(granted).toEqual(['b', 'c']);
    expect(gate.inFlight).toBe(2);
    (await b)();
    await later;
    expect(granted).toEqual(['b', 'c', 'a again']);
  });

  it('answers 503 to an upload that waited its whole wait, and to one past the line', async () => {
    vi.useFakeTimers();
    try {
      const gate = createUploadGate({ perStudent: 2, total: 1, waitMs: 15_000, maxWaiting: 1 });
      await gate.enter('a');
      const waiting = gate.enter('b');
      await expect(gate.enter('c')).rejects.toMatchObject({ statusCode: 503, code: 'UPLOADS_BUSY' });
      vi.advanceTimersByTime(15_000);
      await expect(waiting).rejects.toMatchObject({ statusCode: 503, code: 'UPLOADS_BUSY' });
      expect(gate.waiting).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it("counts a student's waiting uploads in their share, and lets a sender who went away withdraw", async () => {
    const gate = createUploadGate({ perStudent: 1, total: 1, waitMs: 60_000, maxWaiting: 4 });
    const release = await gate.enter('a');
    const gone = new AbortController();
    const waiting = gate.enter('b', gone.signal);
    await expect(gate.enter('b')).rejects.toMatchObject({ statusCode: 429 });
    gone.abort(new Error('the browser went away'));
    await expect(waiting).rejects.toThrow('the browser went away');
    expect(gate.waiting).toBe(0);
    // The withdrawn upload holds nothing: the place goes to whoever comes next.
    release();
    await gate.enter('b');
    expect(gate.inFlight).toBe(1);
  });
});
