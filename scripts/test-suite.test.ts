import { describe, expect, it } from 'vitest';
import { formatDuration, formatReport, runSteps, type Step } from './test-suite';

const steps: Step[] = [
  { name: 'Typecheck', script: 'typecheck' },
  { name: 'Unit tests', script: 'test:unit' },
  { name: 'Browser tests', script: 'test:e2e' },
];

/** A clock that moves on by each step's duration while the step runs. */
function fakeRun(durations: Record<string, number>, failing: string[] = []) {
  let time = 0;
  const ran: string[] = [];
  return {
    ran,
    now: () => time,
    run: async (step: Step) => {
      ran.push(step.script);
      time += durations[step.script] ?? 0;
      return !failing.includes(step.script);
    },
  };
}

describe('the test suite runner', () => {
  it('runs every step in order and times each', async () => {
    const fake = fakeRun({ typecheck: 40_000, 'test:unit': 250_000, 'test:e2e': 300_000 });
    const results = await runSteps(steps, fake.run, fake.now);
    expect(fake.ran).toEqual(['typecheck', 'test:unit', 'test:e2e']);
    expect(results).toEqual([
      { name: 'Typecheck', ms: 40_000, passed: true },
      { name: 'Unit tests', ms: 250_000, passed: true },
      { name: 'Browser tests', ms: 300_000, passed: true },
    ]);
  });

  it('stops at the first step that fails', async () => {
    const fake = fakeRun({ typecheck: 1000, 'test:unit': 2000 }, ['test:unit']);
    const results = await runSteps(steps, fake.run, fake.now);
    expect(fake.ran).toEqual(['typecheck', 'test:unit']);
    expect(results.map((result) => result.passed)).toEqual([true, false]);
  });

  it('prints each step’s time and the total against the budget', () => {
    const report = formatReport(
      steps,
      [
        { name: 'Typecheck', ms: 40_000, passed: true },
        { name: 'Unit tests', ms: 250_400, passed: true },
        { name: 'Browser tests', ms: 301_000, passed: true },
      ],
      12 * 60_000,
    );
    expect(report).toContain('  Typecheck      40 s\n');
    expect(report).toContain('  Unit tests     4 min 10 s\n');
    expect(report).toContain('  Total          9 min 51 s (within the 12 min budget)');
    expect(report).not.toContain('Warning');
  });

  it('marks a failed step, the steps not run, and a total over budget', () => {
    const report = formatReport(
      steps,
      [
        { name: 'Typecheck', ms: 40_000, passed: true },
        { name: 'Unit tests', ms: 700_000, passed: false },
      ],
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
