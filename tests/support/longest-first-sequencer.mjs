import path from 'node:path';
import { BaseSequencer } from 'vitest/node';

/**
 * Files that run longest, by measurement (docs/testing.md, CI), most first. Vitest starts
 * its longest files first only when it has their times from an earlier run: a clean clone (CI) has
 * none, and a 200-second file started last is the whole run's tail. A name missing here, or one
 * here that got faster, only costs time.
 */
export const LONGEST_FILES = [
  // Their time grows with FUZZ_RUNS: at CI's 10,000 payloads per route on PostgreSQL, 20 to 350 s each.
  'tests/integration/hostile-input-sign-up.test.ts',
  'tests/integration/hostile-input.test.ts',
  'tests/integration/hostile-input-postings.test.ts',
  'tests/integration/hostile-input-groups.test.ts',
  'tests/integration/hostile-input-conversations.test.ts',
  'tests/integration/authorization-matrix.test.ts',
  'tests/integration/server-process.test.ts',
  'tests/integration/hostile-input-auth.test.ts',
  'tests/integration/hostile-input-forms.test.ts',
  'tests/integration/conversations.test.ts',
  // Browser files: 45 to 230 s each on a 2-core machine beside the PostgreSQL suite, three at a time
  // (the first-tap files hold each page's scripts back for seconds).
  'tests/e2e/first-tap-pings-and-detail.test.ts',
  'tests/e2e/first-tap-account-and-profile.test.ts',
  'tests/e2e/first-tap.test.ts',
  'tests/e2e/first-tap-profile-controls.test.ts',
  'tests/e2e/first-tap-posting-form.test.ts',
  'tests/e2e/pages.test.ts',
  'tests/e2e/every-route-axe.test.ts',
  'tests/e2e/keyboard.test.ts',
  'tests/e2e/groups.test.ts',
  'tests/e2e/postings-polish.test.ts',
];

/**
 * The measured longest files first, in the list's order; the rest in Vitest's order (longest first
 * by the times of the last run here, when it has them). The list goes first even then: the last run
 * may have been `npm test`'s 200 payloads per route, where CI's next run sends 10,000.
 */
export class LongestFirstSequencer extends BaseSequencer {
  /** @param {import('vitest/node').TestSpecification[]} files */
  async sort(files) {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    /** @param {import('vitest/node').TestSpecification} file */
    const rank = (file) => {
      const index = LONGEST_FILES.indexOf(path.relative(root, file.moduleId).split(path.sep).join('/'));
      return index === -1 ? LONGEST_FILES.length : index;
    };
    // Projects keep their order (Vitest runs them one after another); within one, longest first.
    const projectOrder = new Map();
    for (const file of sorted) {
      if (!projectOrder.has(file.project.name)) projectOrder.set(file.project.name, projectOrder.size);
    }
    return [...sorted].sort(
      (a, b) => (projectOrder.get(a.project.name) ?? 0) - (projectOrder.get(b.project.name) ?? 0) || rank(a) - rank(b),
    );
  }
}
