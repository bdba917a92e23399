import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Anchor, Button, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { jobDraftSchema, jobToDraft, jobWizardSteps, type Job } from '@tendly/domain/api/jobs';
import { NOT_AUTHORIZED } from '@tendly/domain/errors';
import { routePath } from '@tendly/domain/routes';
import { fieldErrors } from '@tendly/domain/validation/field-errors';
import { ApiError, errorText, isNotFoundError, UNEXPECTED_RESPONSE_MESSAGE } from '../../platform/api-client';
import { BusyButton } from '../../platform/busy-button';
import { FormErrorSummary } from '../../platform/form-error-summary';
import { useFormState } from '../../platform/form-state';
import { Notice } from '../../platform/notice';
import { usePageMetaOverride } from '../../platform/page-meta';
import { shouldRetryUnlessClientError } from '../../platform/retry-rule';
import { fromJobFields, toJobFields } from './job-form-values';
import { updateJob } from './post-job-api';
import { fetchJob } from '../../platform/jobs-api';
import { stepComponents } from './step-components';
import { stepFieldOrder, stepIntroductions } from './wizard-steps';

const FORM_ID = 'edit-job';

const sections = jobWizardSteps.map((step) => ({
  id: step.id,
  title: step.title,
  introduction: stepIntroductions[step.id],
  Fields: stepComponents[step.id],
}));

const fieldOrder = jobWizardSteps.flatMap((_, index) => stepFieldOrder(index + 1));

/**
 * /edit-job/{jobId} (spec section 2.4; care seekers): the job's owner changes it. The job loads
 * with GET /api/jobs/{jobId} (`jobToDraft` gives the wizard's fields back), every step of the
 * wizard shows on one page, and Save sends the whole job with PUT, checked first with the same
 * schema the API uses.
 */
export default function EditJobPage() {
  const { jobId = '' } = useParams();
  const job = useQuery({
    queryKey: ['job', jobId],
    queryFn: ({ signal }) => fetchJob(jobId, signal),
    retry: shouldRetryUnlessClientError,
  });

  if (job.isPending) {
    return (
      <Container size="md" py="xl">
        <Title order={1}>Edit your job</Title>
        <div role="status">
          <Text mt="md">Loading your job…</Text>
        </div>
        <Skeleton height={320} mt="md" radius="md" />
      </Container>
    );
  }

  if (job.isError) {
    const isNotFound = isNotFoundError(job.error);
    return (
      <Container size="md" py="xl">
        <Title order={1}>{isNotFound ? 'We could not find this job' : 'Edit your job'}</Title>
        <Stack gap="md" mt="md">
          {isNotFound ? (
            <Text>It may have been removed, or the link may be wrong.</Text>
          ) : (
            <Notice tone="error" role="alert">
              <Text c="red.9">{errorText(job.error)}</Text>
              <Button mt="sm" onClick={() => void job.refetch()}>
                Try again
              </Button>
            </Notice>
          )}
          <Anchor component={Link} to={routePath('myJobPosts')}>
            Go to your job posts
          </Anchor>
        </Stack>
      </Container>
    );
  }

  if (!job.data.isOwner) {
    return (
      <Container size="md" py="xl">
        <Title order={1}>Edit your job</Title>
        <Stack gap="md" mt="md">
          {/* The API's answer to anyone else who tries to change the job (403). */}
          <Notice tone="error" role="alert">
            <Text c="red.9">{NOT_AUTHORIZED}</Text>
          </Notice>
          <Text>Only the person who posted this job can change it.</Text>
          <Anchor component={Link} to={routePath('jobDetails', { jobId })}>
            View the job
          </Anchor>
        </Stack>
      </Container>
    );
  }

  return <EditJobForm job={job.data} />;
}

function EditJobForm({ job }: { job: Job }) {
  const queryClient = useQueryClient();
  const form = useFormState(fromJobFields(jobToDraft(job)));
  const [isSaving, setIsSaving] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const [failedAttempts, setFailedAttempts] = useState(0);
  // As in the wizard: the summary keeps the last attempt's problems while field messages clear on focus.
  const [summaryErrors, setSummaryErrors] = useState<Record<string, string>>({});
  const summaryRef = useRef<HTMLDivElement>(null);
  const savedRef = useRef<HTMLDivElement>(null);

  usePageMetaOverride({ title: `Edit job: ${job.title}`, description: 'Change the details of your job post.' });

  useEffect(() => {
    if (failedAttempts > 0) summaryRef.current?.focus();
  }, [failedAttempts]);

  useEffect(() => {
    if (savedAt !== null) savedRef.current?.focus();
  }, [savedAt]);

  function fail(errors: Record<string, string>, generalMessage: string | null) {
    form.setErrors(errors);
    setSummaryErrors(errors);
    setMessage(generalMessage);
    setSavedAt(null);
    setFailedAttempts((count) => count + 1);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSaving) return;
    setMessage(null);
    const parsed = jobDraftSchema.safeParse(toJobFields(form.values));
    if (!parsed.success) {
      fail(fieldErrors(parsed.error), null);
      return;
    }
    form.setErrors({});
    setSummaryErrors({});
    setIsSaving(true);
    try {
      const saved = await updateJob(job.id, parsed.data);
      queryClient.setQueryData(['job', job.id], saved);
      setSavedAt(Date.now());
    } catch (error) {
      if (!(error instanceof ApiError)) fail({}, UNEXPECTED_RESPONSE_MESSAGE);
      else if (Object.keys(error.fieldErrors).length > 0) fail(error.fieldErrors, null);
      else fail({}, error.message);
    } finally {
      setIsSaving(false);
    }
  }

  const jobPath = routePath('jobDetails', { jobId: job.id });

  return (
    <Container size="md" py="xl">
      <Title order={1}>Edit your job</Title>
      <Text size="lg" mt="xs">
        {job.title}
      </Text>
      <Text mt="md">Change anything below, then save. Workers see the changes straight away.</Text>

      <Stack gap="lg" mt="lg">
        <FormErrorSummary ref={summaryRef} formId={FORM_ID} errors={summaryErrors} fieldNames={fieldOrder} message={message} />
        <div role="status">
          {savedAt !== null && (
            <Notice tone="success" ref={savedRef} tabIndex={-1}>
              <Text fw={700}>Your changes are saved.</Text>
              <Anchor component={Link} to={jobPath}>
                View your job
              </Anchor>
            </Notice>
          )}
        </div>
        <form id={FORM_ID} onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Edit your job">
          <Stack gap={48}>
            {sections.map(({ id, title, introduction, Fields }) => (
              <section key={id} aria-labelledby={`${FORM_ID}-${id}-title`}>
                <Title order={2} id={`${FORM_ID}-${id}-title`}>
                  {title}
                </Title>
                <Text mt={4} mb="lg">
                  {introduction}
                </Text>
                <Fields form={form} formId={FORM_ID} subheadingOrder={3} />
              </section>
            ))}
            <Group gap="md">
              <BusyButton type="submit" size="lg" busy={isSaving}>
                Save changes
              </BusyButton>
              <Button component={Link} to={jobPath} variant="outline" size="lg">
                Cancel
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Container>
  );
}
