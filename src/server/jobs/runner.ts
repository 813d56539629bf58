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

/** One finished run: which job, whether it succeeded, and how long it took (for the metrics). */
export interface JobRun {
  name: string;
  ok: boolean;
  seconds: number;
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

  constructor(
    private readonly log: Pick<FastifyBaseLogger, 'error'>,
    /** Told of every finished run (the server's metrics count them). */
    private readonly finished?: (run: JobRun) => void,
  ) {}

  add(job: Job): void {
    if (this.jobs.has(job.name)) throw new Error(`job ${job.name} is already registered`);
    const state: JobState = { job, again: false };
    this.jobs.set(job.name, state);
    if (this.started) this.schedule(state, 0);
  }

  /** The jobs registered, by name. */
  get names(): string[] {
    return [...this.jobs.keys()];
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
    const startedAt = performance.now();
    const ran = (ok: boolean) =>
      this.finished?.({ name: state.job.name, ok, seconds: (performance.now() - startedAt) / 1000 });
    state.running = state.job
      .run()
      .then(
        () => ran(true),
        (error: unknown) => {
          ran(false);
          this.log.error(
            { err: error, job: state.job.name },
            `background job ${state.job.name} failed; it runs again later`,
          );
        },
      )
      .finally(() => {
        state.running = undefined;
        if (this.started) this.schedule(state, state.again ? 0 : state.job.everyMs);
      });
  }
}
