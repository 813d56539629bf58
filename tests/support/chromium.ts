import { existsSync } from 'node:fs';

export interface ChromiumLaunch {
  executablePath: string;
  args: string[];
  source: string;
}

/** Keep Chromium off the network on a closed machine (docs/testing.md). */
export const QUIET_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

const SYSTEM_CHROMIUMS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** CHROME_PATH, then a system Chromium, then the Chromium shipped inside @sparticuz/chromium. */
export async function findChromium(): Promise<ChromiumLaunch> {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROME_PATH points to ${fromEnv}, which does not exist.`);
    return { executablePath: fromEnv, args: QUIET_ARGS, source: 'CHROME_PATH' };
  }
  const system = SYSTEM_CHROMIUMS.find((candidate) => existsSync(candidate));
  if (system) return { executablePath: system, args: QUIET_ARGS, source: 'system' };
  const { default: sparticuz } = await import('@sparticuz/chromium');
  const executablePath = await sparticuz.executablePath();
  // Not its Lambda flags: --single-process allows one browser context only, and
  // --disable-web-security would hide the very policies the tests check.
  return { executablePath, args: [...QUIET_ARGS, '--use-angle=swiftshader'], source: '@sparticuz/chromium' };
}
