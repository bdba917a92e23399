import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbExecutor } from './client';

export class ExtensionCheckError extends Error {
  /** What went wrong, without the database's own words: for /api/health, which anyone may read. */
  readonly summary: string;

  constructor(problems: readonly string[], summary: string) {
    super(
      `The database extensions do not answer correctly, so search would give wrong answers or hang:\n${problems
        .map((problem) => `  - ${problem}`)
        .join('\n')}\nOn the embedded database (PGlite) restart the process; on a PostgreSQL server check that cube, earthdistance and pg_trgm are installed and created, with their default settings (pg_trgm.similarity_threshold 0.3).`,
    );
    this.name = 'ExtensionCheckError';
    this.summary = summary;
  }
}

const answersSchema = z.object({
  trigram_match: z.boolean().nullable(),
  trigram_similarity: z.number().nullable(),
  sydney_to_melbourne_m: z.number().nullable(),
  cube_distance: z.number().nullable(),
});

/** Sydney GPO to Melbourne GPO is about 714 km on earthdistance's sphere (radius 6378.168 km). */
const SYDNEY_TO_MELBOURNE_M = { min: 700_000, max: 730_000 };

/**
 * Asks each extension search relies on a question with a known answer: pg_trgm (`%` and
 * `similarity`, suburb suggestions and keyword typos), earthdistance (radius search) and cube
 * (which earthdistance is built on). Throws an ExtensionCheckError naming every wrong answer.
 *
 * Why (issue 10, section 1): a half-loaded extension on PGlite answered nothing, or trapped and
 * then hung the process, on the first search that used it. Run at start-up, on PGlite and
 * PostgreSQL alike, a broken extension stops the process with a clear message instead; run by
 * /api/health, it proves the database still answers real queries.
 */
export async function checkExtensions(db: DbExecutor): Promise<void> {
  let result: { rows: unknown[] };
  try {
    result = await db.execute(sql`
      select 'abc' % 'abd' as trigram_match,
        similarity('abc', 'abd')::float8 as trigram_similarity,
        earth_distance(ll_to_earth(-33.8675, 151.2070), ll_to_earth(-37.8136, 144.9631))::float8 as sydney_to_melbourne_m,
        cube_distance(cube(array[0, 0]), cube(array[3, 4]))::float8 as cube_distance`);
  } catch (error) {
    // Drizzle wraps the database's own error (say, "function ll_to_earth(...) does not exist") as the cause.
    const reason = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    throw new ExtensionCheckError([`the check query failed: ${reason instanceof Error ? reason.message : String(reason)}`], 'The database failed the check query.');
  }
  const answers = answersSchema.safeParse(result.rows[0]);
  if (!answers.success) {
    throw new ExtensionCheckError([`the check query answered ${JSON.stringify(result.rows)} instead of one row of answers`], 'The database answered the check query with no answers.');
  }
  const { trigram_match, trigram_similarity, sydney_to_melbourne_m, cube_distance } = answers.data;
  const problems: string[] = [];
  // 'abc' and 'abd' share 2 of their 6 distinct trigrams: similarity 1/3, above the 0.3 threshold of %.
  if (trigram_match !== true) problems.push(`pg_trgm: 'abc' % 'abd' gave ${String(trigram_match)}, expected true`);
  if (trigram_similarity === null || Math.abs(trigram_similarity - 1 / 3) > 1e-6) {
    problems.push(`pg_trgm: similarity('abc', 'abd') gave ${String(trigram_similarity)}, expected 0.333333`);
  }
  if (sydney_to_melbourne_m === null || sydney_to_melbourne_m < SYDNEY_TO_MELBOURNE_M.min || sydney_to_melbourne_m > SYDNEY_TO_MELBOURNE_M.max) {
    problems.push(`earthdistance: Sydney to Melbourne gave ${String(sydney_to_melbourne_m)} m, expected about 714,000 m`);
  }
  if (cube_distance !== 5) problems.push(`cube: the distance from (0,0) to (3,4) gave ${String(cube_distance)}, expected 5`);
  if (problems.length > 0) {
    const wrong = [...new Set(problems.map((problem) => problem.slice(0, problem.indexOf(':'))))];
    throw new ExtensionCheckError(problems, `Wrong answers from the database extension${wrong.length > 1 ? 's' : ''} ${wrong.join(', ')}.`);
  }
}
