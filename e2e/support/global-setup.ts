import type { TestProject } from 'vitest/node';
import { prepareBrowser } from './browser';
import { testClockStart } from './product-clock';
import { startProduct, type ProductServer } from './product-server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

let server: ProductServer | undefined;

export async function setup(project: TestProject): Promise<void> {
  // The emails' times (waitForEmail) show that the product keeps this clock: on the machine's,
  // no email would be found. The browser is unpacked while the product starts: neither needs the other.
  const clockStart = testClockStart();
  [server] = await Promise.all([startProduct({ TEST_CLOCK: clockStart.toISOString() }), prepareBrowser()]);
  // A start-up faster than the 15 s to midnight waits for the rest: every journey runs after it.
  const toMidnight = clockStart.getTime() + 15_000 - (Date.now() + server.clockOffsetMs);
  if (toMidnight > 0) await new Promise((resolve) => setTimeout(resolve, toMidnight + 500));
  project.provide('baseUrl', server.baseUrl);
  project.provide('productClockOffsetMs', server.clockOffsetMs);
}

export async function teardown(): Promise<void> {
  await server?.stop();
}
