import { formSubmittedResponseSchema, type FormSubmittedResponse } from '@tendly/domain/api/forms';
import type { FormKind } from '@tendly/domain/validation/forms';
import { apiRequest } from '../../platform/api-client';

/** POST /api/forms/{kind} (issue 4), with values already parsed by the kind's domain schema. */
export function sendForm(kind: FormKind, values: unknown): Promise<FormSubmittedResponse> {
  return apiRequest(`/forms/${kind}`, { method: 'POST', body: values, schema: formSubmittedResponseSchema });
}
