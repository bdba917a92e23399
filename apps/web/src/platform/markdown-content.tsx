import { Anchor } from '@mantine/core';
import type { Element, ElementContent, Root, RootContent } from 'hast';
import type { ComponentProps, ReactNode } from 'react';
import Markdown, { defaultUrlTransform, type Components, type ExtraProps } from 'react-markdown';
import { Link } from 'react-router';
import remarkGfm from 'remark-gfm';
import { resolveRoutePath } from '@tendly/domain/routes';
import type { SiteConfig } from '@tendly/domain/site-config';
import { routePlaceholders, useSiteConfig } from './site-config';
import { fillTextPlaceholders } from './text-placeholders';
import classes from './markdown-content.module.css';

/**
 * Long-form text written in Markdown (policies, help pages), rendered with react-markdown and
 * GitHub-flavoured Markdown. Raw HTML in the source is not rendered (react-markdown's default),
 * so content can never inject markup or scripts.
 *
 * - Headings move down by `headingOffset` levels (default 1): a file's `#` becomes an h2 under
 *   the page's own h1, so the page keeps one h1 and ordered headings (WCAG 1.3.1).
 * - Every heading gets an id from its text (`markdownHeadings` lists the same ids), so a page can
 *   link to its sections.
 * - `{brand}`, `{supportEmail}` and `{supportPhone}` come from the site configuration, in text
 *   and in link targets (`/your-rights-using-{brand}`, `mailto:{supportEmail}`, `tel:{supportPhone}`).
 * - Links starting with `/` stay inside the app (React Router); other web links get
 *   `rel="noopener noreferrer"`.
 * - Tables scroll sideways in a focusable, named region, so they stay readable on a phone
 *   (WCAG 1.4.10 reflow) and keyboard users can scroll them.
 */
export interface MarkdownContentProps {
  readonly markdown: string;
  /** How many levels headings move down; 1 makes `#` an h2. */
  readonly headingOffset?: number;
  readonly className?: string;
}

export interface MarkdownHeading {
  readonly id: string;
  readonly text: string;
  /** The level in the Markdown source: 1 for `#`, 2 for `##`. */
  readonly depth: number;
}

/** Fills the placeholders of a link target; the URL may already be percent-encoded. */
function fillHrefPlaceholders(href: string, site: SiteConfig): string {
  const decoded = href.replace(/%7B/gi, '{').replace(/%7D/gi, '}');
  if (!decoded.includes('{')) return href;
  const contacts = decoded
    .replace(/\{supportEmail\}/g, site.supportEmail)
    .replace(/\{supportPhone\}/g, site.supportPhone.replace(/[^\d+]/g, ''));
  // In a path the brand is the route table's slug form (`/your-rights-using-tendly`).
  return resolveRoutePath(contacts, routePlaceholders(site));
}

/** The id a heading with this text gets (before de-duplication). */
export function headingSlug(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'section';
}

/** Gives repeated slugs a numbered suffix, in document order, the way both renderer and outline do. */
function createSlugger(): (text: string) => string {
  const seen = new Map<string, number>();
  return (text) => {
    const base = headingSlug(text);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    return count === 0 ? base : `${base}-${count + 1}`;
  };
}

