import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { jobDraftSchema, type JobDraft } from '@tendly/domain/api/jobs';
import { careForLabel } from '@tendly/domain/care-for';
import { searcherRoleLabel } from '@tendly/domain/searcher-roles';
import { JobDescription, JobFacts, JobSection, PrivateJobDetails } from '../../platform/job-facts';
import { toJobFields, type JobFormValues } from './job-form-values';
import { JOB_STEP_COUNT, jobStep, stepPath } from './wizard-steps';
import classes from './post-job.module.css';

/** What a step link from the review carries, so that the step's Continue comes back to the review. */
export const FROM_REVIEW_STATE = { fromReview: true } as const;

export function isFromReview(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { fromReview?: unknown }).fromReview === true;
}

/**
 * The review before a job goes live (issue 11): the whole job as workers will see it on its page
 * (the same sections, from platform/job-facts), what only the poster will see, and a link to each
 * step to change it. Nothing is posted until the poster presses the button below it.
 */
export function ReviewStep({ values, posterName }: { values: JobFormValues; posterName: string | null }) {
  // The wizard only shows the review once every step is valid; a job that is not is shown nothing.
  const parsed = jobDraftSchema.safeParse(toJobFields(values));
  if (!parsed.success) return null;
  const job = parsed.data;

  return (
    <Stack gap="xl">
      <section aria-labelledby="review-preview-heading" className={classes.preview}>
        <Text id="review-preview-heading" className={classes.previewLabel}>
          How workers will see your job
        </Text>
        <Title order={2} mt="sm" className={classes.previewTitle}>
          {job.title}
        </Title>
        <Text size="lg" fw={600} c="tendlyTeal.8" mt={4}>
          {job.location}
        </Text>
        {posterName && <Text mt={4}>Posted by {posterName}</Text>}
        <Stack gap="xl" mt="lg">
          <JobSection id="about" title="About the job" headingOrder={3}>
            <JobDescription html={job.htmlDescription} />
          </JobSection>
          <JobFacts job={{ ...job, isOwner: true }} headingOrder={3} />
        </Stack>
      </section>

      <PrivateJobDetails
        headingOrder={2}
        intro="Workers never see these details. You share them with the worker you choose."
        facts={privateFacts(job)}
      />

      <nav aria-labelledby="review-change-heading">
        <Title order={2} size="h3" id="review-change-heading">
          Change something
        </Title>
        <Text mt={4}>Your answers are kept. After changing a step you come straight back here.</Text>
        <ol className={classes.changeList}>
          {Array.from({ length: JOB_STEP_COUNT }, (_, index) => {
            const number = index + 1;
            const { title } = jobStep(number);
            return (
              <li key={number}>
                <span>
                  Step {number}: {title}
                </span>
                <Anchor component={Link} to={stepPath(number)} state={FROM_REVIEW_STATE} fw={700} aria-label={`Edit step ${number}: ${title}`}>
                  Edit
                </Anchor>
              </li>
            );
          })}
        </ol>
      </nav>
    </Stack>
  );
}

function privateFacts(job: JobDraft) {
  return [
    ['Support is for', careForLabel(job.careFor)],
    ['Your role', job.careFor === 'Client' && job.searcherRole ? searcherRoleLabel(job.searcherRole) : null],
    ['Client’s name', job.clientName || null],
    ['Medication details', job.medicationRequired ? job.medicationDetails || null : null],
    ['Invoice description', job.invoiceDescription || null],
    ['Invoice address', job.addressForInvoice || null],
    ['Practitioner', job.practitionerName || null],
    ['Practitioner’s phone', job.practitionerPhone || null],
    ['Practitioner’s email', job.practitionerEmail || null],
    ['Emails to nearby workers', job.disableWorkerNotification ? 'Off: workers nearby will not be emailed' : 'On: workers nearby with the right skills are emailed when you post'],
    ['On the job board', job.disableJobBoardPosting ? 'Hidden: only workers you invite can find it' : 'Shown'],
  ] as const;
}
