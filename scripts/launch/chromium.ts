import type { LaunchOptions } from 'playwright-core';
import { isExecutable, onPath } from './on-path';

/** Flags this machine needs: no sandbox as root, and no calls to Google's services. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The system Chromium (playwright-core downloads none): CHROME_PATH, else Debian's `chromium` on PATH; undefined if neither. */
export function findChromium() {
  const given = process.env.CHROME_PATH;
  if (given) return isExecutable(given) ? given : undefined;
  return onPath('chromium');
}

export function chromiumPath() {
  const path = findChromium();
  if (!path) {
    throw new Error(
      `Chromium não encontrado (${process.env.CHROME_PATH || 'chromium no PATH'}): instale com "apt-get install chromium" ou defina CHROME_PATH.`,
    );
  }
  return path;
}

export const launchOptions = (): LaunchOptions => ({
  executablePath: chromiumPath(),
  args: CHROMIUM_FLAGS,
  headless: true,
});
