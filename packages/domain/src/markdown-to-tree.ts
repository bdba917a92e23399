import type { Element, ElementContent, Properties, Root, RootContent } from 'hast';
import { defaultSchema, sanitize, type Schema } from 'hast-util-sanitize';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import type { MarkdownDocument, MarkdownElement, MarkdownNode, MarkdownTree } from './markdown';

/**
 * Turns Markdown into the tree of markdown.ts, at build time (the web app's Markdown files) or in
 * the API (the learning hub's modules); never in the browser. GitHub-flavoured Markdown (tables,
 * task lists, strikethrough, autolinks) through remark, then sanitised with hast-util-sanitize's
 * GitHub schema: raw HTML in the source is dropped (remark-rehype's default), and only the
 * elements, attributes and link protocols GitHub allows are kept, plus `tel:` links.
 */
const processor = unified().use(remarkParse).use(remarkGfm).use(remarkRehype);

const schema: Schema = {
  ...defaultSchema,
  protocols: { ...defaultSchema.protocols, href: [...(defaultSchema.protocols?.href ?? []), 'tel'] },
};

/** Elements whose whitespace-only text between children means nothing (and React rejects in tables). */
const BLOCK_CONTAINERS = new Set(['table', 'thead', 'tbody', 'tfoot', 'tr', 'ul', 'ol', 'blockquote']);

/** `dataFootnoteRef` and `ariaDescribedBy` as the attribute names React wants. */
function propName(name: string): string {
  return /^(data|aria)[A-Z]/.test(name) ? name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`) : name;
}

function propsOf(properties: Properties): MarkdownElement['props'] {
  const props: Record<string, string | number | boolean> = {};
  for (const [name, value] of Object.entries(properties)) {
    if (value === null || value === undefined || value === false) continue;
    props[propName(name)] = Array.isArray(value) ? value.join(' ') : value;
  }
  return Object.keys(props).length ? props : undefined;
}

function nodesOf(children: readonly (ElementContent | RootContent)[], inBlockContainer: boolean): MarkdownNode[] {
  const nodes: MarkdownNode[] = [];
  for (const child of children) {
    if (child.type === 'text') {
      if (!(inBlockContainer && child.value.trim() === '')) nodes.push(child.value);
    } else if (child.type === 'element') {
      nodes.push(elementOf(child));
    }
  }
  return nodes;
}

function elementOf(element: Element): MarkdownElement {
  const props = propsOf(element.properties);
  const children = nodesOf(element.children, BLOCK_CONTAINERS.has(element.tagName));
  return { tag: element.tagName, ...(props ? { props } : {}), ...(children.length ? { children } : {}) };
}

export function markdownToTree(markdown: string): MarkdownTree {
  const tree = sanitize(processor.runSync(processor.parse(markdown)), schema) as Root;
  return nodesOf(tree.children, true);
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/;

/** A Markdown file: its front matter's `key: value` lines, if it opens with some, and its tree. */
export function markdownDocument(source: string): MarkdownDocument {
  const match = FRONT_MATTER.exec(source);
  const frontMatter = Object.fromEntries(
    (match?.[1] ?? '')
      .split(/\r?\n/)
      .map((line) => /^\s*([A-Za-z]+)\s*:\s*(.*?)\s*$/.exec(line))
      .filter((entry): entry is RegExpExecArray => entry !== null)
      .map((entry) => [entry[1], entry[2]]),
  ) as Record<string, string>;
  return { frontMatter, content: markdownToTree(match ? source.slice(match[0].length) : source) };
}
