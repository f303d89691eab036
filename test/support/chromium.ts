// Headless Chromium for browser tests, driven by playwright-core with the system's Chromium (Debian's
// `chromium` package): Playwright's own browser downloads are not used. When no Chromium is found
// the caller gets an error saying how to install one, so a browser test fails instead of skipping.
import { accessSync, constants } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** Where Chromium is looked for, in order, after the CHROMIUM_PATH variable. */
export const CANDIDATES: readonly string[] = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

/** Flags for a container or CI runner: no sandbox (root), no GPU, no /dev/shm, no background traffic. */
export const CHROMIUM_ARGS: readonly string[] = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
];

export const INSTALL_HINT =
  'Chromium is needed for the browser tests and was not found. Install it with ' +
  '`apt-get update && apt-get install -y --no-install-recommends chromium` (Debian/Ubuntu), ' +
  'or set CHROMIUM_PATH to a Chromium or Chrome executable.';

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The Chromium executable to use; throws with INSTALL_HINT when there is none. */
export function findChromium(env: NodeJS.ProcessEnv = process.env, candidates: readonly string[] = CANDIDATES): string {
  const fromEnv = env['CHROMIUM_PATH'];
  if (fromEnv !== undefined && fromEnv !== '') {
    if (executable(fromEnv)) return fromEnv;
    throw new Error(`CHROMIUM_PATH=${fromEnv} is not an executable file. ${INSTALL_HINT}`);
  }
  const found = candidates.find(executable);
  if (found === undefined) throw new Error(`${INSTALL_HINT} Looked in: ${candidates.join(', ')}.`);
  return found;
}

/**
 * Launches headless Chromium. The headless flag is passed in CHROMIUM_ARGS (the new headless mode
 * of the full browser), so Playwright's own `headless` switch is left off to avoid a second one.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: findChromium(), headless: false, args: [...CHROMIUM_ARGS] });
}
