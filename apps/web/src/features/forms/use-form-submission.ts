import { useState, type FormEvent } from 'react';
import { formSchemas, type FormKind } from '@tendly/domain/validation/forms';
import { useFormState } from '../../platform/form-state';
import { useSendFeedback } from '../../platform/use-send-feedback';
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
  const [reference, setReference] = useState<string | null>(null);
  const { failure: message, summaryRef, confirmationRef, clearFailure, showInvalid, showFailure } = useSendFeedback(Boolean(reference));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSubmitting) return;
    clearFailure();
    const input = form.validate<unknown>(formSchemas[kind]);
    if (input === null) {
      showInvalid();
      return;
    }
    setIsSubmitting(true);
    try {
      const answer = await sendForm(kind, input);
      setReference(answer.reference);
    } catch (error) {
      showFailure(error, form.setErrors);
    } finally {
      setIsSubmitting(false);
    }
  }

  return { form, onSubmit, isSubmitting, message, reference, summaryRef, confirmationRef };
}
