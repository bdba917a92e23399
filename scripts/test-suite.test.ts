import { describe, expect, it } from 'vitest';
import { formatDuration, formatReport, runSteps, type Stage, type Step } from './test-suite';

const stages: Stage[] = [
  [
    { name: 'Typecheck', script: 'typecheck' },
    { name: 'Lint', script: 'lint' },
  ],
  [{ name: 'Unit tests', script: 'test:unit' }],
  [{ name: 'Browser tests', script: 'test:e2e' }],
];

/**
 * A clock for steps that each take the time given: a step ends (and its run resolves) when the
 * clock reaches its end, and the clock jumps to the next end once every running step waits.
 */
function fakeRun(durations: Record<string, number>, failing: string[] = []) {
  let time = 0;
  const ran: string[] = [];
  const waiting: { endsAt: number; done: () => void }[] = [];
  const advance = () => {
    waiting.sort((a, b) => a.endsAt - b.endsAt);
    const next = waiting.shift();
    if (!next) return;
    time = next.endsAt;
    next.done();
  };
  return {
    ran,
    now: () => time,
    run: async (step: Step) => {
      ran.push(step.script);
      await new Promise<void>((resolve) => {
        waiting.push({ endsAt: time + (durations[step.script] ?? 0), done: resolve });
        // Once every step of the stage has started (and the one that ended last has been timed),
        // the next to end does.
        setTimeout(advance, 0);
      });
      return !failing.includes(step.script);
    },
  };
}

describe('the test suite runner', () => {
  it('runs the stages in order, the steps of a stage side by side, and times each step and the whole run', async () => {
    const fake = fakeRun({ typecheck: 40_000, lint: 25_000, 'test:unit': 250_000, 'test:e2e': 300_000 });
    const suite = await runSteps(stages, fake.run, fake.now);
    expect(fake.ran).toEqual(['typecheck', 'lint', 'test:unit', 'test:e2e']);
    expect(suite.steps).toEqual([
      { name: 'Typecheck', ms: 40_000, passed: true },
      { name: 'Lint', ms: 25_000, passed: true },
      { name: 'Unit tests', ms: 250_000, passed: true },
      { name: 'Browser tests', ms: 300_000, passed: true },
    ]);
    // Lint ran within typecheck's 40 s.
    expect(suite.totalMs).toBe(590_000);
  });

  it('stops after the first stage with a failed step, letting that stage finish', async () => {
    const lintFails = fakeRun({ typecheck: 40_000, lint: 1000 }, ['lint']);
    const first = await runSteps(stages, lintFails.run, lintFails.now);
    expect(lintFails.ran).toEqual(['typecheck', 'lint']);
    expect(first.steps.map((result) => result.passed)).toEqual([true, false]);
    expect(first.totalMs).toBe(40_000);

    const unitFails = fakeRun({ typecheck: 1000, 'test:unit': 2000 }, ['test:unit']);
    const second = await runSteps(stages, unitFails.run, unitFails.now);
    expect(unitFails.ran).toEqual(['typecheck', 'lint', 'test:unit']);
    expect(second.steps.map((result) => result.passed)).toEqual([true, true, false]);
  });

  it('prints each step’s time and the whole run’s against the budget', () => {
    const report = formatReport(
      stages,
      {
        steps: [
          { name: 'Typecheck', ms: 40_000, passed: true },
          { name: 'Lint', ms: 25_000, passed: true },
          { name: 'Unit tests', ms: 250_400, passed: true },
          { name: 'Browser tests', ms: 301_000, passed: true },
        ],
        totalMs: 591_400,
      },
      12 * 60_000,
    );
    expect(report).toContain('  Typecheck      40 s\n');
    expect(report).toContain('  Lint           25 s  (alongside the step above)\n');
    expect(report).toContain('  Unit tests     4 min 10 s\n');
    expect(report).toContain('  Total          9 min 51 s (within the 12 min budget)');
    expect(report).not.toContain('Warning');
  });

  it('marks a failed step, the steps not run, and a total over budget', () => {
    const report = formatReport(
      stages,
      {
        steps: [
          { name: 'Typecheck', ms: 40_000, passed: true },
          { name: 'Lint', ms: 20_000, passed: true },
          { name: 'Unit tests', ms: 700_000, passed: false },
        ],
        totalMs: 740_000,
      },
      12 * 60_000,
    );
    expect(report).toContain('  Unit tests     11 min 40 s  FAILED\n');
    expect(report).toContain('  Browser tests  not run\n');
    expect(report).toContain('  Total          12 min 20 s (OVER the 12 min budget)');
    expect(report).toContain('Warning: the suite took 20 s more than its budget. Slowest: Unit tests (11 min 40 s), Typecheck (40 s).');
  });

  it('writes durations in seconds, and minutes from one minute', () => {
    expect(formatDuration(59_400)).toBe('59 s');
    expect(formatDuration(60_000)).toBe('1 min');
    expect(formatDuration(61_000)).toBe('1 min 01 s');
    expect(formatDuration(725_000)).toBe('12 min 05 s');
  });
});
