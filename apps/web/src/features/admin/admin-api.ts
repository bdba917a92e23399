import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  adminSummaryResponseSchema,
  adminWorkerSchema,
  administratorsResponseSchema,
  auditResponseSchema,
  inboxItemDetailSchema,
  inboxResponseSchema,
  peopleResponseSchema,
  personDetailSchema,
  reviewQueueResponseSchema,
  type AdminSummary,
  type AdminWorker,
  type InboxItemDetail,
  type InboxUpdate,
  type PersonDetail,
} from '@tendly/domain/api/admin';
import { backgroundJobCountsSchema, backgroundJobSchema, backgroundJobsResponseSchema, type BackgroundJob } from '@tendly/domain/api/background-jobs';
import { ApiError, apiRequest, type QueryParams } from '../../platform/api-client';
import { fetchResultPage } from '../../platform/paged-results';
import { currentAuthToken } from '../../platform/session';

/** GET /api/admin/summary: the counts of what exists (administrators only). */
export function fetchAdminSummary(signal?: AbortSignal): Promise<AdminSummary> {
  return apiRequest('/admin/summary', { schema: adminSummaryResponseSchema, ...(signal ? { signal } : {}) });
}

export function useAdminSummary() {
  return useQuery({ queryKey: ['admin', 'summary'], queryFn: ({ signal }) => fetchAdminSummary(signal) });
}

/** Every admin list pages by `start` and `limit` and sends its total in X-Total-Count. */
function usePagedList<T>(name: string, path: string, query: QueryParams, schema: Parameters<typeof fetchResultPage<T>>[2]) {
  return useQuery({
    queryKey: ['admin', name, query],
    queryFn: ({ signal }) => fetchResultPage(path, query, schema, signal),
    placeholderData: keepPreviousData,
  });
}

export const useReviewQueue = (query: QueryParams) => usePagedList('review-queue', '/admin/review-queue', query, reviewQueueResponseSchema);
export const usePeople = (query: QueryParams) => usePagedList('people', '/admin/people', query, peopleResponseSchema);
export const useInbox = (query: QueryParams) => usePagedList('inbox', '/admin/inbox', query, inboxResponseSchema);
export const useAuditLog = (query: QueryParams) => usePagedList('audit', '/admin/audit', query, auditResponseSchema);
export const useBackgroundJobs = (query: QueryParams) => usePagedList('background-jobs', '/admin/jobs', query, backgroundJobsResponseSchema);

/** GET /api/admin/jobs/counts: how many background jobs are in each status (issue 27). */
export function useBackgroundJobCounts() {
  return useQuery({
    queryKey: ['admin', 'background-job-counts'],
    queryFn: ({ signal }) => apiRequest('/admin/jobs/counts', { schema: backgroundJobCountsSchema, signal }),
  });
}

/** POST /api/admin/jobs/{id}/{retry|discard}; the lists and counts are fetched again after. */
export function useBackgroundJobAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { jobId: string; action: 'retry' | 'discard' }): Promise<BackgroundJob> =>
      apiRequest(`/admin/jobs/${encodeURIComponent(input.jobId)}/${input.action}`, { method: 'POST', schema: backgroundJobSchema }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: ['admin'], predicate: (query) => query.queryKey[1] === 'background-jobs' || query.queryKey[1] === 'background-job-counts' }),
  });
}

const workerPath = (workerId: string) => `/admin/workers/${encodeURIComponent(workerId)}`;
const personPath = (userId: string) => `/admin/people/${encodeURIComponent(userId)}`;
const inboxPath = (submissionId: string) => `/admin/inbox/${encodeURIComponent(submissionId)}`;

/** GET /api/admin/documents/{id}/file: the document's file, shown inline (the API checks who asks). */
export const documentFileUrl = (documentId: string) => `/api/admin/documents/${encodeURIComponent(documentId)}/file`;

export const adminQueryKeys = {
  worker: (workerId: string) => ['admin', 'worker', workerId] as const,
  person: (userId: string) => ['admin', 'person', userId] as const,
  inboxItem: (submissionId: string) => ['admin', 'inbox-item', submissionId] as const,
};

export function useAdminWorker(workerId: string) {
  return useQuery({
    queryKey: adminQueryKeys.worker(workerId),
    queryFn: ({ signal }) => apiRequest(workerPath(workerId), { schema: adminWorkerSchema, signal }),
  });
}

