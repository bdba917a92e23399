import { describe, expect, it } from 'vitest';
import { resolveRoutePath, routeTable } from '@tendly/domain/routes';
import { testSiteConfig } from '../../app/test-app';
import type { MarkdownDocument } from '@tendly/domain/markdown';
import { markdownHeadings } from '../../platform/markdown-content';
import { routePlaceholders } from '../../platform/site-config';
import { parsePolicyDocument, policyRouteIds } from './policy-documents';

const files = import.meta.glob<string>('./content/*.md', { query: '?raw', import: 'default', eager: true });
const sources = new Map(Object.entries(files).map(([file, source]) => [file.replace(/^.*\/|\.md$/g, ''), source]));
// The same files as the pages get them, rendered by the build (markdown-plugin.ts).
const renderedFiles = import.meta.glob<MarkdownDocument>('./content/*.md', { query: '?tree', import: 'default', eager: true });
const documents = new Map(Object.entries(renderedFiles).map(([file, document]) => [file.replace(/^.*\/|\.md$/g, ''), document]));
const site = testSiteConfig();
const publicPaths = new Set(
  routeTable.filter((route) => route.access.kind === 'public').map((route) => resolveRoutePath(route.path, routePlaceholders(site))),
);

describe('policy content', () => {
  it('has one Markdown file for every policy route of the route table, and no other', () => {
    expect(policyRouteIds.length).toBe(15);
    expect([...sources.keys()].sort()).toEqual([...policyRouteIds].sort());
  });

  describe.each(policyRouteIds)('%s', (routeId) => {
    const source = sources.get(routeId) ?? '';
    const document = documents.get(routeId)!;

    it('opens with valid dates, the next review after the last update', () => {
      const policy = parsePolicyDocument(document);
      expect(policy.nextReview > policy.lastUpdated).toBe(true);
    });

    it('is structured in sections, with responsibilities, related policies and a review', () => {
      const { content } = parsePolicyDocument(document);
      const sections = markdownHeadings(content, site).filter((heading) => heading.depth === 1);
      expect(sections.length).toBeGreaterThanOrEqual(4);
      const titles = sections.map((section) => section.text);
      expect(titles).toContain('Responsibilities');
      expect(titles).toContain('Related policies');
      expect(titles.some((title) => title.startsWith('Review of'))).toBe(true);
      // Headings start at # (h2 on the page) and never skip a level.
      const depths = markdownHeadings(content, site).map((heading) => heading.depth);
      expect(depths[0]).toBe(1);
      depths.forEach((depth, index) => expect(depth - (depths[index - 1] ?? 0)).toBeLessThanOrEqual(1));
    });

    it('has no unfinished text and only the placeholders the renderer fills', () => {
      expect(source).not.toMatch(/\b(TODO|TBD|FIXME|lorem|ipsum|XXX)\b/i);
      const placeholders = source.match(/\{[^}]*\}/g) ?? [];
      placeholders.forEach((placeholder) => expect(['{brand}', '{supportEmail}', '{supportPhone}']).toContain(placeholder));
      expect(source).not.toMatch(/Tendly/);
    });

    it('links only to public pages that exist in the route table', () => {
      const internalLinks = [...source.matchAll(/\]\((\/[^)\s#]*)/g)].map((match) => match[1] ?? '');
      expect(internalLinks.length).toBeGreaterThan(0);
      internalLinks.forEach((link) => {
        expect(publicPaths, link).toContain(resolveRoutePath(link, routePlaceholders(site)));
      });
    });
  });
});
