import {
  workerDocumentSchema,
  workerDocumentsResponseSchema,
  type WorkerDocument,
  type WorkerDocumentsResponse,
} from '@tendly/domain/api/compliance-documents';
import { ApiError, apiRequest, buildApiUrl, NETWORK_ERROR_MESSAGE, UNEXPECTED_RESPONSE_MESSAGE } from '../../platform/api-client';
import { currentAuthToken } from '../../platform/session';

export const workerDocumentsKey = ['worker-documents'] as const;

/** GET /api/worker/documents. */
export function fetchWorkerDocuments(signal?: AbortSignal): Promise<WorkerDocumentsResponse> {
  return apiRequest('/worker/documents', { schema: workerDocumentsResponseSchema, ...(signal ? { signal } : {}) });
}

/** POST /api/worker/documents: the fields and the file as one multipart form. */
export function addWorkerDocument(fields: Record<string, string>, file: File | null): Promise<WorkerDocument> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  if (file) body.append('file', file);
  return apiRequest('/worker/documents', { method: 'POST', body, schema: workerDocumentSchema });
}

const emptyResponse = { safeParse: (data: unknown) => ({ success: true as const, data: data as undefined }) };

/** DELETE /api/worker/documents/{id}. */
export function removeWorkerDocument(id: string): Promise<undefined> {
  return apiRequest(`/worker/documents/${encodeURIComponent(id)}`, { method: 'DELETE', schema: emptyResponse });
}

/**
 * Opens the worker's own file in a new tab. The file needs the auth-token header, so it is
 * fetched here and shown from memory (a blob address), with the type the server found.
 */
export async function openWorkerDocumentFile(id: string): Promise<void> {
  const token = currentAuthToken();
  let response: Response;
  try {
    response = await fetch(buildApiUrl(`/worker/documents/${encodeURIComponent(id)}/file`), {
      headers: token ? { 'auth-token': token } : {},
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE, 'NETWORK');
  }
  if (!response.ok) throw new ApiError(response.status, response.status === 404 ? 'We could not find this file.' : UNEXPECTED_RESPONSE_MESSAGE);
  const blob = await response.blob();
  const address = URL.createObjectURL(blob);
  window.open(address, '_blank', 'noopener');
  // The new tab has loaded it well before then.
  setTimeout(() => URL.revokeObjectURL(address), 60_000);
}
