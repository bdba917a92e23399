import { createTestDatabase } from '../../../platform/db/test-database';
import { selectLocalityNames } from '../locality-repository';
import { createWorkerMatch } from '../worker-match-service';
import { evaluateParser, evaluationSets, formatReport, readEvaluationRequests } from './evaluate-parser';

/**
 * `npm run eval:match`: the local parser's accuracy per filter over each evaluation set (the
 * existing requests, and the family phrasing of issue 31, each scored on its own), on a fresh
 * database with the real localities (PGlite in memory; the PostgreSQL server named by
 * TEST_DATABASE_URL with TEST_DB=postgres), with the time each request took to read. `--misses`
 * also lists every filter it got wrong.
 */
const database = await createTestDatabase({ referenceData: true });
try {
  const match = createWorkerMatch({ loadLocalities: () => selectLocalityNames(database.db), llm: null });
  // As the server does when it starts listening: the timings are then those of a running server.
  const warmUpMs = await match.warmUp();
  const summary: string[] = [];
  for (const set of evaluationSets) {
    const report = await evaluateParser(match, await readEvaluationRequests(set.file));
    console.log(formatReport(report, { showMisses: process.argv.includes('--misses'), title: set.name }));
    console.log('');
    summary.push(`  ${set.name}: ${report.exactMatches} of ${report.requests} exact (${(report.exactMatchRate * 100).toFixed(1)}%)`);
  }
  console.log(['Exact match per set:', ...summary].join('\n'));
  console.log(`Loading the suburb names and the English model (once per process, when the server starts listening): ${warmUpMs} ms.`);
} finally {
  await database.dispose();
}
