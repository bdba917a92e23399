import type { FormEvent, ReactNode, RefObject } from 'react';
import { Container, Stack, Text, Title } from '@mantine/core';
import type { FormKind } from '@tendly/domain/validation/forms';
import { BusyButton } from '../../platform/busy-button';
import { FormErrorSummary } from '../../platform/form-error-summary';
import type { FieldErrors } from '../../platform/form-state';
import { FormConfirmation } from './form-confirmation';

/** What the page shell needs of `useFormSubmission`. */
interface Submission {
  form: { errors: FieldErrors };
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  isSubmitting: boolean;
  message: string | null;
  reference: string | null;
  summaryRef: RefObject<HTMLDivElement | null>;
  confirmationRef: RefObject<HTMLDivElement | null>;
}

/**
 * The layout every form page shares: heading, introduction, error summary, the form and its send
 * button; after sending, the confirmation in place of the form.
 */
export function FormPage({
  kind,
  formId,
  title,
  intro,
  before,
  fieldOrder,
  submission,
  hasEmail,
  submitLabel,
  children,
}: {
  kind: FormKind;
  formId: string;
  title: string;
  intro: ReactNode;
  /** Shown above everything else, e.g. the emergency notice of the incident form. */
  before?: ReactNode;
  fieldOrder: readonly string[];
  submission: Submission;
  hasEmail: boolean;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <Container size="sm" py="xl">
      {before}
      <Title order={1}>{title}</Title>
      {submission.reference ? (
        <FormConfirmation kind={kind} reference={submission.reference} hasEmail={hasEmail} ref={submission.confirmationRef} />
      ) : (
        <>
          <Text mt="sm" mb="lg" component="div">
            {intro}
          </Text>
          <FormErrorSummary
            ref={submission.summaryRef}
            formId={formId}
            errors={submission.form.errors}
            fieldNames={fieldOrder}
            message={submission.message}
          />
          <form id={formId} onSubmit={submission.onSubmit} noValidate aria-label={title}>
            <Stack gap="md">
              {children}
              <Text size="sm" c="dimmed">
                Fields marked with an asterisk (*) are required.
              </Text>
              <BusyButton type="submit" busy={submission.isSubmitting} size="md">
                {submitLabel}
              </BusyButton>
            </Stack>
          </form>
        </>
      )}
    </Container>
  );
}
