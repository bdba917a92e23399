import { useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { ApiError, errorText } from './api-client';
import type { FieldErrors, FormState } from './form-state';
import { useSendFeedback } from './use-send-feedback';

/**
 * A form whose answer is a message to show in its place (a reset link sent, a client added, a
 * linking request sent). On submit the form is checked with `schema`; while it is sent a second
 * submit does nothing. The server's errors on the form's own fields stand at those fields; any
 * other failure is `failure`, for an alert: `useSendFeedback` keeps it, as it keeps every sending
 * form's. On success `message` holds the server's words and focus moves to the element given
 * `statusRef` (a focusable status region), so they are read at once.
 */
export function useMessageSubmit<V extends Record<string, unknown>, I>(
  form: FormState<V>,
  schema: z.ZodType<I>,
  send: (input: I) => Promise<{ message: string }>,
) {
  const [isSending, setIsSending] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const { failure, clearFailure, showProblem } = useSendFeedback();
  const statusRef = useRef<HTMLDivElement>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSending) return;
    const input = form.validate(schema);
    if (!input) return;
    clearFailure();
    setIsSending(true);
    try {
      const answer = await send(input);
      setMessage(answer.message);
      statusRef.current?.focus();
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? errorsOnFields(error.fieldErrors, form.values) : {};
      const onFields = Object.keys(fieldErrors).length > 0;
      if (onFields) form.setErrors(fieldErrors);
      showProblem(onFields ? null : errorText(error));
    } finally {
      setIsSending(false);
    }
  }

  return { onSubmit, isSending, message, failure, statusRef, clearMessage: () => setMessage(null) };
}

/** The server's field errors that name one of the form's fields (another could not be shown). */
function errorsOnFields(errors: FieldErrors, values: Record<string, unknown>): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([name]) => name in values));
}
