import { describe, expect, it } from 'vitest';
import { markdownTreeSchema } from './markdown';
import { markdownDocument, markdownToTree } from './markdown-to-tree';

describe('markdownToTree', () => {
  it('renders GitHub-flavoured Markdown into elements and text', () => {
    expect(markdownToTree('# Hi {brand}\n\nSome **bold** text.\n\n| A | B |\n| :-- | --- |\n| 1 | 2 |')).toEqual([
      { tag: 'h1', children: ['Hi {brand}'] },
      { tag: 'p', children: ['Some ', { tag: 'strong', children: ['bold'] }, ' text.'] },
      {
        tag: 'table',
        children: [
          { tag: 'thead', children: [{ tag: 'tr', children: [{ tag: 'th', props: { align: 'left' }, children: ['A'] }, { tag: 'th', children: ['B'] }] }] },
          { tag: 'tbody', children: [{ tag: 'tr', children: [{ tag: 'td', props: { align: 'left' }, children: ['1'] }, { tag: 'td', children: ['2'] }] }] },
        ],
      },
    ]);
  });

  it('drops raw HTML and unsafe link targets, and keeps web, mail, phone and relative links', () => {
    const tree = markdownToTree(
      '<script>alert(1)</script>\n\nText <img src=x onerror=alert(1)> [a](javascript:alert(1)) [b](https://example.org) [c](mailto:{supportEmail}) [d](tel:{supportPhone}) [e](/privacy-policy)',
    );
    const json = JSON.stringify(tree);
    expect(json).not.toMatch(/script|img|onerror|javascript/);
    const paragraph = tree[tree.length - 1];
    const links = typeof paragraph === 'string' ? [] : (paragraph?.children ?? []).filter((node) => typeof node !== 'string' && node.tag === 'a');
    const hrefs = links.map((link) => (typeof link === 'string' ? link : link.props?.href));
    expect(hrefs).toEqual([undefined, 'https://example.org', 'mailto:%7BsupportEmail%7D', 'tel:%7BsupportPhone%7D', '/privacy-policy']);
  });

  it('gives a tree the API schema accepts', () => {
    expect(markdownTreeSchema.parse(markdownToTree('- [x] done\n- two\n\n> quote'))).toBeTruthy();
  });
});

describe('markdownDocument', () => {
  it('reads the front matter apart from the text', () => {
    expect(markdownDocument('---\nlastUpdated: 2026-11-20\nnextReview: 2027-11-20\n---\n# Scope\n')).toEqual({
      frontMatter: { lastUpdated: '2026-11-20', nextReview: '2027-11-20' },
      content: [{ tag: 'h1', children: ['Scope'] }],
    });
    expect(markdownDocument('Just text.')).toEqual({ frontMatter: {}, content: [{ tag: 'p', children: ['Just text.'] }] });
  });
});
