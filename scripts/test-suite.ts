import { spawn } from 'node:child_process';

/**
 * `npm test`: runs each step of the whole suite in turn, stops at the first that fails, and prints
 * how long each took and the total against the suite's budget (issue 10: the whole suite stays
 * under 12 minutes on the 2-core CI machine), so a slower suite shows before it hurts.
 */
export interface Step {
  name: string;
  /** The npm script that runs the step, so each step can still be run alone. */
  script: string;
}

export interface StepResult {
  name: string;
  ms: number;
  passed: boolean;
}

export const SUITE_STEPS: readonly Step[] = [
  { name: 'Typecheck', script: 'typecheck' },
  { name: 'Lint', script: 'lint' },
  { name: 'Unit and integration tests', script: 'test:unit' },
  { name: 'Driver tests on PostgreSQL', script: 'test:postgres' },
  { name: 'Browser tests', script: 'test:e2e' },
];

export const SUITE_BUDGET_MS = 12 * 60 * 1000;

/** Runs the steps in order until one fails; the steps after a failure are not run. */
export async function runSteps(
  steps: readonly Step[],
  run: (step: Step) => Promise<boolean>,
  now: () => number = () => performance.now(),
): Promise<StepResult[]> {
  const results: StepResult[] = [];
  for (const step of steps) {
    const started = now();
    const passed = await run(step);
    results.push({ name: step.name, ms: now() - started, passed });
    if (!passed) break;
  }
  return results;
}

export function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = `${Math.floor(seconds / 60)} min`;
  return seconds % 60 ? `${minutes} ${String(seconds % 60).padStart(2, '0')} s` : minutes;
}

/** The table printed at the end of the run. */
export function formatReport(steps: readonly Step[], results: readonly StepResult[], budgetMs: number): string {
  const width = Math.max(...steps.map((step) => step.name.length), 'Total'.length);
  const lines = steps.map((step) => {
    const result = results.find((candidate) => candidate.name === step.name);
    const outcome = !result ? 'not run' : `${formatDuration(result.ms)}${result.passed ? '' : '  FAILED'}`;
    return `  ${step.name.padEnd(width)}  ${outcome}`;
  });
  const totalMs = results.reduce((sum, result) => sum + result.ms, 0);
  const budget = totalMs <= budgetMs ? `within the ${formatDuration(budgetMs)} budget` : `OVER the ${formatDuration(budgetMs)} budget`;
  lines.push(`  ${'Total'.padEnd(width)}  ${formatDuration(totalMs)} (${budget})`);
  if (totalMs > budgetMs) {
    // A warning, not a failure: a slow machine must not stop a good change from landing.
    const slowest = [...results].sort((a, b) => b.ms - a.ms).slice(0, 2);
    lines.push('', `Warning: the suite took ${formatDuration(totalMs - budgetMs)} more than its budget. Slowest: ${slowest.map((result) => `${result.name} (${formatDuration(result.ms)})`).join(', ')}.`);
  }
  return `\nTest suite timings:\n${lines.join('\n')}\n`;
}

/** Runs `npm run <script>` with the terminal handed over; true when it exits with 0. */
export function runNpmScript(step: Step): Promise<boolean> {
  return new Promise((resolve) => {
    // npm_execpath is the npm that started `npm test`; the same one runs each step.
    const npmCli = process.env.npm_execpath;
    const child = npmCli
      ? spawn(process.execPath, [npmCli, 'run', step.script], { stdio: 'inherit' })
      : spawn('npm', ['run', step.script], { stdio: 'inherit' });
    child.on('error', () => resolve(false));
    child.on('exit', (code) => resolve(code === 0));
  });
}
