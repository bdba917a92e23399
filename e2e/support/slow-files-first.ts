import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The browser test files that take longest (each visits every screen), started first so that the
 * workers finish together instead of one running a long file alone at the end. Vitest orders
 * by the durations it recorded on an earlier run, which a fresh clone (CI) does not have.
 */
const SLOWEST_FIRST = ['screens-visitors', 'screens-workers', 'accounts', 'engagements', 'worker-search'];

const rank = (file: TestSpecification) => {
  const index = SLOWEST_FIRST.findIndex((name) => file.moduleId.endsWith(`/${name}.e2e.test.ts`));
  return index === -1 ? SLOWEST_FIRST.length : index;
};

export default class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: the other files keep Vitest's order.
    return [...sorted].sort((a, b) => rank(a) - rank(b));
  }
}
