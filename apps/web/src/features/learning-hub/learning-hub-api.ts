import {
  learningModuleDetailSchema,
  learningModuleListSchema,
  quizResultSchema,
  type LearningModuleDetail,
  type LearningModuleSummary,
  type QuizResult,
} from '@tendly/domain/api/learning';
import { apiDownload, apiRequest } from '../../platform/api-client';

/** The learning hub's calls (issue 12). The answers never come to the browser: the API marks the quiz. */
export const learningQueryKeys = {
  modules: ['learning-modules'] as const,
  module: (code: string) => ['learning-module', code] as const,
};

export function fetchLearningModules(signal?: AbortSignal): Promise<LearningModuleSummary[]> {
  return apiRequest('/learning/modules', { schema: learningModuleListSchema, signal });
}

export function fetchLearningModule(code: string, signal?: AbortSignal): Promise<LearningModuleDetail> {
  return apiRequest(`/learning/modules/${encodeURIComponent(code)}`, { schema: learningModuleDetailSchema, signal });
}

export function submitQuiz(code: string, answers: { questionId: string; optionId: string }[]): Promise<QuizResult> {
  return apiRequest(`/learning/modules/${encodeURIComponent(code)}/quiz`, { method: 'POST', body: { answers }, schema: quizResultSchema });
}

/** GET /api/learning/modules/{code}/certificate: the PDF, saved with the session (see `apiDownload`). */
export async function downloadCertificate(code: string): Promise<void> {
  await apiDownload(`/learning/modules/${encodeURIComponent(code)}/certificate`, { fallbackFileName: `certificate-${code}.pdf` });
}
