/**
 * Background jobs of one server: each runs every `everyMs`, and at once when triggered; a job never
 * overlaps itself (a trigger during a run makes it run once more right after). Jobs must be safe
 * with several servers running them side by side; each one's SQL sees to that.
 */
import type { FastifyBaseLogger } from 'fastify';

/** How long stop() waits for the runs in flight. */
export const STOP_WAIT_MS = 5_000;

export interface Job {
  name: string;
  everyMs: number;
  run(): Promise<unknown>;
}

interface JobState {
  job: Job;
  timer?: NodeJS.Timeout;
  running?: Promise<void>;
  again: boolean;
}

export class JobRunner {
  private readonly jobs = new Map<string, JobState>();
  private started = false;

  constructor(private readonly log: Pick<FastifyBaseLogger, 'error'>) {}

  add(job: Job): void {
    if (this.jobs.has(job.name)) throw new Error(`job ${job.name} is already registered`);
    const state: JobState = { job, again: false };
    this.jobs.set(job.name, state);
    if (this.started) this.schedule(state, 0);
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    for (const state of this.jobs.values()) this.schedule(state, 0);
  }

  /** Runs the job as soon as possible (after its current run, if one is going). No-op before start. */
  trigger(name: string): void {
    const state = this.jobs.get(name);
    if (!state || !this.started) return;
    if (state.running) {
      state.again = true;
      return;
    }
    this.schedule(state, 0);
  }

  /**
   * Stops scheduling and waits for the runs in flight, for STOP_WAIT_MS at most: a run stuck on a
   * database that has gone away must not hold the server's shutdown forever.
   */
  async stop(): Promise<void> {
    this.started = false;
    for (const state of this.jobs.values()) clearTimeout(state.timer);
    const inFlight = [...this.jobs.values()].filter((state) => state.running);
    let timer: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      Promise.all(inFlight.map((state) => state.running)).then(() => true),
      new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), STOP_WAIT_MS);
      }),
    ]);
    clearTimeout(timer);
    if (!finished) {
      const names = inFlight.filter((state) => state.running).map((state) => state.job.name);
      this.log.error(
        { jobs: names },
        `background jobs still running after ${STOP_WAIT_MS} ms at shutdown: ${names.join(', ')}`,
      );
    }
  }

  private schedule(state: JobState, delayMs: number): void {
    clearTimeout(state.timer);
    state.timer = setTimeout(() => this.runOnce(state), delayMs);
    state.timer.unref();
  }

  private runOnce(state: JobState): void {
    if (!this.started || state.running) return;
    state.again = false;
    state.running = state.job
      .run()
      .then(
        () => undefined,
        (error: unknown) =>
          this.log.error(
            { err: error, job: state.job.name },
            `background job ${state.job.name} failed; it runs again later`,
          ),
      )
      .finally(() => {
        state.running = undefined;
        if (this.started) this.schedule(state, state.again ? 0 : state.job.everyMs);
      });
  }
}
