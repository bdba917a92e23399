import {
  ANSWER_EACH_QUESTION_ONCE,
  ANSWER_EVERY_QUESTION,
  formatPassDate,
  isQuizPass,
  quizAttemptsUsedMessage,
  quizDayOf,
  quizScorePercent,
  UNKNOWN_OPTION,
  UNKNOWN_QUESTION,
  type LearningModuleDetail,
  type LearningModuleSummary,
  type LearningProgress,
  type QuizResult,
  type QuizSubmission,
} from '@tendly/domain/api/learning';
import { QUIZ_PASS_PERCENT, REQUIRED_INDUCTION_MODULE } from '@tendly/domain/learning';
import { findLearningModule, learningModules, type LearningModule } from '@tendly/domain/learning-modules';
import { randomInt } from 'node:crypto';
import type { Config } from '../../platform/config';
import type { Db, DbExecutor } from '../../platform/db/client';
import { lockPerson } from '../../platform/db/person-lock';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { renderCertificatePdf } from './certificate-pdf';
import { countAttemptsSince, findFirstPass, findPersonName, findProgressByModule, insertQuizAttempt } from './learning-repository';
import type { MarkdownTree } from '@tendly/domain/markdown';
import { markdownToTree } from '@tendly/domain/markdown-to-tree';

export const MODULE_NOT_FOUND = 'We could not find this learning hub module.';
export const NOT_PASSED_YET = 'The certificate is ready once you pass this module’s quiz.';

export interface LearningContext {
  db: Db;
  config: Pick<Config, 'BRAND_NAME' | 'QUIZ_ATTEMPTS_PER_DAY'>;
  /** The current time; tests move it (attempts are counted by the day in Sydney). */
  now?: () => Date;
}

/** Each module's sections with their Markdown rendered, once per module (the text is part of the code). */
const sectionsByModule = new Map<string, { heading: string; content: MarkdownTree }[]>();
function renderedSections(module: LearningModule): { heading: string; content: MarkdownTree }[] {
  let sections = sectionsByModule.get(module.code);
  if (!sections) {
    sections = module.sections.map(({ heading, markdown }) => ({ heading, content: markdownToTree(markdown) }));
    sectionsByModule.set(module.code, sections);
  }
  return sections;
}

const nowOf = (ctx: LearningContext) => (ctx.now ? ctx.now() : new Date());

/** The 429 once today's attempts at a module are used; `retryAfterSeconds` is until midnight in Sydney. */
export class QuizAttemptsUsedError extends AppError {
  readonly retryAfterSeconds: number;

  constructor(attemptsPerDay: number, now: Date) {
    const { nextDate, nextStartsAt } = quizDayOf(now);
    super(429, quizAttemptsUsedMessage(attemptsPerDay, nextDate), { code: 'QUIZ_ATTEMPTS_USED' });
    this.retryAfterSeconds = Math.max(1, Math.ceil((nextStartsAt.getTime() - now.getTime()) / 1000));
  }
}

/** Today's attempts at a module: the limit, how many are left, and when they are counted afresh. */
async function attemptsToday(db: DbExecutor, ctx: LearningContext, workerId: string, moduleCode: string, now: Date) {
  const day = quizDayOf(now);
  const used = await countAttemptsSince(db, workerId, moduleCode, day.startsAt);
  const attemptsPerDay = ctx.config.QUIZ_ATTEMPTS_PER_DAY;
  return { attemptsPerDay, attemptsLeftToday: Math.max(0, attemptsPerDay - used), attemptsResetAt: day.nextStartsAt.toISOString() };
}

/** A new order each time (Fisher–Yates with the crypto generator), so an answer is not learnt by its place. */
function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = randomInt(index + 1);
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}

const noProgress: LearningProgress = { passedAt: null, bestScorePercent: null, attempts: 0 };

function header(module: LearningModule, progress: LearningProgress | undefined): LearningModuleSummary {
  return {
    code: module.code,
    title: module.title,
    summary: module.summary,
    readingMinutes: module.readingMinutes,
    questionCount: module.quiz.length,
    isRequired: module.code === REQUIRED_INDUCTION_MODULE,
    progress: progress ?? noProgress,
  };
}

function requireModule(code: string): LearningModule {
  const module = findLearningModule(code);
  if (!module) throw notFound(MODULE_NOT_FOUND);
  return module;
}

/** GET /api/learning/modules: every module with where the worker stands. */
export async function listModules(ctx: LearningContext, workerId: string): Promise<LearningModuleSummary[]> {
  const progress = await findProgressByModule(ctx.db, workerId);
  return learningModules.map((module) => header(module, progress.get(module.code)));
}

