import { workerPhotoResponseSchema, type WorkerPhotoResponse } from '@tendly/domain/api/compliance-documents';
import { apiRequest } from '../../platform/api-client';

/** POST /api/worker/photo: the server crops it square, removes its metadata and answers its address. */
export function uploadWorkerPhoto(file: File): Promise<WorkerPhotoResponse> {
  const body = new FormData();
  body.append('file', file);
  return apiRequest('/worker/photo', { method: 'POST', body, schema: workerPhotoResponseSchema });
}

/** DELETE /api/worker/photo: back to the generated avatar. */
export function removeWorkerPhoto(): Promise<WorkerPhotoResponse> {
  return apiRequest('/worker/photo', { method: 'DELETE', schema: workerPhotoResponseSchema });
}
