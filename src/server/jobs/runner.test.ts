import { afterEach, describe, expect, it, vi } from 'vitest';
import { type JobRun, JobRunner, STOP_WAIT_MS } from './runner';

/** A job whose runs end when the test says so, recording how many ran and how many overlapped. */
function controlledJob(name = 'job', everyMs = 60 * 60_000) {
  const ends: Array<() => void> = [];
  const state = { started: 0, running: 0, maxRunning: 0, finished: 0 };
  return {
    state,
    job: {
      name,
      everyMs,
      run: () =>
        new Promise<void>((resolve) => {
          state.started += 1;
          state.running += 1;
          state.maxRunning = Math.max(state.maxRunning, state.running);
          ends.push(() => {
            state.running -= 1;
            state.finished += 1;
            resolve();
          });
        }),
    },
    /** Ends the oldest run in flight. */
    finish() {
      const end = ends.shift();
      if (!end) throw new Error('no run in flight');
      end();
    },
  };
}

const log = () => ({ error: vi.fn() });
let runner: JobRunner | undefined;
afterEach(async () => {
  await runner?.stop();
  runner = undefined;
});

describe('JobRunner', () => {
  it('runs each job once at start and then every everyMs', async () => {
    vi.useFakeTimers();
    try {
      const { job, state, finish } = controlledJob('poll', 1000);
      runner = new JobRunner(log());
      runner.add(job);
      await vi.advanceTimersByTimeAsync(5000);
      expect(state.started).toBe(0);
      runner.start();
      await vi.advanceTimersByTimeAsync(0);
      expect(state.started).toBe(1);
      finish();
      await vi.advanceTimersByTimeAsync(999);
      expect(state.started).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(state.started).toBe(2);
      finish();
      await vi.advanceTimersByTimeAsync(1000);
      expect(state.started).toBe(3);
      finish();
    } finally {
      vi.useRealTimers();
    }
  });

  it('never overlaps a run; triggers during a run make it run exactly once more', async () => {
    const { job, state, finish } = controlledJob();
    runner = new JobRunner(log());
    runner.add(job);
    runner.start();
    await vi.waitFor(() => expect(state.started).toBe(1));
    for (let i = 0; i < 5; i += 1) runner.trigger('job');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(state.started).toBe(1);
    finish();
    await vi.waitFor(() => expect(state.started).toBe(2));
    finish();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(state.started).toBe(2);
    expect(state.maxRunning).toBe(1);
  });

  it('runs at once when triggered while idle, and not at all before start', async () => {
    const { job, state, finish } = controlledJob();
    runner = new JobRunner(log());
    runner.add(job);
    runner.trigger('job');
    runner.trigger('no-such-job');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(state.started).toBe(0);
    runner.start();
    await vi.waitFor(() => expect(state.started).toBe(1));
    finish();
    await vi.waitFor(() => expect(state.finished).toBe(1));
    runner.trigger('job');
    await vi.waitFor(() => expect(state.started).toBe(2));
    finish();
  });

  it('stop waits for the run in flight, and nothing runs after it', async () => {
    const { job, state, finish } = controlledJob();
    runner = new JobRunner(log());
    runner.add(job);
    runner.start();
    await vi.waitFor(() => expect(state.started).toBe(1));
    runner.trigger('job');
    let stopped = false;
    const stopping = runner.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(stopped).toBe(true);
    expect(state.finished).toBe(1);
    runner.trigger('job');
    await new Promise((resolve) => setTimeout(resolve, 30));
    // Neither the trigger made during the run nor the one after stop ran it again.
    expect(state.started).toBe(1);
  });

  it('logs a failed run and keeps the job: the next trigger runs it again', async () => {
    const logger = log();
    let calls = 0;
    runner = new JobRunner(logger);
    runner.add({
      name: 'flaky',
      everyMs: 60 * 60_000,
      run: async () => {
        calls += 1;
        if (calls === 1) throw new Error('database away');
      },
    });
    runner.start();
    await vi.waitFor(() => expect(logger.error).toHaveBeenCalledTimes(1));
    expect(logger.error.mock.calls[0]?.[0]).toMatchObject({ job: 'flaky' });
    runner.trigger('flaky');
    await vi.waitFor(() => expect(calls).toBe(2));
    expect(logger.error).toHaveBeenCalledTimes(1);
  });

  it('tells its observer of every finished run: the job, whether it failed, and how long it ran', async () => {
    vi.useFakeTimers();
    try {
      const runs: JobRun[] = [];
      runner = new JobRunner(log(), (run) => runs.push(run));
      const slow = controlledJob('digest');
      runner.add(slow.job);
      runner.add({
        name: 'broken',
        everyMs: 60 * 60_000,
        run: async () => {
          throw new Error('database away');
        },
      });
      expect(runner.names).toEqual(['digest', 'broken']);
      runner.start();
      await vi.advanceTimersByTimeAsync(1_500);
      expect(runs).toEqual([{ name: 'broken', ok: false, seconds: 0 }]);
      slow.finish();
      await vi.advanceTimersByTimeAsync(0);
      expect(runs).toEqual([
        { name: 'broken', ok: false, seconds: 0 },
        { name: 'digest', ok: true, seconds: 1.5 },
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses two jobs with one name, and starts a job added after start', async () => {
    runner = new JobRunner(log());
    const first = controlledJob('same');
    runner.add(first.job);
    expect(() => runner?.add(controlledJob('same').job)).toThrow(/already registered/);
    runner.start();
    const late = controlledJob('late');
    runner.add(late.job);
    await vi.waitFor(() => expect(late.state.started).toBe(1));
    await vi.waitFor(() => expect(first.state.started).toBe(1));
    first.finish();
    late.finish();
  });
  it('stops waiting for a run stuck on a database that has gone, after STOP_WAIT_MS, and says which', async () => {
    vi.useFakeTimers();
    try {
      const logger = log();
      runner = new JobRunner(logger);
      const stuck = controlledJob('stuck');
      runner.add(stuck.job);
      runner.start();
      await vi.advanceTimersByTimeAsync(0);
      expect(stuck.state.started).toBe(1);
      let stopped = false;
      const stopping = runner.stop().then(() => {
        stopped = true;
      });
      await vi.advanceTimersByTimeAsync(STOP_WAIT_MS - 1);
      expect(stopped).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await stopping;
      expect(logger.error).toHaveBeenCalledWith({ jobs: ['stuck'] }, expect.stringContaining('stuck'));
      stuck.finish();
      runner = undefined;
    } finally {
      vi.useRealTimers();
    }
  });
});
