import { existsSync } from 'node:fs';
import { launch, type Browser } from 'puppeteer-core';

/**
 * The Chromium of the system packages (Debian's `chromium`; `.ci/run` installs it when missing), or
 * RATLAS_CHROMIUM. Never a downloaded browser build: puppeteer-core ships none.
 */
export function chromiumPath(): string {
  const found = findChromium();
  if (!found) throw new Error(`No Chromium at ${CANDIDATES().join(', ')}: install it (apt-get install chromium) or set RATLAS_CHROMIUM.`);
  return found;
}

const CANDIDATES = () => [process.env['RATLAS_CHROMIUM'], '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].filter((p): p is string => Boolean(p));

function findChromium(): string | undefined {
  return CANDIDATES().find((p) => existsSync(p));
}

/**
 * Whether the browser tests run: always where Chromium is, and in CI (`.ci/run` sets
 * RATLAS_REQUIRE_BROWSER and installs Chromium) even when it is missing, so that there a missing
 * browser fails the suite instead of skipping the page's tests. On a newcomer's machine without it
 * they are skipped, and vitest lists them as skipped.
 */
export const browserTestsRun = findChromium() !== undefined || process.env['RATLAS_REQUIRE_BROWSER'] === '1';

/** Headless Chromium; `--no-sandbox` because CI containers run as root. */
export function launchBrowser(): Promise<Browser> {
  return launch({ executablePath: chromiumPath(), headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
}
