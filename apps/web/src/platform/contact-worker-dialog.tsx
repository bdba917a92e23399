import type { FormEvent } from 'react';
import { Button, Modal, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { workerEnquiryRequestSchema, workerEnquiryResponseSchema, type WorkerSummary } from '@tendly/domain/api/search';
import { ApiError, apiRequest, errorText } from './api-client';
import { FormErrorSummary } from './form-error-summary';
import { textFieldProps, useFormState } from './form-state';
import { sitePath, useSiteConfig } from './site-config';
import { DialogFormActions } from './dialog-form-actions';
import { SentConfirmation } from './sent-confirmation';
import { useSendFeedback } from './use-send-feedback';
import { workerDisplayName } from '@tendly/domain/format';

/** Who the message is for: what a profile, a search result and an applicant all have. */
export type ContactableWorker = Pick<WorkerSummary, 'carerId' | 'firstName' | 'lastInitial'>;

/** POST /api/carer/{id}/enquiries: a care seeker's first message to a worker, emailed to them. */
export function sendWorkerEnquiry(carerId: string, message: string) {
  return apiRequest(`/carer/${encodeURIComponent(carerId)}/enquiries`, {
    method: 'POST',
    body: { message },
    schema: workerEnquiryResponseSchema,
  });
}

const FORM_ID = 'contact-worker';

/**
 * A care seeker's first message to a worker (POST /api/carer/{id}/enquiries), from their profile
 * or from the applicants to a job. Mantine's modal
 * traps focus, closes on Escape and gives focus back to the Contact button; the form opens with
 * focus in the message. The form is rebuilt on every opening, so a second message starts blank.
 */
export function ContactWorkerDialog({ worker, opened, onClose }: { worker: ContactableWorker; opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Contact ${workerDisplayName(worker)}`} closeButtonProps={{ 'aria-label': 'Close' }} size="lg" centered>
      {opened && <ContactWorkerForm worker={worker} onClose={onClose} />}
    </Modal>
  );
}

function failureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 429) {
    return `You have sent a lot of messages in a short time. ${error.message}`;
  }
  return errorText(error);
}

function ContactWorkerForm({ worker, onClose }: { worker: ContactableWorker; onClose: () => void }) {
  const site = useSiteConfig();
  const form = useFormState({ message: '' });
  const send = useMutation({ mutationFn: (message: string) => sendWorkerEnquiry(worker.carerId, message) });
  const { failure, summaryRef, confirmationRef, clearFailure, showInvalid, showFailure } = useSendFeedback(send.isSuccess);
  const { firstName } = worker;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (send.isPending) return;
    clearFailure();
    const input = form.validate(workerEnquiryRequestSchema);
    if (input === null) {
      showInvalid();
      return;
    }
    send.mutate(input.message, { onError: (error) => showFailure(error, form.setErrors, failureMessage) });
  }

  if (send.isSuccess) {
    return (
      <SentConfirmation
        titleId={`${FORM_ID}-sent`}
        title="Message sent"
        onClose={onClose}
        ref={confirmationRef}
        actions={
          send.data.conversationId && (
            <Button component={Link} variant="outline" to={`${sitePath(site, 'messages')}?conversation=${encodeURIComponent(send.data.conversationId)}`} onClick={onClose}>
              Open the conversation
            </Button>
          )
        }
      >
        Your message is on its way to {firstName}. We have emailed it to them with your first name. Their reply will
        come to your conversation with them in Messages on {site.brandName}.
      </SentConfirmation>
    );
  }

  return (
    <form id={FORM_ID} onSubmit={onSubmit} noValidate aria-label={`Message to ${firstName}`}>
      <FormErrorSummary formId={FORM_ID} errors={form.errors} fieldNames={['message']} message={failure} ref={summaryRef} />
      <Textarea
        {...textFieldProps(form, FORM_ID, 'message')}
        label={`Your message to ${firstName}`}
        description="Say what support you need, for whom, where and when. At least 20 characters."
        rows={6}
        data-autofocus
      />
      <DialogFormActions submitLabel="Send message" busy={send.isPending} onCancel={onClose} mt="md" />
    </form>
  );
}
