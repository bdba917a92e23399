import { z } from 'zod';
import { routeTable } from '@tendly/domain/routes';
import type { MarkdownDocument, MarkdownTree } from '@tendly/domain/markdown';

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
 * Files load on demand, so a visitor downloads only the policy they open, and are rendered when
 * the app is built (markdown-plugin.ts): the browser gets the front matter and the sanitised tree.
 */
export const policyRouteIds: readonly string[] = routeTable.filter((route) => route.screen === 'policy').map((route) => route.id);

const contentLoaders = import.meta.glob<MarkdownDocument>('./content/*.md', { query: '?tree', import: 'default' });

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
  /** The text after the front matter, rendered (markdown-content.tsx). */
  readonly content: MarkdownTree;
}

/** A policy file's dates and text; throws when the front matter is missing or wrong. */
export function parsePolicyDocument(document: MarkdownDocument): PolicyDocument {
  const dates = frontMatterSchema.parse(document.frontMatter);
  return { ...dates, content: document.content };
}

export async function loadPolicyDocument(routeId: string): Promise<PolicyDocument> {
  const load = loadersByRouteId.get(routeId);
  if (!load) throw new Error(`No policy content for route ${routeId}`);
  return parsePolicyDocument(await load());
}
