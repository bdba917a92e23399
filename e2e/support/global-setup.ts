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
  await prepareBrowser();
  const clockStart = testClockStart();
  server = await startProduct({ TEST_CLOCK: clockStart.toISOString() });
  // Its clock must be the test clock, a few minutes on at most, or no run crosses midnight.
  const productTime = Date.now() + server.clockOffsetMs;
  if (productTime < clockStart.getTime() - 1000 || productTime > clockStart.getTime() + 5 * 60_000) {
    throw new Error(`The product's clock reads ${new Date(productTime).toISOString()}, not the TEST_CLOCK it was started on (${clockStart.toISOString()})`);
  }
  project.provide('baseUrl', server.baseUrl);
  project.provide('productClockOffsetMs', server.clockOffsetMs);
}

export async function teardown(): Promise<void> {
  await server?.stop();
}
