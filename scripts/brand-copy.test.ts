import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The spec writes the product's name as a placeholder, {product} or "the product" ("start using
 * the product", "how you came across the product"). In what people read, that is the brand from
 * configuration (BRAND_NAME, spec README), never the placeholder. This scans every text the web
 * app shows, the shared domain texts and the API's emails for the placeholder left in place.
 * Comments may speak of "the product"; strings, JSX and Markdown may not.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const scanned: readonly { dir: string; accept: (file: string) => boolean }[] = [
  { dir: 'apps/web/src', accept: (file) => /\.(tsx?|md)$/.test(file) },
  { dir: 'packages/domain/src', accept: (file) => /\.ts$/.test(file) },
  // Emails: what each feature sends, and the layout every email shares.
  { dir: 'apps/api/src/features', accept: (file) => /emails?\.ts$/.test(file) },
  { dir: 'apps/api/src/platform/mail', accept: (file) => /\.ts$/.test(file) },
];

const isTestFile = (file: string) => /\.test\.tsx?$/.test(file) || /(^|\/)test-[^/]*\.tsx?$/.test(file);

function filesUnder(dir: string): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

/** The file's text without its comments (block comments, and line comments outside URLs). */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
}

/** "the product" or {product} standing where the brand belongs. */
const PLACEHOLDER = /\bthe product\b|\{product\}/i;

function placeholderLines(source: string): string[] {
  return withoutComments(source)
    .split('\n')
    .filter((line) => PLACEHOLDER.test(line))
    .map((line) => line.trim());
}

describe('the brand in what people read', () => {
  it('finds the placeholder in text but not in comments', () => {
    expect(placeholderLines("// about the product\nconst a = 'start using the product!';\n/* the product */")).toEqual([
      "const a = 'start using the product!';",
    ]);
    expect(placeholderLines('<Text>Welcome to {product}</Text>')).toEqual(['<Text>Welcome to {product}</Text>']);
    expect(placeholderLines("const url = 'https://example.com'; // the product's site")).toEqual([]);
  });

  const files = scanned.flatMap(({ dir, accept }) => filesUnder(dir).filter((file) => accept(file) && !isTestFile(file)));

  it('scans the web app, the domain texts and the emails', () => {
    expect(files.some((file) => file.startsWith('apps/web/src/features/'))).toBe(true);
    expect(files).toContain('packages/domain/src/errors.ts');
    expect(files).toContain('apps/api/src/features/auth/account-emails.ts');
  });

  it.each(files)('%s names the brand, never "the product"', (file) => {
    expect(placeholderLines(readFileSync(path.join(root, file), 'utf8'))).toEqual([]);
  });
});
