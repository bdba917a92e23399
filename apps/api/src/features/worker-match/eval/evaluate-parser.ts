import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { matchFiltersSchema, type MatchFilters } from '@tendly/domain/api/search';
import type { WorkerMatch } from '../worker-match-service';

/**
 * The evaluation of the AI worker match's local parser (issue 5): realistic requests, first
 * messages and refinements, each with the filters a careful person would set. Run it with
 * `npm run eval:match`; a test keeps its accuracy from slipping.
 */
export const evaluationRequestsFile = new URL('./requests.json', import.meta.url);
/**
 * Issue 31: fifty requests as families, people with a disability and coordinators type them:
 * misspelt, run on, without punctuation, "tues and thurs arvo", suburbs without a state. Scored
 * apart from the first set, so that each figure says how the parser reads its own kind of text.
 */
export const familyRequestsFile = new URL('./family-requests.json', import.meta.url);

/** The evaluation sets `npm run eval:match` scores, each reported on its own. */
export const evaluationSets = [
  { name: 'existing requests', file: evaluationRequestsFile },
  { name: 'family phrasing (issue 31)', file: familyRequestsFile },
] as const;

const evaluationRequestSchema = z.object({
  text: z.string().min(1),
  current: matchFiltersSchema.default({}),
  expected: matchFiltersSchema,
});
export type EvaluationRequest = z.infer<typeof evaluationRequestSchema>;

export async function readEvaluationRequests(file: URL = evaluationRequestsFile): Promise<EvaluationRequest[]> {
  return z.array(evaluationRequestSchema).parse(JSON.parse(await readFile(file, 'utf8')));
}

export const filterKeys = Object.keys(matchFiltersSchema.shape) as (keyof MatchFilters)[];

export interface FilterScore {
  filter: keyof MatchFilters;
  /** Requests where the expected or the parsed filters have this filter. */
  cases: number;
  correct: number;
  /** correct / cases; 1 when there are no cases. */
  accuracy: number;
}

export interface EvaluationMiss {
  text: string;
  filter: keyof MatchFilters;
  expected: unknown;
  actual: unknown;
}

/** How long the parser took per request, in milliseconds. */
export interface EvaluationTimings {
  median: number;
  p95: number;
  max: number;
}

export interface EvaluationReport {
  requests: number;
  perFilter: FilterScore[];
  /**
   * The place and its radius together (issue 11): right only when both are, among requests where
   * either is expected or set.
   */
  placeAndDistance: Omit<FilterScore, 'filter'>;
  timings: EvaluationTimings;
  /** Requests whose every filter came out exactly as expected. */
  exactMatches: number;
  exactMatchRate: number;
  misses: EvaluationMiss[];
}

/** Lists compare as sets: the order of days or skills is not an error. */
function sameFilter(expected: unknown, actual: unknown): boolean {
  if (Array.isArray(expected) && Array.isArray(actual)) {
    return expected.length === actual.length && expected.every((value) => actual.includes(value));
  }
  return expected === actual;
}

/** Reads every request with the parser and scores each filter: exact match per filter, and per request. */
export async function evaluateParser(match: WorkerMatch, requests: readonly EvaluationRequest[]): Promise<EvaluationReport> {
  const scores = new Map(filterKeys.map((filter) => [filter, { cases: 0, correct: 0 }]));
  const misses: EvaluationMiss[] = [];
  let exactMatches = 0;
  const place = { cases: 0, correct: 0 };
  const durations: number[] = [];
  for (const request of requests) {
    const started = performance.now();
    const { filters } = await match.interpret({ text: request.text, current: request.current, answered: [] });
    durations.push(performance.now() - started);
    const placeKeys = ['location', 'locationType'] as const;
    if (placeKeys.some((key) => request.expected[key] !== undefined || filters[key] !== undefined)) {
      place.cases += 1;
      if (placeKeys.every((key) => sameFilter(request.expected[key], filters[key]))) place.correct += 1;
    }
    let isExact = true;
    for (const filter of filterKeys) {
      const expected = request.expected[filter];
      const actual = filters[filter];
      if (expected === undefined && actual === undefined) continue;
      const score = scores.get(filter)!;
      score.cases += 1;
      if (sameFilter(expected, actual)) {
        score.correct += 1;
      } else {
        isExact = false;
        misses.push({ text: request.text, filter, expected, actual });
      }
    }
    if (isExact) exactMatches += 1;
  }
  return {
    requests: requests.length,
    perFilter: filterKeys.map((filter) => {
      const { cases, correct } = scores.get(filter)!;
      return { filter, cases, correct, accuracy: cases === 0 ? 1 : correct / cases };
    }),
    placeAndDistance: { ...place, accuracy: place.cases === 0 ? 1 : place.correct / place.cases },
    timings: timingsOf(durations),
    exactMatches,
    exactMatchRate: requests.length === 0 ? 1 : exactMatches / requests.length,
    misses,
  };
}

function timingsOf(durations: readonly number[]): EvaluationTimings {
  const sorted = [...durations].sort((a, b) => a - b);
  const at = (fraction: number) => sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? 0;
  return { median: at(0.5), p95: at(0.95), max: sorted.at(-1) ?? 0 };
}

const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;
const ms = (value: number) => `${value.toFixed(1)} ms`;

/** The report as a table for the terminal. */
export function formatReport(report: EvaluationReport, options: { showMisses?: boolean; title?: string } = {}): string {
  const width = Math.max(...filterKeys.map((key) => key.length), 'overall (exact match)'.length);
  const row = (name: string, cases: string, correct: string, accuracy: string) =>
    `${name.padEnd(width)}  ${cases.padStart(5)}  ${correct.padStart(7)}  ${accuracy.padStart(8)}`;
  const lines = [
    `AI worker match: local parser on ${report.requests} ${options.title ? `${options.title}` : 'requests'}`,
    '',
    row('filter', 'cases', 'correct', 'accuracy'),
    row('-'.repeat(width), '-----', '-------', '--------'),
    ...report.perFilter.map((score) => row(score.filter, String(score.cases), String(score.correct), percent(score.accuracy))),
    row('-'.repeat(width), '-----', '-------', '--------'),
    row('place and distance', String(report.placeAndDistance.cases), String(report.placeAndDistance.correct), percent(report.placeAndDistance.accuracy)),
    row('overall (exact match)', String(report.requests), String(report.exactMatches), percent(report.exactMatchRate)),
    '',
    'cases: requests where the expected or the parsed filters set that filter; accuracy: exact match among them.',
    'place and distance: the location and its radius both right.',
    '',
    `Time to read one request: median ${ms(report.timings.median)}, p95 ${ms(report.timings.p95)}, slowest ${ms(report.timings.max)}.`,
  ];
  if (options.showMisses && report.misses.length > 0) {
    lines.push('', 'Misses:');
    for (const miss of report.misses) {
      lines.push(`  ${miss.filter}: expected ${JSON.stringify(miss.expected)}, got ${JSON.stringify(miss.actual)}  ← ${JSON.stringify(miss.text)}`);
    }
  }
  return lines.join('\n');
}
