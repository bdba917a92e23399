import { z } from 'zod';

/**
 * Markdown rendered ahead of the browser (issue 32, item 3): the build turns the site's Markdown
 * files into this tree (apps/web markdown-plugin.ts) and the API turns the learning hub's, so
 * the browser only walks the tree (apps/web markdown-content.tsx) and never downloads a parser.
 * See markdown-to-tree.ts for how the tree is made and sanitised.
 *
 * A node is text, or an HTML element: its tag, its attributes (React's names: `className`,
 * `href`, `align`, ...) and its children. Placeholders (`{brand}`, `{supportEmail}`,
 * `{supportPhone}`) stay in the tree; the browser fills them from the site configuration.
 */
export type MarkdownNode = string | MarkdownElement;

export interface MarkdownElement {
  readonly tag: string;
  readonly props?: Readonly<Record<string, string | number | boolean>>;
  readonly children?: readonly MarkdownNode[];
}

export type MarkdownTree = MarkdownNode[];

/** A Markdown file of the web app, with the fields of its front matter (`key: value` lines), if any. */
export interface MarkdownDocument {
  readonly frontMatter: Readonly<Record<string, string>>;
  readonly content: MarkdownTree;
}

export const markdownNodeSchema: z.ZodType<MarkdownNode> = z.lazy(() =>
  z.union([
    z.string(),
    z.object({
      tag: z.string().regex(/^[a-z][a-z0-9]*$/),
      props: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
      children: z.array(markdownNodeSchema).optional(),
    }),
  ]),
);

export const markdownTreeSchema = z.array(markdownNodeSchema);
