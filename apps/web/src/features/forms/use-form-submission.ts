import { useEffect, useRef, useState, type FormEvent } from 'react';
import { formSchemas, type FormKind } from '@tendly/domain/validation/forms';
import { ApiError, UNEXPECTED_RESPONSE_MESSAGE } from '../../platform/api-client';
import { useFormState } from '../../platform/form-state';
import { sendForm } from './forms-api';

/**
 * One of the public site's forms (issue 4): validated with the kind's domain schema on submit and
 * sent to POST /api/forms/{kind}. Field errors, the form's own or the server's, show on their
 * fields and in the error summary, which gets focus; they clear when their field gets focus (spec
 * section 5). Any other failure is an alert with the reason, and everything typed stays. On
 * success the confirmation with the reference number replaces the form and gets focus.
 */
export function useFormSubmission<V extends Record<string, unknown>>(kind: FormKind, initialValues: V) {
  const form = useFormState(initialValues);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [reference, setReference] = useState<string | null>(null);
  const [failedSubmits, setFailedSubmits] = useState(0);
  const summaryRef = useRef<HTMLDivElement>(null);
  const confirmationRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (failedSubmits > 0) summaryRef.current?.focus();
  }, [failedSubmits]);

  useEffect(() => {
    if (reference) confirmationRef.current?.focus();
  }, [reference]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSubmitting) return;
    setMessage(null);
    const input = form.validate<unknown>(formSchemas[kind]);
    if (input === null) {
      setFailedSubmits((count) => count + 1);
      return;
    }
    setIsSubmitting(true);
    try {
      const answer = await sendForm(kind, input);
      setReference(answer.reference);
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) form.setErrors(error.fieldErrors);
      else setMessage(error instanceof ApiError ? error.message : UNEXPECTED_RESPONSE_MESSAGE);
      setFailedSubmits((count) => count + 1);
    } finally {
      setIsSubmitting(false);
    }
  }

  return { form, onSubmit, isSubmitting, message, reference, summaryRef, confirmationRef };
}
