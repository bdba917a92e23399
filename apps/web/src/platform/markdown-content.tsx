import { Anchor } from '@mantine/core';
import { createElement, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { MarkdownElement, MarkdownNode, MarkdownTree } from '@tendly/domain/markdown';
import { resolveRoutePath } from '@tendly/domain/routes';
import type { SiteConfig } from '@tendly/domain/site-config';
import { routePlaceholders, useSiteConfig } from './site-config';
import { fillTextPlaceholders } from './text-placeholders';
import classes from './markdown-content.module.css';

/**
 * Long-form text written in Markdown (policies, help pages, learning modules). The Markdown is
 * parsed and sanitised before it reaches the browser, at build time (markdown-plugin.ts, for
 * `.md?tree` imports) or by the API (the learning hub), into the tree of @tendly/domain/markdown;
 * this walks the tree, so the browser downloads no Markdown parser (issue 32, item 3). Raw HTML
 * in the source is never rendered, so content can never inject markup or scripts.
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
  readonly content: MarkdownTree;
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

const HEADING_TAG = /^h([1-6])$/;

/** The text of a node, with the placeholders filled. */
function textOf(node: MarkdownNode, site: SiteConfig): string {
  if (typeof node === 'string') return fillTextPlaceholders(node, site);
  return (node.children ?? []).map((child) => textOf(child, site)).join('');
}

/** Every heading of a tree, in document order, with its level in the Markdown source. */
function collectHeadings(nodes: readonly MarkdownNode[], found: { element: MarkdownElement; depth: number }[] = []) {
  for (const node of nodes) {
    if (typeof node === 'string') continue;
    const level = HEADING_TAG.exec(node.tag)?.[1];
    if (level) found.push({ element: node, depth: Number(level) });
    else collectHeadings(node.children ?? [], found);
  }
  return found;
}

/** The headings of a Markdown tree with the ids `MarkdownContent` gives them, in order. */
export function markdownHeadings(content: MarkdownTree, site: SiteConfig): MarkdownHeading[] {
  const slug = createSlugger();
  return collectHeadings(content).map(({ element, depth }) => {
    const text = textOf(element, site).trim();
    return { id: slug(text), text, depth };
  });
}

/**
 * A link target the page may use once its placeholders are filled: a relative address, or one
 * of the protocols react-markdown allowed (web, mail and chat links), or a `tel:` number. The tree
 * is sanitised already; this holds for the filled-in value too.
 */
function safeHref(href: string): string | undefined {
  if (/^tel:\+?[\d\s()-]+$/i.test(href)) return href;
  const colon = href.indexOf(':');
  const isRelative = colon === -1 || [href.indexOf('/'), href.indexOf('?'), href.indexOf('#')].some((index) => index !== -1 && colon > index);
  return isRelative || /^(https?|ircs?|mailto|xmpp)$/i.test(href.slice(0, colon)) ? href : undefined;
}

function isExternalWebLink(href: string): boolean {
  return /^https?:\/\//i.test(href) || href.startsWith('//');
}

function MarkdownLink({ href, children, ...props }: { href: string | undefined; children: ReactNode; [prop: string]: unknown }) {
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

function tableLabel(table: MarkdownElement, site: SiteConfig): string {
  const named = collectCells(table).map((cell) => textOf(cell, site).trim()).filter(Boolean);
  return named.length ? `Table: ${named.join(', ')}` : 'Table';
}

function collectCells(node: MarkdownElement, cells: MarkdownElement[] = []): MarkdownElement[] {
  for (const child of node.children ?? []) {
    if (typeof child === 'string') continue;
    if (child.tag === 'th') cells.push(child);
    else collectCells(child, cells);
  }
  return cells;
}

interface RenderContext {
  readonly site: SiteConfig;
  readonly headingOffset: number;
  readonly slug: (text: string) => string;
}

function renderNodes(nodes: readonly MarkdownNode[], context: RenderContext): ReactNode[] {
  return nodes.map((node, index) => renderNode(node, index, context));
}

function renderNode(node: MarkdownNode, key: number, context: RenderContext): ReactNode {
  const { site, headingOffset, slug } = context;
  if (typeof node === 'string') return fillTextPlaceholders(node, site);
  const { align, ...props }: Record<string, string | number | boolean> = { ...node.props };
  const children = node.children ? renderNodes(node.children, context) : undefined;
  const level = HEADING_TAG.exec(node.tag)?.[1];
  if (level) {
    const tag = `h${Math.min(6, Math.max(1, Number(level) + headingOffset))}`;
    return createElement(tag, { ...props, key, id: slug(textOf(node, site).trim()) }, children);
  }
  if (node.tag === 'a') {
    const href = typeof props.href === 'string' ? safeHref(fillHrefPlaceholders(props.href, site)) : undefined;
    return (
      <MarkdownLink key={key} {...props} href={href}>
        {children}
      </MarkdownLink>
    );
  }
  if (node.tag === 'table') {
    return (
      // A focusable region so keyboard users can scroll a wide table (axe: scrollable-region-focusable).
      <div key={key} className={classes.tableScroll} role="region" aria-label={tableLabel(node, site)} tabIndex={0}>
        <table {...props}>{children}</table>
      </div>
    );
  }
  // A column's alignment (`| :-- |`), as react-markdown wrote it.
  const style = typeof align === 'string' ? { textAlign: align as 'left' | 'center' | 'right' } : undefined;
  return createElement(node.tag, { ...props, key, style }, children);
}

export function MarkdownContent({ content, headingOffset = 1, className }: MarkdownContentProps): ReactNode {
  const site = useSiteConfig();
  const context: RenderContext = { site, headingOffset, slug: createSlugger() };
  return <div className={className ? `${classes.content} ${className}` : classes.content}>{renderNodes(content, context)}</div>;
}
