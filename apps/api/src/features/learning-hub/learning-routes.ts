import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  learningModuleDetailSchema,
  learningModuleListSchema,
  quizResultSchema,
  quizSubmissionSchema,
} from '@tendly/domain/api/learning';
import { apiErrorSchema } from '@tendly/domain/errors';
import { apiAccess } from '@tendly/domain/permissions';
import { safeParam } from '@tendly/domain/validation/safe-text';
import { requireAuth } from '../../platform/auth/authenticate';
import { sendDownload } from '../../platform/http/download-reply';
import { PDF_DOWNLOAD_DESCRIPTION } from '../../platform/http/file-replies';
import { signedIn } from '../../platform/http/route-schemas';
import { signedInRoutes } from '../../platform/http/signed-in-routes';
import { certificateFor, getModule, listModules, QuizAttemptsUsedError, submitQuiz, type LearningContext } from './learning-service';

const moduleParams = z.object({ code: safeParam });

/** The learning hub (issue 12): modules, quizzes and completion certificates, for workers (inactive ones too). */
export const learningRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: LearningContext = { db: app.database.db, config: app.config };
  const route = signedInRoutes(app, { tags: ['learning hub'] });

  route.get(
    '/learning/modules',
    apiAccess.learningHub,
    {
      summary: 'The learning hub modules, in order, with the worker’s progress in each',
      response: { 200: learningModuleListSchema },
    },
    (auth) => listModules(ctx, auth.user.id),
  );

  route.get(
    '/learning/modules/:code',
    apiAccess.learningHub,
    {
      summary: 'A module’s content and quiz questions (without the answers)',
      params: moduleParams,
      response: { 200: learningModuleDetailSchema, 404: apiErrorSchema },
    },
    (auth, request) => getModule(ctx, auth.user.id, request.params.code),
  );

  route.post(
    '/learning/modules/:code/quiz',
    apiAccess.learningHub,
    {
      summary: 'Submit a quiz: the score and whether it passed (never which answers were wrong)',
      description: `One answer for every question, each naming its option by id. ${app.config.QUIZ_ATTEMPTS_PER_DAY} attempts a module a day (Sydney time, QUIZ_ATTEMPTS_PER_DAY), then 429 with Retry-After until midnight. Every attempt is recorded.`,
      params: moduleParams,
      body: quizSubmissionSchema,
      response: { 200: quizResultSchema, 400: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema },
    },
    async (auth, request, reply) => {
      try {
        return await submitQuiz(ctx, auth.user.id, request.params.code, request.body);
      } catch (error) {
        if (error instanceof QuizAttemptsUsedError) reply.header('retry-after', String(error.retryAfterSeconds));
        throw error;
      }
    },
  );

  app.get(
    '/learning/modules/:code/certificate',
    {
      config: { access: apiAccess.learningHub },
      schema: {
        tags: ['learning hub'],
        summary: 'The completion certificate of a passed module, as a PDF download (404 until passed)',
        description: PDF_DOWNLOAD_DESCRIPTION,
        security: signedIn,
        params: moduleParams,
      },
    },
    async (request, reply) => {
      const { pdf, fileName } = await certificateFor(ctx, requireAuth(request).user.id, request.params.code, new Date());
      return sendDownload(reply, { bytes: pdf, fileName }, 'application/pdf');
    },
  );
};
