import {
  adminAnnualReviewListSchema,
  adminAnnualReviewSchema,
  annualReviewListSchema,
  annualReviewSchema,
  type AdminAnnualReview,
  type AnnualReview,
  type AnnualReviewAnswers,
  type AnnualReviewList,
} from '@tendly/domain/api/annual-reviews';
import { apiRequest } from '../../platform/api-client';
import { formatInstantDate } from '@tendly/domain/format';

export const annualReviewQueryKeys = {
  mine: ['worker-annual-reviews'] as const,
  admin: (status: 'awaiting' | 'signed') => ['admin-annual-reviews', status] as const,
  adminAll: ['admin-annual-reviews'] as const,
};

export function fetchMyAnnualReviews(signal?: AbortSignal): Promise<AnnualReviewList> {
  return apiRequest('/worker/annual-reviews', { schema: annualReviewListSchema, signal });
}

export function saveAnnualReview(year: number, answers: AnnualReviewAnswers): Promise<AnnualReview> {
  return apiRequest(`/worker/annual-reviews/${year}`, { method: 'PUT', body: answers, schema: annualReviewSchema });
}

export function fetchAdminAnnualReviews(status: 'awaiting' | 'signed', signal?: AbortSignal): Promise<AdminAnnualReview[]> {
  return apiRequest('/admin/annual-reviews', { query: { status }, schema: adminAnnualReviewListSchema, signal });
}

export function signOffAnnualReview(id: string, note: string): Promise<AdminAnnualReview> {
  return apiRequest(`/admin/annual-reviews/${encodeURIComponent(id)}/sign-off`, { method: 'POST', body: { note }, schema: adminAnnualReviewSchema });
}

/** "25 November 2026". */
export function formatReviewDate(iso: string): string {
  return formatInstantDate(iso, { timeZone: 'Australia/Sydney' });
}

/** The questions of the review, in order, with the labels both the worker and the administrator see. */
export const annualReviewQuestions = [
  { name: 'wentWell', label: 'What went well in your work this year?', description: 'Moments you are proud of, things clients valued, skills you grew.' },
  { name: 'wasHard', label: 'What was hard?', description: 'Difficult situations, workload, anything that got in the way.' },
  { name: 'trainingCompleted', label: 'Training you completed this year', description: 'Courses, certificates and learning hub modules. Write “none” if there were none.' },
  { name: 'goalsNextYear', label: 'Your goals for next year', description: 'What you would like to learn, the work you would like to do more of.' },
  { name: 'supportNeeded', label: 'Any support you need from us (optional)', description: 'Anything we could do to help you work safely and well.' },
] as const satisfies readonly { name: keyof AnnualReviewAnswers; label: string; description: string }[];
