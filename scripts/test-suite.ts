import { spawn } from 'node:child_process';

/**
 * `npm test`: runs the steps of the whole suite in stages (those of a stage side by side), stops
 * after the first stage with a failure, and prints how long each step and the whole run took
 * against the suite's budget (issue 30: 12 minutes on the 2-core CI machine), so a slower suite
 * shows before it hurts.
 */
export interface Step {
  name: string;
  /** The npm script that runs the step, so each step can still be run alone. */
  script: string;
}

/** Steps that run at the same time; the stages run one after another. */
export type Stage = readonly Step[];

export interface StepResult {
  name: string;
  ms: number;
  passed: boolean;
}

export interface SuiteResult {
  steps: StepResult[];
  /** From the first step's start to the last one's end (less than the steps' sum where stages overlap them). */
  totalMs: number;
}

/**
 * Typecheck and lint each keep one core busy for a minute or two and wait for nothing but the
 * disk, and the build (which only the browser tests need) for less: on their own they left the
 * 2-core CI machine a third idle. Beside them the unit and integration tests fill it; those use
 * every core on their own, so the first stage takes about the sum of its CPU time over two cores.
 * The browser tests leave some of the machine idle (a page waiting on the product, the product
 * on its database), and the driver tests spend most of their minute waiting on the PostgreSQL
 * server: side by side, the driver tests take no time of their own.
 */
export const SUITE_STAGES: readonly Stage[] = [
  [
    { name: 'Unit and integration tests', script: 'test:unit' },
    { name: 'Typecheck', script: 'typecheck' },
    { name: 'Lint', script: 'lint' },
    { name: 'Build', script: 'build:stale' },
  ],
  [
    { name: 'Browser tests', script: 'test:e2e' },
    { name: 'Driver tests on PostgreSQL', script: 'test:postgres' },
  ],
];

export const SUITE_BUDGET_MS = 12 * 60 * 1000;

/** Runs the stages in order, the steps of a stage at once, until a stage has a failed step; the stages after it are not run. */
export async function runSteps(
  stages: readonly Stage[],
  run: (step: Step) => Promise<boolean>,
  now: () => number = () => performance.now(),
): Promise<SuiteResult> {
  const results: StepResult[] = [];
  const started = now();
  for (const stage of stages) {
    const stageResults = await Promise.all(
      stage.map(async (step) => {
        const stepStarted = now();
        const passed = await run(step);
        return { name: step.name, ms: now() - stepStarted, passed };
      }),
    );
    results.push(...stageResults);
    if (stageResults.some((result) => !result.passed)) break;
  }
  return { steps: results, totalMs: now() - started };
}

export function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = `${Math.floor(seconds / 60)} min`;
  return seconds % 60 ? `${minutes} ${String(seconds % 60).padStart(2, '0')} s` : minutes;
}

/** The table printed at the end of the run: each step's time (a stage's steps side by side), and the whole run's. */
export function formatReport(stages: readonly Stage[], suite: SuiteResult, budgetMs: number): string {
  const steps = stages.flat();
  const width = Math.max(...steps.map((step) => step.name.length), 'Total'.length);
  const lines = stages.flatMap((stage) =>
    stage.map((step, index) => {
      const result = suite.steps.find((candidate) => candidate.name === step.name);
      const outcome = !result ? 'not run' : `${formatDuration(result.ms)}${result.passed ? '' : '  FAILED'}`;
      const alongside = stage.length > 1 && index > 0 ? '  (alongside the step above)' : '';
      return `  ${step.name.padEnd(width)}  ${outcome}${alongside}`;
    }),
  );
  const { totalMs } = suite;
  const budget = totalMs <= budgetMs ? `within the ${formatDuration(budgetMs)} budget` : `OVER the ${formatDuration(budgetMs)} budget`;
  lines.push(`  ${'Total'.padEnd(width)}  ${formatDuration(totalMs)} (${budget})`);
  if (totalMs > budgetMs) {
    // A warning, not a failure: a slow machine must not stop a good change from landing.
    const slowest = [...suite.steps].sort((a, b) => b.ms - a.ms).slice(0, 2);
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
