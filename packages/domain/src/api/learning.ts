import { addDays, format, parseISO } from 'date-fns';
import { z } from 'zod';
import { formatInstantDate } from '../format';
import { learningModuleCodes, QUIZ_PASS_PERCENT } from '../learning';
import { instantToLocalDate, localToInstant } from '../shift-time';
import { formatLongDate } from '../validation/compliance-documents';
import { safeText } from '../validation/safe-text';
import { markdownTreeSchema } from '../markdown';

/**
 * The learning hub's API (issue 12). The module content comes from the domain's
 * learning-modules.ts, which only the API reads: the responses here carry the questions and their
 * options, never which option is right. After a quiz is submitted, the result tells the score
 * only, never which answers were wrong (issue 29: a list of wrong questions let a guesser pass
 * by cycling options), the options come in a new order each time the quiz is loaded, and each
 * module allows a few attempts a day (QUIZ_ATTEMPTS_PER_DAY), so a retry is still a test.
 */

/** The day the attempts are counted in: Sydney's, like the rest of the product's days. */
export const QUIZ_DAY_TIME_ZONE = 'Australia/Sydney';

/** "25 November 2026": the day a module was passed, in Sydney time, on the certificate and on the learning hub alike. */
export function formatPassDate(passedAt: Date | string): string {
  return formatInstantDate(passedAt, { timeZone: QUIZ_DAY_TIME_ZONE });
}

/** The Sydney day of `now`: its first instant, and the next day's date and first instant. */
export function quizDayOf(now: Date): { startsAt: Date; nextDate: string; nextStartsAt: Date } {
  const today = instantToLocalDate(now, QUIZ_DAY_TIME_ZONE);
  const nextDate = format(addDays(parseISO(today), 1), 'yyyy-MM-dd');
  // Midnight always exists in Sydney: daylight saving changes at 2 am and 3 am.
  return { startsAt: localToInstant(`${today}T00:00`, QUIZ_DAY_TIME_ZONE), nextDate, nextStartsAt: localToInstant(`${nextDate}T00:00`, QUIZ_DAY_TIME_ZONE) };
}

/**
 * The refusal once today's attempts at a module are used: when the worker may try again
 * (`nextDate`, YYYY-MM-DD, the next day in Sydney).
 */
export function quizAttemptsUsedMessage(attemptsPerDay: number, nextDate: string): string {
  const attempts = `${attemptsPerDay} attempt${attemptsPerDay === 1 ? '' : 's'}`;
  return `You have used today’s ${attempts} at this quiz. Read the module again, and try again from midnight Sydney time, on ${formatLongDate(nextDate)}.`;
}

export const learningModuleCodeSchema = z.enum(learningModuleCodes);

/** Where the worker stands with one module. Dates are ISO 8601 instants. */
export const learningProgressSchema = z.object({
  /** When the worker first passed; null until they have. */
  passedAt: z.string().nullable(),
  /** The best score of any attempt, in percent; null before the first attempt. */
  bestScorePercent: z.number().int().min(0).max(100).nullable(),
  attempts: z.number().int().min(0),
});
export type LearningProgress = z.infer<typeof learningProgressSchema>;

const moduleHeader = {
  code: learningModuleCodeSchema,
  /** May hold `{brand}`: the web fills it from the site configuration. */
  title: z.string(),
  summary: z.string(),
  readingMinutes: z.number().int().positive(),
  questionCount: z.number().int().positive(),
  /** The platform induction, which every worker passes before their profile is reviewed. */
  isRequired: z.boolean(),
  progress: learningProgressSchema,
};

/** GET /api/learning/modules → 200: every module, in order, with the worker's progress. */
export const learningModuleSummarySchema = z.object(moduleHeader);
export type LearningModuleSummary = z.infer<typeof learningModuleSummarySchema>;
export const learningModuleListSchema = z.array(learningModuleSummarySchema);

export const learningQuestionSchema = z.object({
  id: z.string(),
  prompt: z.string(),
  options: z.array(z.object({ id: z.string(), text: z.string() })),
});
export type LearningQuestion = z.infer<typeof learningQuestionSchema>;

/** Today's attempts at one module (a day in Sydney). */
const attemptsToday = {
  attemptsPerDay: z.number().int().positive(),
  attemptsLeftToday: z.number().int().min(0),
  /** When today's attempts are counted afresh: the next midnight in Sydney, an ISO 8601 instant. */
  attemptsResetAt: z.string(),
};

/**
 * GET /api/learning/modules/{code} → 200: the content and the quiz, without the answers. Each
 * question's options come in a new order on every load; answers name the option by its id.
 */
export const learningModuleDetailSchema = z.object({
  ...moduleHeader,
  ...attemptsToday,
  /** Each section's Markdown, rendered by the API (markdown-to-tree.ts), so the browser needs no parser. */
  sections: z.array(z.object({ heading: z.string(), content: markdownTreeSchema })),
  questions: z.array(learningQuestionSchema),
});
export type LearningModuleDetail = z.infer<typeof learningModuleDetailSchema>;

export const ANSWER_EVERY_QUESTION = 'Answer every question before you submit the quiz.';
export const ANSWER_EACH_QUESTION_ONCE = 'Give one answer to each question.';
export const UNKNOWN_QUESTION = 'One of the answers is for a question that is not in this quiz. Reload the page and try again.';
export const UNKNOWN_OPTION = 'Choose one of the answers offered for this question.';

/** POST /api/learning/modules/{code}/quiz: one answer for each question. */
export const quizSubmissionSchema = z.object({
  answers: z
    .array(
      z.object({
        questionId: z.string({ error: UNKNOWN_QUESTION }).check(safeText()).max(20, { error: UNKNOWN_QUESTION }),
        optionId: z.string({ error: UNKNOWN_OPTION }).check(safeText()).max(20, { error: UNKNOWN_OPTION }),
      }),
      { error: ANSWER_EVERY_QUESTION },
    )
    .min(1, { error: ANSWER_EVERY_QUESTION })
    .max(50, { error: ANSWER_EACH_QUESTION_ONCE }),
});
export type QuizSubmission = z.infer<typeof quizSubmissionSchema>;

/** → 200: the score only: never which answers were wrong, nor the right ones. */
export const quizResultSchema = z.object({
  scorePercent: z.number().int().min(0).max(100),
  correctCount: z.number().int().min(0),
  questionCount: z.number().int().positive(),
  passed: z.boolean(),
  passPercent: z.literal(QUIZ_PASS_PERCENT),
  progress: learningProgressSchema,
  ...attemptsToday,
});
export type QuizResult = z.infer<typeof quizResultSchema>;

/** A score in whole percent, rounded down so that a pass is never granted by rounding. */
export function quizScorePercent(correctCount: number, questionCount: number): number {
  return Math.floor((correctCount * 100) / questionCount);
}

export function isQuizPass(scorePercent: number): boolean {
  return scorePercent >= QUIZ_PASS_PERCENT;
}
