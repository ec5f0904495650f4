import { existsSync } from 'node:fs';
import type { LaunchOptions } from 'playwright-core';

/** Flags this machine needs: no sandbox as root, and no calls to Google's services. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The system Chromium (playwright-core downloads none): CHROME_PATH, else Debian's. */
export function chromiumPath() {
  const path = process.env.CHROME_PATH || '/usr/bin/chromium';
  if (!existsSync(path)) {
    throw new Error(
      `Chromium não encontrado em ${path}: instale com "apt-get install chromium" ou defina CHROME_PATH.`,
    );
  }
  return path;
}

export const launchOptions = (): LaunchOptions => ({
  executablePath: chromiumPath(),
  args: CHROMIUM_FLAGS,
  headless: true,
});