/** Inline Markdown in a heading line, reduced to its text (`**a**`, `` `b` ``, `[c](d)`). */
function plainHeadingText(source: string): string {
  return source
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`~]/g, '')
    .replace(/\s+#+\s*$/, '')
    .trim();
}

/**
 * The headings of a Markdown text with the ids `MarkdownContent` gives them, in order. It reads
 * ATX headings (`#`, `##`, ...) outside fenced code, which is how our content is written.
 */
export function markdownHeadings(markdown: string, site: SiteConfig): MarkdownHeading[] {
  const slug = createSlugger();
  const headings: MarkdownHeading[] = [];
  let fence: string | null = null;
  for (const line of markdown.split(/\r?\n/)) {
    const fenceMatch = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
    if (fenceMatch?.[1]) {
      const marker = fenceMatch[1].charAt(0);
      if (fence === null) fence = marker;
      else if (fence === marker) fence = null;
      continue;
    }
    if (fence !== null) continue;
    const match = /^\s{0,3}(#{1,6})\s+(.+)$/.exec(line);
    if (!match?.[1] || !match[2]) continue;
    const text = fillTextPlaceholders(plainHeadingText(match[2]), site);
    headings.push({ id: slug(text), text, depth: match[1].length });
  }
  return headings;
}

function textOf(node: Element | ElementContent | RootContent): string {
  if (node.type === 'text') return node.value;
  if (node.type === 'element') return node.children.map(textOf).join('');
  return '';
}

const HEADING_TAG = /^h([1-6])$/;

/**
 * A rehype step (it works on the HTML tree react-markdown builds): fills the placeholders, shifts
 * the headings and gives them ids. Written here, not taken from a plugin package, because it is
 * a dozen lines and must agree exactly with `markdownHeadings`.
 */
function rehypeSiteContent(options: { site: SiteConfig; headingOffset: number }) {
  const { site, headingOffset } = options;
  return (tree: Root) => {
    const slug = createSlugger();
    const visit = (node: Root | ElementContent | RootContent) => {
      if (node.type === 'text') {
        node.value = fillTextPlaceholders(node.value, site);
        return;
      }
      if (node.type !== 'element' && node.type !== 'root') return;
      node.children.forEach(visit);
      if (node.type !== 'element') return;
      const href = node.properties.href;
      if (typeof href === 'string') node.properties.href = fillHrefPlaceholders(href, site);
      const level = HEADING_TAG.exec(node.tagName)?.[1];
      if (level) {
        node.tagName = `h${Math.min(6, Math.max(1, Number(level) + headingOffset))}`;
        node.properties.id = slug(textOf(node));
      }
    };
    visit(tree);
  };
}

function isExternalWebLink(href: string): boolean {
  return /^https?:\/\//i.test(href) || href.startsWith('//');
}

function MarkdownLink({ href, children, node: _node, ...props }: ComponentProps<'a'> & ExtraProps) {
  if (href?.startsWith('/') && !href.startsWith('//')) {
    return (
      <Anchor component={Link} to={href} underline="always" inherit>
        {children}
      </Anchor>
    );
  }
  const rel = href && isExternalWebLink(href) ? 'noopener noreferrer' : undefined;
  return (
    <Anchor {...props} href={href} rel={rel} underline="always" inherit>
      {children}
    </Anchor>
  );
}

function tableLabel(node: Element | undefined): string {
  const headerCells: string[] = [];
  const collect = (current: Element | ElementContent) => {
    if (current.type !== 'element') return;
    if (current.tagName === 'th') {
      headerCells.push(textOf(current).trim());
      return;
    }
    current.children.forEach(collect);
  };
  if (node) collect(node);
  const named = headerCells.filter(Boolean);
  return named.length ? `Table: ${named.join(', ')}` : 'Table';
}

function MarkdownTable({ children, node, ...props }: ComponentProps<'table'> & ExtraProps) {
  return (
    // A focusable region so keyboard users can scroll a wide table (axe: scrollable-region-focusable).
    <div className={classes.tableScroll} role="region" aria-label={tableLabel(node)} tabIndex={0}>
      <table {...props}>{children}</table>
    </div>
  );
}

/** react-markdown's safe URL rule, plus `tel:` so a phone number can be called from the text. */
function urlTransform(url: string): string {
  return /^tel:\+?[\d\s()-]+$/i.test(url) ? url : defaultUrlTransform(url);
}

const components: Components = {
  a: MarkdownLink,
  table: MarkdownTable,
};

export function MarkdownContent({ markdown, headingOffset = 1, className }: MarkdownContentProps): ReactNode {
  const site = useSiteConfig();
  return (
    <div className={className ? `${classes.content} ${className}` : classes.content}>
      <Markdown
        remarkPlugins={[remarkGfm]}
        rehypePlugins={[[rehypeSiteContent, { site, headingOffset }]]}
        components={components}
        urlTransform={urlTransform}
      >
        {markdown}
      </Markdown>
    </div>
  );
}