export function usePerson(userId: string) {
  return useQuery({
    queryKey: adminQueryKeys.person(userId),
    queryFn: ({ signal }) => apiRequest(personPath(userId), { schema: personDetailSchema, signal }),
  });
}

export function useInboxItem(submissionId: string) {
  return useQuery({
    queryKey: adminQueryKeys.inboxItem(submissionId),
    queryFn: ({ signal }) => apiRequest(inboxPath(submissionId), { schema: inboxItemDetailSchema, signal }),
  });
}

export function useAdministrators() {
  return useQuery({
    queryKey: ['admin', 'administrators'],
    queryFn: ({ signal }) => apiRequest('/admin/administrators', { schema: administratorsResponseSchema, signal }),
    staleTime: 5 * 60_000,
  });
}

export type WorkerAction =
  | { kind: 'approve' }
  | { kind: 'request-changes'; items: string[] }
  | { kind: 'suspend'; reason: string }
  | { kind: 'restore' };

/** POST /api/admin/workers/{workerId}/{approve|request-changes|suspend|restore}. */
export function useWorkerAction(workerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: WorkerAction): Promise<AdminWorker> => {
      const body =
        action.kind === 'request-changes' ? { items: action.items } : action.kind === 'suspend' ? { reason: action.reason } : undefined;
      return apiRequest(`${workerPath(workerId)}/${action.kind}`, { method: 'POST', body, schema: adminWorkerSchema });
    },
    onSuccess: async (worker) => {
      queryClient.setQueryData(adminQueryKeys.worker(workerId), worker);
      await queryClient.invalidateQueries({ queryKey: ['admin'], predicate: (query) => query.queryKey[1] !== 'worker' });
    },
  });
}

/** POST /api/admin/documents/{id}/review: approve or reject one document (a reason to reject). */
export function useDocumentReview(workerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { documentId: string; decision: 'APPROVED' | 'REJECTED'; reason?: string }) =>
      apiRequest(`/admin/documents/${encodeURIComponent(input.documentId)}/review`, {
        method: 'POST',
        body: { decision: input.decision, ...(input.reason ? { reason: input.reason } : {}) },
        schema: z.unknown(),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.worker(workerId) }),
  });
}

/** POST /api/admin/people/{userId}/{deactivate|reactivate} with a reason. */
export function useAccountStatusChange(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { change: 'deactivate' | 'reactivate'; reason: string }): Promise<PersonDetail> =>
      apiRequest(`${personPath(userId)}/${input.change}`, { method: 'POST', body: { reason: input.reason }, schema: personDetailSchema }),
    onSuccess: async (person) => {
      queryClient.setQueryData(adminQueryKeys.person(userId), person);
      await queryClient.invalidateQueries({ queryKey: ['admin', 'people'] });
    },
  });
}

export function useInboxUpdate(submissionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: InboxUpdate): Promise<InboxItemDetail> =>
      apiRequest(inboxPath(submissionId), { method: 'PATCH', body: update, schema: inboxItemDetailSchema }),
    onSuccess: async (item) => {
      queryClient.setQueryData(adminQueryKeys.inboxItem(submissionId), item);
      await queryClient.invalidateQueries({ queryKey: ['admin', 'inbox'] });
    },
  });
}

export function useInboxNote(submissionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string): Promise<InboxItemDetail> =>
      apiRequest(`${inboxPath(submissionId)}/notes`, { method: 'POST', body: { body }, schema: inboxItemDetailSchema }),
    onSuccess: (item) => queryClient.setQueryData(adminQueryKeys.inboxItem(submissionId), item),
  });
}

/**
 * A document's file as a Blob, fetched with the session's token (an <iframe> or <img> cannot send
 * the auth-token header, so the page shows the file from an object URL).
 */
export async function fetchDocumentFile(documentId: string, signal?: AbortSignal): Promise<Blob> {
  const headers = new Headers();
  const token = currentAuthToken();
  if (token) headers.set('auth-token', token);
  const response = await fetch(documentFileUrl(documentId), { headers, ...(signal ? { signal } : {}) });
  if (!response.ok) throw new ApiError(response.status, 'We could not open this document. Please try again.');
  return response.blob();
}
