import { existsSync } from 'node:fs';
import { launch, type Browser } from 'puppeteer-core';

/**
 * The Chromium of the system packages (Debian's `chromium`; `.ci/run` installs it when missing), or
 * RATLAS_CHROMIUM. Never a downloaded browser build: puppeteer-core ships none.
 */
export function chromiumPath(): string {
  const candidates = [process.env['RATLAS_CHROMIUM'], '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].filter((p): p is string => Boolean(p));
  const found = candidates.find((p) => existsSync(p));
  if (!found) throw new Error(`No Chromium at ${candidates.join(', ')}: install it (apt-get install chromium) or set RATLAS_CHROMIUM.`);
  return found;
}

/** Headless Chromium; `--no-sandbox` because CI containers run as root. */
export function launchBrowser(): Promise<Browser> {
  return launch({ executablePath: chromiumPath(), headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
}
