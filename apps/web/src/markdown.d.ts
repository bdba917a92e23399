/** A Markdown file rendered at build time (markdown-plugin.ts). */
declare module '*.md?tree' {
  const document: import('@tendly/domain/markdown').MarkdownDocument;
  export default document;
}
