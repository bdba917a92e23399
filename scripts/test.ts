import { formatReport, runNpmScript, runSteps, SUITE_BUDGET_MS, SUITE_STEPS } from './test-suite';

const results = await runSteps(SUITE_STEPS, runNpmScript);
process.stdout.write(formatReport(SUITE_STEPS, results, SUITE_BUDGET_MS));
process.exitCode = results.every((result) => result.passed) ? 0 : 1;
