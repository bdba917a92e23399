import {
  learningModuleDetailSchema,
  learningModuleListSchema,
  quizResultSchema,
  type LearningModuleDetail,
  type LearningModuleSummary,
  type QuizResult,
} from '@tendly/domain/api/learning';
import { ApiError, apiRequest, buildApiUrl, NETWORK_ERROR_MESSAGE, UNEXPECTED_RESPONSE_MESSAGE } from '../../platform/api-client';
import { currentAuthToken } from '../../platform/session';
import { formatInstantDate } from '@tendly/domain/format';

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

/**
 * GET /api/learning/modules/{code}/certificate: the PDF, saved through a temporary link. Not
 * through `apiRequest`, which reads JSON; an error body is read the same way it would be.
 */
export async function downloadCertificate(code: string): Promise<void> {
  const headers = new Headers({ Accept: 'application/pdf, application/json' });
  const token = currentAuthToken();
  if (token) headers.set('auth-token', token);
  let response: Response;
  try {
    response = await fetch(buildApiUrl(`/learning/modules/${encodeURIComponent(code)}/certificate`), { headers });
  } catch {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE, 'NETWORK');
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    const message = typeof body === 'object' && body !== null && typeof (body as { message?: unknown }).message === 'string' ? (body as { message: string }).message : UNEXPECTED_RESPONSE_MESSAGE;
    throw new ApiError(response.status, message);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `certificate-${code}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** "25 November 2026", in Australian Eastern time like the certificate. */
export function formatPassDate(iso: string): string {
  return formatInstantDate(iso, { timeZone: 'Australia/Sydney' });
}
