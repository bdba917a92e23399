import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/**
 * The browser for the tests: the system's Chromium when there is one (CHROMIUM_PATH, then
 * /usr/bin/chromium), otherwise the Chromium that the @sparticuz/chromium npm package ships, so a
 * fresh machine needs nothing but npm. Never skipped: if no browser starts, the tests fail.
 */
const quietFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export async function launchBrowser(): Promise<Browser> {
  const systemPath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
    (candidate): candidate is string => Boolean(candidate) && existsSync(candidate as string),
  );
  if (systemPath) {
    return chromium.launch({ executablePath: systemPath, headless: true, args: quietFlags });
  }
  const { default: packaged } = await import('@sparticuz/chromium');
  const executablePath = await packaged.executablePath();
  return chromium.launch({ executablePath, headless: true, args: [...packaged.args, ...quietFlags] });
}
