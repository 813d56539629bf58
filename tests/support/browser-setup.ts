import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { ensureClientBuilt } from '../../scripts/lib/client-build.mjs';
import { type ChromiumLaunch, findChromium } from './chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    chromium: ChromiumLaunch;
  }
}

/** Builds the client the browser tests drive and finds the Chromium they run in. */
export default async function setup(project: TestProject) {
  ensureClientBuilt();
  const launch = await findChromium();
  const browser = await chromium.launch({ executablePath: launch.executablePath, args: launch.args });
  process.stdout.write(
    `Browser tests run in Chromium ${browser.version()} (${launch.source}: ${launch.executablePath})\n`,
  );
  await browser.close();
  project.provide('chromium', launch);
}
