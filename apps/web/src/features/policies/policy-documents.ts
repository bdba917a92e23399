import { z } from 'zod';
import { routeTable } from '@tendly/domain/routes';
import { formatCalendarDate } from '@tendly/domain/format';

/**
 * The policies of the public site (issue 4), one Markdown file per policy route in `./content/`,
 * named by route id. Each file opens with a small front matter block of dates:
 *
 * ```
 * ---
 * lastUpdated: 2026-11-20
 * nextReview: 2027-11-20
 * ---
 * ```
 *
 * Files load on demand, so a visitor downloads only the policy they open.
 */
export const policyRouteIds: readonly string[] = routeTable.filter((route) => route.screen === 'policy').map((route) => route.id);

const contentLoaders = import.meta.glob<string>('./content/*.md', { query: '?raw', import: 'default' });

function routeIdOfFile(file: string): string {
  return file.replace(/^.*\//, '').replace(/\.md$/, '');
}

const loadersByRouteId = new Map(
  Object.entries(contentLoaders).map(([file, load]) => [routeIdOfFile(file), load] as const),
);

export function hasPolicyContent(routeId: string): boolean {
  return loadersByRouteId.has(routeId);
}

const frontMatterSchema = z.object({
  lastUpdated: z.iso.date(),
  nextReview: z.iso.date(),
});

export interface PolicyDocument {
  readonly lastUpdated: string;
  readonly nextReview: string;
  /** The Markdown after the front matter. */
  readonly body: string;
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/;

/** Splits a policy file into its dates and its Markdown; throws when the front matter is missing or wrong. */
export function parsePolicyDocument(source: string): PolicyDocument {
  const match = FRONT_MATTER.exec(source);
  if (!match?.[1]) throw new Error('A policy file must start with front matter holding lastUpdated and nextReview.');
  const fields = Object.fromEntries(
    match[1]
      .split(/\r?\n/)
      .map((line) => /^\s*([A-Za-z]+)\s*:\s*(.*?)\s*$/.exec(line))
      .filter((entry): entry is RegExpExecArray => entry !== null)
      .map((entry) => [entry[1], entry[2]]),
  );
  const dates = frontMatterSchema.parse(fields);
  return { ...dates, body: source.slice(match[0].length).trim() };
}

export async function loadPolicyDocument(routeId: string): Promise<PolicyDocument> {
  const load = loadersByRouteId.get(routeId);
  if (!load) throw new Error(`No policy content for route ${routeId}`);
  return parsePolicyDocument(await load());
}

/** An ISO date (`2026-11-20`) as Australians read it: 20 November 2026. */
export function formatPolicyDate(isoDate: string): string {
  return formatCalendarDate(isoDate);
}
