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
  // The emails' times (waitForEmail) show that the product keeps this clock: on the machine's,
  // no email would be found.
  server = await startProduct({ TEST_CLOCK: testClockStart().toISOString() });
  project.provide('baseUrl', server.baseUrl);
  project.provide('productClockOffsetMs', server.clockOffsetMs);
}

export async function teardown(): Promise<void> {
  await server?.stop();
}
