/**
 * The learning hub's modules (issue 12). Their content and quizzes live in learning-modules.ts;
 * the codes are here so that onboarding can name the induction every worker must pass.
 */
export const learningModuleCodes = [
  'platform-induction',
  'ndis-code-of-conduct',
  'infection-prevention',
  'manual-handling',
  'medication-awareness',
  'incident-reporting',
] as const;
export type LearningModuleCode = (typeof learningModuleCodes)[number];

/** Working on the platform: contracts, bookings, hours and invoices. Required before review. */
export const REQUIRED_INDUCTION_MODULE: LearningModuleCode = 'platform-induction';

/** A quiz is passed at this score or better, in percent. */
export const QUIZ_PASS_PERCENT = 80;
