import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runTsChild, type ChildRun } from '../../test-support/ts-child-process';

/**
 * Issue 10, section 1: on PGlite, whichever extension module finished loading last used to be the
 * only complete one. With pg_trgm incomplete, the first typo search trapped and the next query
 * hung the process. Each extension in turn is made to finish last, in a child process (a wedged
 * PGlite spins on the main thread, so it could not be stopped from inside this one).
 */
const CHILD_TIMEOUT_MS = 240_000;

describe.runIf(process.env.TEST_DB !== 'postgres')('PGlite extensions, whichever finishes loading last', () => {
  let run: ChildRun;
  let answersByExtension: Map<string, unknown>;

  beforeAll(async () => {
    run = await runTsChild(path.join(import.meta.dirname, 'test-extension-load-order-child.ts'), [], CHILD_TIMEOUT_MS);
    answersByExtension = new Map(
      run.stdout
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => {
          const answers = JSON.parse(line) as { extension: string };
          return [answers.extension, answers];
        }),
    );
  }, CHILD_TIMEOUT_MS + 10_000);

  it.each(['cube', 'earthdistance', 'pg_trgm'])('answers the typo searches and the health check with %s held back', (extension) => {
    const why = run.signal ? `the child process was killed (${run.signal}): it hung` : `the child process exited with ${run.code}`;
    expect(answersByExtension.get(extension), `${why}\n${run.stderr}`).toMatchObject({
      unknownPlace: {
        status: 400,
        body: { message: 'We could not find "Qwertyzzzville". Try a suburb name or a postcode.', code: 'UNKNOWN_PLACE' },
      },
      misspeltPlace: {
        status: 400,
        body: { message: 'We could not find "Marickville". Did you mean Marrickville NSW 2204? Try a suburb name or a postcode.' },
      },
      keywordTypo: { status: 200, body: [expect.objectContaining({ firstName: 'Ava' })] },
      health: { status: 200, body: expect.objectContaining({ status: 'ok' }) },
    });
    expect(run.code).toBe(0);
  });
});
