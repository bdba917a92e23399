import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The API integration tests run every file on PGlite; on a PostgreSQL server they run only the
 * tests tagged `drivers`: those of what differs between the two (apps/api/src/test-support/README.md).
 * This reads each API test file and names every test that looks driver-sensitive but carries no
 * such tag, so one cannot be forgotten: it would otherwise pass on PGlite, where one connection
 * serialises everything, and never meet the server where the race or the lock is real.
 */
export const DRIVERS_TAG = 'drivers';
/** For a test the scan flags that races on nothing (different records, one process's cache): PGlite alone proves it. */
export const ONE_DRIVER_TAG = 'one-driver';

export interface UntaggedTest {
  file: string;
  line: number;
  title: string;
  /** Why the test looks driver-sensitive. */
  reason: string;
}

/**
 * Titles that say things happen side by side. ("At once" is left out: as often as not it means
 * "immediately"; a test that sends requests at once is found by its Promise.all.)
 */
const SIDE_BY_SIDE_TITLE = /\b(at the same (time|moment)|concurrent(ly)?|in parallel|races?|racing|simultaneous(ly)?|several (processes|workers|servers)|(made|changed) elsewhere|another process)\b/i;

/** What, in a test's body, only PostgreSQL exercises for real. */
const BODY_SIGNALS: readonly [RegExp, string][] = [
  [/\b(LISTEN|NOTIFY|pg_notify|UNLISTEN)\b/, 'uses LISTEN/NOTIFY'],
  [/\b(SKIP LOCKED|FOR UPDATE|pg_advisory\w*|advisory lock)\b/i, 'takes a lock'],
  [/\bmigrateDatabase\(/, 'runs the migrations'],
  [/\b(startChildServer|startServerProcess|runCrashCycles|spawnTs\w*)\(/, 'runs another process on the database'],
  [/\bindex\.sync\(\)/, 'waits for a search index to follow the database'],
];

/** Promise.all over what the test exercises (not its set-up): the same operation side by side. */
const SIDE_BY_SIDE = /Promise\.all(Settled)?\(/;
/** Calls that only set a test up or read its result: side by side, they race on nothing. */
const SETUP_CALL = /^(db|create\w*|make\w*|seed\w*|register\w*|sessionFor|signedIn\w*|signIn\w*|close|stop|dispose|select|from|where|eq|and|map|slice|splice|filter|then|parse|json|read\w*|find\w*|load\w*|build\w*|get\w*|invoiceStatus|resolve|setTimeout)$/;

/** `.runIf(...)` / `.skipIf(...)` conditions that pick one driver. */
const ONLY_ON_POSTGRES = [/runIf\(\s*(process\.env\.TEST_DB\s*===\s*'postgres'|onPostgres)\s*\)/, /skipIf\(\s*process\.env\.TEST_DB\s*!==\s*'postgres'\s*\)/];
const ONLY_ON_PGLITE = [/skipIf\(\s*(process\.env\.TEST_DB\s*===\s*'postgres'|onPostgres)\s*\)/, /runIf\(\s*process\.env\.TEST_DB\s*!==\s*'postgres'\s*\)/];

interface Block {
  kind: 'describe' | 'test';
  title: string;
  /** The callee as written: `it`, `it.runIf(x)`, `describe.skipIf(y)`, ... */
  callee: string;
  tags: string[];
  body: string;
  line: number;
}

function blockOf(node: ts.CallExpression, source: ts.SourceFile): Block | undefined {
  const callee = node.expression.getText(source);
  const base = callee.match(/^(describe|it|test)\b/)?.[1];
  if (!base) return undefined;
  const [first, second, third] = node.arguments;
  if (!first || !(ts.isStringLiteralLike(first) || ts.isTemplateExpression(first))) return undefined;
  const options = second && ts.isObjectLiteralExpression(second) ? second : third && ts.isObjectLiteralExpression(third) ? third : undefined;
  const tags: string[] = [];
  for (const property of options?.properties ?? []) {
    if (!ts.isPropertyAssignment(property) || property.name.getText(source) !== 'tags') continue;
    const value = property.initializer;
    if (ts.isArrayLiteralExpression(value)) tags.push(...value.elements.filter(ts.isStringLiteralLike).map((element) => element.text));
    else if (ts.isStringLiteralLike(value)) tags.push(value.text);
  }
  const fn = node.arguments[node.arguments.length - 1];
  return {
    kind: base === 'describe' ? 'describe' : 'test',
    title: first.getText(source).slice(1, -1),
    callee,
    tags,
    body: fn ? fn.getText(source) : '',
    line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
  };
}

/** Why a test looks driver-sensitive, or undefined. */
export function driverSignal(test: { title: string; body: string }): string | undefined {
  if (SIDE_BY_SIDE_TITLE.test(test.title)) return 'its title says things happen side by side';
  for (const [pattern, reason] of BODY_SIGNALS) if (pattern.test(test.body)) return reason;
  const sideBySide = [...test.body.matchAll(new RegExp(SIDE_BY_SIDE, 'g'))].some((match) =>
    [...argumentText(test.body, match.index + match[0].length).matchAll(/([A-Za-z_$][\w$]*)\s*\(/g)].some(([, name]) => !SETUP_CALL.test(name ?? '')),
  );
  if (sideBySide) return 'runs operations side by side (Promise.all)';
  return undefined;
}

/** The text of the call's argument that starts at `start`, up to its closing parenthesis. */
function argumentText(text: string, start: number): string {
  let depth = 1;
  for (let index = start; index < text.length; index += 1) {
    const character = text[index];
    if (character === '(') depth += 1;
    else if (character === ')' && --depth === 0) return text.slice(start, index);
  }
  return text.slice(start);
}

/** Every test in one file that looks driver-sensitive and has no `drivers` tag of its own or from a describe around it. */
export function untaggedDriverTests(file: string, text: string): UntaggedTest[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: UntaggedTest[] = [];
  const visit = (node: ts.Node, enclosing: readonly Block[]) => {
    let inner = enclosing;
    if (ts.isCallExpression(node)) {
      const block = blockOf(node, source);
      if (block?.kind === 'describe') inner = [...enclosing, block];
      if (block?.kind === 'test') {
        const chain = [...enclosing, block];
        const tagged = chain.some((candidate) => candidate.tags.includes(DRIVERS_TAG) || candidate.tags.includes(ONE_DRIVER_TAG));
        const onPgliteOnly = chain.some((candidate) => ONLY_ON_PGLITE.some((pattern) => pattern.test(candidate.callee)));
        const reason = tagged || onPgliteOnly ? undefined : driverSignal(block);
        // A test that runs only on PostgreSQL and is not tagged `drivers` would never run at all.
        const onPostgresOnly = chain.some((candidate) => ONLY_ON_POSTGRES.some((pattern) => pattern.test(candidate.callee)));
        const runsNowhere = onPostgresOnly && !chain.some((candidate) => candidate.tags.includes(DRIVERS_TAG));
        const why = runsNowhere ? 'runs only on PostgreSQL, where only tests tagged drivers run' : reason;
        if (why) found.push({ file, line: block.line, title: block.title, reason: why });
        return;
      }
    }
    ts.forEachChild(node, (child) => visit(child, inner));
  };
  visit(source, []);
  return found;
}

/** The API's test files, relative to the repository. */
export function apiTestFiles(root: string): string[] {
  const apiSource = path.join(root, 'apps/api/src');
  return (readdirSync(apiSource, { recursive: true, encoding: 'utf8' }) as string[])
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => path.join('apps/api/src', name))
    .sort();
}

export function untaggedInRepository(root: string): UntaggedTest[] {
  return apiTestFiles(root).flatMap((file) => untaggedDriverTests(file, readFileSync(path.join(root, file), 'utf8')));
}
