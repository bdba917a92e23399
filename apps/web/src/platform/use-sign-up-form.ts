import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import type { LoginInput, SignupInput } from '@tendly/domain/validation/account';
import { fieldErrors } from '@tendly/domain/validation/field-errors';
import { signUp } from './account-api';
import { ApiError, UNEXPECTED_RESPONSE_MESSAGE } from './api-client';
import { useFormState, type FieldErrors } from './form-state';
import { useSendFeedback } from './use-send-feedback';

/**
 * A sign-up form (spec section 5): validated with the domain's schema on submit, sent to
 * POST /api/signup, with the server's field errors shown on their fields like the form's own.
 * After a failed submit focus goes to the error summary; after success the page asks for the
 * emailed code. An address that already has an account succeeds too (the API does not say who
 * has one; its owner is emailed instead). The registration pages use it, and so does the
 * post-a-job wizard's account step, which keeps the new member's credentials (`onSignedUp`) to
 * sign them in once the email is verified.
 */
export function useSignUpForm<V extends Record<string, unknown>>(
  initialValues: V,
  schema: z.ZodType<SignupInput>,
  { onSignedUp }: { onSignedUp?: (credentials: LoginInput) => void } = {},
) {
  const form = useFormState(initialValues);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [signedUpEmail, setSignedUpEmail] = useState<string | null>(null);
  // What the error summary lists: the last submit's problems. Field messages clear on focus (spec
  // section 5); the summary stays until the next submit, so it never shrinks under the pointer
  // between pressing and releasing a tick-box below it, which would make the click miss.
  const [summaryErrors, setSummaryErrors] = useState<FieldErrors>({});
  const { failure: message, summaryRef, clearFailure, showProblem } = useSendFeedback();

  function fail(errors: Record<string, string>, generalMessage: string | null) {
    form.setErrors(errors);
    setSummaryErrors(errors);
    showProblem(generalMessage);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSubmitting) return;
    clearFailure();
    const parsed = schema.safeParse(form.values);
    if (!parsed.success) {
      fail(fieldErrors(parsed.error), null);
      return;
    }
    const input = parsed.data;
    form.setErrors({});
    setSummaryErrors({});
    setIsSubmitting(true);
    try {
      const account = await signUp(input);
      setSignedUpEmail(account.email);
      onSignedUp?.({ email: account.email, password: input.password });
    } catch (error) {
      if (!(error instanceof ApiError)) fail({}, UNEXPECTED_RESPONSE_MESSAGE);
      else if (Object.keys(error.fieldErrors).length > 0) fail(error.fieldErrors, null);
      else fail({}, error.message);
    } finally {
      setIsSubmitting(false);
    }
  }

  return { form, onSubmit, isSubmitting, message, signedUpEmail, summaryErrors, summaryRef };
}