/**
 * GET /api/learning/modules/{code}: the content and the questions, never the answers. The options
 * of each question come shuffled on every load, i.e. for every attempt (issue 29).
 */
export async function getModule(ctx: LearningContext, workerId: string, code: string): Promise<LearningModuleDetail> {
  const module = requireModule(code);
  const [progress, today] = await Promise.all([findProgressByModule(ctx.db, workerId), attemptsToday(ctx.db, ctx, workerId, module.code, nowOf(ctx))]);
  return {
    ...header(module, progress.get(module.code)),
    ...today,
    sections: renderedSections(module),
    questions: module.quiz.map(({ id, prompt, options }) => ({ id, prompt, options: shuffled(options).map(({ id: optionId, text }) => ({ id: optionId, text })) })),
  };
}

/**
 * The answers checked against the quiz: one for every question, each once, each an option the
 * question offers. A problem is a 400 naming the question (`answers.<questionId>`).
 */
function chosenOptions(module: LearningModule, submission: QuizSubmission): Map<string, string> {
  const chosen = new Map<string, string>();
  for (const { questionId, optionId } of submission.answers) {
    const question = module.quiz.find((candidate) => candidate.id === questionId);
    if (!question) throw badRequest(UNKNOWN_QUESTION, { answers: UNKNOWN_QUESTION });
    if (chosen.has(questionId)) throw badRequest(ANSWER_EACH_QUESTION_ONCE, { [`answers.${questionId}`]: ANSWER_EACH_QUESTION_ONCE });
    if (!question.options.some((option) => option.id === optionId)) {
      throw badRequest(UNKNOWN_OPTION, { [`answers.${questionId}`]: UNKNOWN_OPTION });
    }
    chosen.set(questionId, optionId);
  }
  const missing = module.quiz.filter((question) => !chosen.has(question.id));
  if (missing.length > 0) {
    throw badRequest(ANSWER_EVERY_QUESTION, Object.fromEntries(missing.map((question) => [`answers.${question.id}`, ANSWER_EVERY_QUESTION])));
  }
  return chosen;
}

/**
 * POST /api/learning/modules/{code}/quiz: marks the answers, records the attempt (pass or not)
 * and answers the score only (issue 29: never which answers were wrong). QUIZ_ATTEMPTS_PER_DAY
 * attempts a module a day in Sydney, then a 429 saying when to try again; a refused or invalid
 * submission is not an attempt. Passing once is enough: a later lower score does not take a pass away.
 */
export async function submitQuiz(ctx: LearningContext, workerId: string, code: string, submission: QuizSubmission): Promise<QuizResult> {
  const module = requireModule(code);
  const chosen = chosenOptions(module, submission);
  const correctCount = module.quiz.filter((question) => chosen.get(question.id) === question.correctOptionId).length;
  const scorePercent = quizScorePercent(correctCount, module.quiz.length);
  const passed = isQuizPass(scorePercent);
  const now = nowOf(ctx);
  return ctx.db.transaction(async (tx) => {
    // One worker's submissions are counted and recorded one at a time: a burst sent at once cannot slip past the day's limit.
    await lockPerson(tx, workerId);
    const before = await attemptsToday(tx, ctx, workerId, module.code, now);
    if (before.attemptsLeftToday === 0) throw new QuizAttemptsUsedError(before.attemptsPerDay, now);
    await insertQuizAttempt(tx, { workerId, moduleCode: module.code, scorePercent, passed, createdAt: now });
    const progress = (await findProgressByModule(tx, workerId)).get(module.code) ?? noProgress;
    return {
      scorePercent,
      correctCount,
      questionCount: module.quiz.length,
      passed,
      passPercent: QUIZ_PASS_PERCENT,
      progress,
      ...before,
      attemptsLeftToday: before.attemptsLeftToday - 1,
    };
  });
}

/** GET /api/learning/modules/{code}/certificate: the PDF, once the worker has passed (otherwise 404). */
export async function certificateFor(
  ctx: LearningContext,
  workerId: string,
  code: string,
  now: Date,
): Promise<{ pdf: Buffer; fileName: string }> {
  const module = requireModule(code);
  const pass = await findFirstPass(ctx.db, workerId, module.code);
  if (!pass) throw notFound(NOT_PASSED_YET);
  const pdf = await renderCertificatePdf(
    {
      brandName: ctx.config.BRAND_NAME,
      workerName: await findPersonName(ctx.db, workerId),
      moduleTitle: module.title.replaceAll('{brand}', ctx.config.BRAND_NAME),
      passedOn: formatPassDate(pass.passedAt),
      certificateId: pass.id.toUpperCase(),
    },
    now,
  );
  return { pdf, fileName: `certificate-${module.code}.pdf` };
}
