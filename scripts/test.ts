import { formatReport, runNpmScript, runSteps, SUITE_BUDGET_MS, SUITE_STAGES } from './test-suite';

const suite = await runSteps(SUITE_STAGES, runNpmScript);
process.stdout.write(formatReport(SUITE_STAGES, suite, SUITE_BUDGET_MS));
process.exitCode = suite.steps.every((result) => result.passed) ? 0 : 1;
