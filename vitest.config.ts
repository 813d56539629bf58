import { defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from './tests/support/longest-first-sequencer.mjs';

export default defineConfig({
  test: {
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          // Vitest's default on 2 cores is one worker (cores - 1): the suite would use one core.
          maxWorkers: 2,
          include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          sequence: { groupOrder: 1 },
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/database-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file has its own database and app, so two run side by side, one per core. Also on
          // PostgreSQL beside the browser tests: three there took CI's step 725 s against 693 s
          // with two (the cores are busy either way). A --maxWorkers on the command line does not
          // reach a project that sets its own.
          maxWorkers: 2,
          // A worker keeps the modules it has loaded from one file to the next (each file still
          // makes its own app and database): loading the app again per file cost about 60 s a run.
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          sequence: { groupOrder: 2 },
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/database-setup.ts', 'tests/support/browser-setup.ts'],
          // A browser case drives several pages; beside the PostgreSQL suite on a 2-core machine half
          // as fast as this one, cases that take 30 s here took over a minute. The bound is for a hang.
          testTimeout: 150_000,
          hookTimeout: 240_000,
          // Each file drives its own server and browser, and waits on them about as long as it
          // computes: three side by side finish sooner than two even on a 2-core machine.
          maxWorkers: 3,
          isolate: false,
        },
      },
    ],
  },
});
