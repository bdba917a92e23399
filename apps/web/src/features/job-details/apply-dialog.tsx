import { useState, type FormEvent } from 'react';
import { Modal, Text, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { APPLICATION_MESSAGE_MAX, APPLICATION_MESSAGE_MIN, jobApplicationRequestSchema, type Job } from '@tendly/domain/api/jobs';
import { FormErrorSummary } from '../../platform/form-error-summary';
import { textFieldProps, useFormState } from '../../platform/form-state';
import { jobQueryKeys } from '../../platform/jobs-api';
import { applyToJob } from './job-details-api';
import { DialogFormActions } from '../../platform/dialog-form-actions';
import { SentConfirmation } from '../../platform/sent-confirmation';
import { useSendFeedback } from '../../platform/use-send-feedback';

const FORM_ID = 'apply-for-job';

/**
 * Applying for a job (POST /api/jobs/{jobId}/applications): a message to the poster, checked with
 * the same schema the API uses. Mantine's modal traps focus, closes on Escape and opens with focus
 * in the message. A worker who already applied (409) is told so in the API's words, and the page
 * behind shows their application.
 */
export function ApplyDialog({ job, opened, onClose }: { job: Job; opened: boolean; onClose: (applied: boolean) => void }) {
  const [applied, setApplied] = useState(false);
  return (
    <Modal
      opened={opened}
      onClose={() => onClose(applied)}
      title="Apply for this job"
      closeButtonProps={{ 'aria-label': 'Close' }}
      size="lg"
      centered
    >
      {opened && <ApplyForm job={job} onApplied={() => setApplied(true)} onClose={() => onClose(applied)} />}
    </Modal>
  );
}

function ApplyForm({ job, onApplied, onClose }: { job: Job; onApplied: () => void; onClose: () => void }) {
  const queryClient = useQueryClient();
  const form = useFormState({ message: '' });
  const apply = useMutation({
    mutationFn: (message: string) => applyToJob(job.id, message),
    onSuccess: (application) => {
      // The page behind says "You applied" at once, before the job is fetched again.
      queryClient.setQueriesData<Job>({ queryKey: jobQueryKeys.job(job.id) }, (cached) =>
        cached ? { ...cached, myApplication: { id: application.id, status: application.status } } : cached,
      );
    },
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: jobQueryKeys.job(job.id) }),
        queryClient.invalidateQueries({ queryKey: jobQueryKeys.board }),
        queryClient.invalidateQueries({ queryKey: jobQueryKeys.myApplications }),
      ]);
    },
  });
  const { failure, summaryRef, confirmationRef, clearFailure, showInvalid, showFailure } = useSendFeedback(apply.isSuccess);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (apply.isPending) return;
    clearFailure();
    const input = form.validate(jobApplicationRequestSchema);
    if (input === null) {
      showInvalid();
      return;
    }
    apply.mutate(input.message, { onSuccess: onApplied, onError: (error) => showFailure(error, form.setErrors) });
  }

  if (apply.isSuccess) {
    return (
      <SentConfirmation titleId={`${FORM_ID}-sent`} title="Application sent" onClose={onClose} ref={confirmationRef}>
        {job.postedBy} will see your message and your profile. We will email you when they reply. You can follow your
        application in My jobs.
      </SentConfirmation>
    );
  }

  return (
    <form id={FORM_ID} onSubmit={onSubmit} noValidate aria-label={`Application for ${job.title}`}>
      <Text mb="md">
        You are applying for <strong>{job.title}</strong>. {job.postedBy} will see your message with your profile.
      </Text>
      <FormErrorSummary formId={FORM_ID} errors={form.errors} fieldNames={['message']} message={failure} ref={summaryRef} />
      <Textarea
        {...textFieldProps(form, FORM_ID, 'message')}
        label={`Your message to ${job.postedBy}`}
        description={`Say why you are a good fit: your experience with this kind of support, and when you are free. At least ${APPLICATION_MESSAGE_MIN} characters.`}
        rows={7}
        maxLength={APPLICATION_MESSAGE_MAX}
        data-autofocus
      />
      <DialogFormActions submitLabel="Send application" busy={apply.isPending} onCancel={onClose} mt="md" />
    </form>
  );
}
