import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Anchor, Button, Container, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { createJobRequestSchema, type Job } from '@tendly/domain/api/jobs';
import { findRoute, routePath } from '@tendly/domain/routes';
import type { LoginInput } from '@tendly/domain/validation/account';
import { fieldErrors } from '@tendly/domain/validation/field-errors';
import { signIn } from '../../platform/account-api';
import { trackLogin } from '../../platform/analytics';
import { errorText } from '../../platform/api-client';
import { BusyButton } from '../../platform/busy-button';
import { FormErrorSummary } from '../../platform/form-error-summary';
import { Notice } from '../../platform/notice';
import { usePageMetaOverride } from '../../platform/page-meta';
import { setSignedInUser, useSession, type Session } from '../../platform/session';
import { sitePath, useSiteConfig } from '../../platform/site-config';
import { AccountStep } from './account-step';
import { clearJobDraft } from './job-draft-storage';
import { toJobFields } from './job-form-values';
import { JobPosted, readPostedJob, type PostedJob } from './job-posted';
import { isFromReview, ReviewStep } from './review-step';
import { stepComponents } from './step-components';
import { POST_FAILED_TITLE, usePostJob } from './use-post-job';
import { useJobDraft } from './use-job-draft';
import { WizardHeading } from './wizard-heading';
import {
  ACCOUNT_STEP,
  ACCOUNT_STEP_TITLE,
  firstInvalidStep,
  JOB_STEP_COUNT,
  jobStep,
  REVIEW_STEP,
  REVIEW_STEP_TITLE,
  stepErrors,
  stepFieldOrder,
  stepIntroductions,
  stepNumberFromParam,
  stepOfField,
  stepPath,
} from './wizard-steps';
import classes from './post-job.module.css';

const FORM_ID = 'post-job';

/** Who is posting: a visitor (who signs up at the end), a care seeker (or a coordinator acting as one), or someone who cannot. */
type Poster =
  | { readonly kind: 'visitor' }
  | { readonly kind: 'careSeeker'; readonly id: string; readonly firstName: string; readonly actingFor: string | null }
  | { readonly kind: 'other'; readonly isCoordinator: boolean; readonly isWorker: boolean };

function posterOf(session: Session): Poster {
  if (session.alias) {
    return session.alias.role === 'CS'
      ? { kind: 'careSeeker', id: session.alias.id, firstName: session.alias.firstName, actingFor: session.alias.name }
      : { kind: 'other', isCoordinator: true, isWorker: false };
  }
  if (!session.user) return { kind: 'visitor' };
  if (session.user.role === 'CS') return { kind: 'careSeeker', id: session.user.id, firstName: session.user.firstName, actingFor: null };
  return { kind: 'other', isCoordinator: session.user.role === 'SUPPORT', isWorker: session.user.role === 'CR' };
}

/**
 * /careseeker/post-a-job and /careseeker/post-a-job/step-{n} (spec sections 2.3 and 3, issue 6):
 * the job wizard, one topic per step, each step checked with the contract's schema before moving
 * on, then a review of the whole job as it will be published, where it is posted (issue 11); a
 * visitor creates a care seeker account after the review. After posting, the confirmation.
 */
export default function PostJobPage() {
  const location = useLocation();
  const session = useSession();
  const poster = posterOf(session);
  const [generation, setGeneration] = useState(0);
  const postedJob = readPostedJob(location.state);

  if (postedJob) return <JobPosted job={postedJob} />;
  if (poster.kind === 'other') return <NotForThisAccount poster={poster} />;
  return (
    <JobWizard
      key={generation}
      poster={poster}
      onStartAgain={() => {
        clearJobDraft();
        setGeneration((count) => count + 1);
      }}
    />
  );
}

function NotForThisAccount({ poster }: { poster: Extract<Poster, { kind: 'other' }> }) {
  const site = useSiteConfig();
  return (
    <Container size="sm" py="xl">
      <Title order={1}>Post a job</Title>
      <Stack gap="md" mt="md">
        {poster.isCoordinator ? (
          <>
            <Text size="lg">To post a job for one of your clients, act for them from your dashboard first, then come back here.</Text>
            <Anchor component={Link} to={sitePath(site, 'coordinatorDashboard')}>
              Go to My SC Dashboard
            </Anchor>
          </>
        ) : poster.isWorker ? (
          <>
            <Text size="lg">You are logged in as a care worker. Jobs are posted by people looking for support.</Text>
            <Anchor component={Link} to={sitePath(site, 'findJob')}>
              Find a job near you
            </Anchor>
          </>
        ) : (
          <Text size="lg">Jobs are posted from a care seeker account. Log out, then log in as a care seeker to post a job.</Text>
        )}
      </Stack>
    </Container>
  );
}

function JobWizard({ poster, onStartAgain }: { poster: Exclude<Poster, { kind: 'other' }>; onStartAgain: () => void }) {
  const { step: stepParam } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const site = useSiteConfig();
  const { form, draftId, wasRestored } = useJobDraft(poster.kind === 'careSeeker' ? poster.id : null);
  const isVisitor = poster.kind === 'visitor';
  const stepCount = isVisitor ? ACCOUNT_STEP : REVIEW_STEP;
  const requested = stepNumberFromParam(stepParam, stepCount);
  const step = requested ?? 1;
  const isAccountStep = step === ACCOUNT_STEP;
  const isReviewStep = step === REVIEW_STEP;
  const isJobStep = step <= JOB_STEP_COUNT;
  // A step opened from the review's Edit link goes back to the review when it is done.
  const returnsToReview = isJobStep && isFromReview(location.state);
  const title = isAccountStep ? ACCOUNT_STEP_TITLE : isReviewStep ? REVIEW_STEP_TITLE : jobStep(step).title;

  const headingRef = useRef<HTMLHeadingElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const [failedAttempts, setFailedAttempts] = useState(0);
  // The summary keeps what the last attempt found while the user fixes it. Field messages clear
  // on focus (spec section 5), but a summary that shrank on focus would move the page under the
  // pointer between pressing and releasing, and the click would miss the option.
  const [summaryErrors, setSummaryErrors] = useState<Readonly<Record<string, string>>>({});
  const pendingErrors = useRef<Readonly<Record<string, string>> | null>(null);
  const [isRestoredNoticeShown, setIsRestoredNoticeShown] = useState(wasRestored);
  const [isConfirmingStartAgain, setIsConfirmingStartAgain] = useState(false);
  const [isFinishing, setIsFinishing] = useState(false);
  const [finishError, setFinishError] = useState<string | null>(null);
  // A visitor who signed up on the account step and has a code to enter: kept here, in memory
  // only, so Back from the code screen and on again comes back to it (issue 11).
  const [newMember, setNewMember] = useState<LoginInput | null>(null);
  const shownStep = useRef(step);

  usePageMetaOverride({
    title: `Step ${step} of ${stepCount}: ${title} - Post a job`,
    description: findRoute('postJob').description,
  });

  // A new step: its own errors (none, or what the server found there), and focus on its heading
  // so a screen reader says where the user is (the layout does the same on a change of path).
  const { setErrors } = form;
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    setErrors(pendingErrors.current ?? {});
    setSummaryErrors(pendingErrors.current ?? {});
    if (pendingErrors.current) setFailedAttempts((count) => count + 1);
    pendingErrors.current = null;
    setIsRestoredNoticeShown(false);
    headingRef.current?.focus();
  }, [step, setErrors]);

  useEffect(() => {
    if (failedAttempts > 0) summaryRef.current?.focus();
  }, [failedAttempts]);

  const goToStep = useCallback(
    (number: number, errors: Readonly<Record<string, string>> | null = null) => {
      pendingErrors.current = errors;
      void navigate(stepPath(number));
    },
    [navigate],
  );

  const onPosted = useCallback(
    (job: Job) => {
      clearJobDraft();
      const postedJob: PostedJob = { id: job.id, title: job.title, notifiesWorkers: !job.disableWorkerNotification };
      void navigate(routePath('postJob'), { replace: true, state: { postedJob } });
    },
    [navigate],
  );

  /** The server found problems: show them on the first step that has one. */
  const onFieldErrors = useCallback(
    (errors: Readonly<Record<string, string>>) => {
      const steps = Object.keys(errors)
        .map(stepOfField)
        .filter((number): number is number => number !== null);
      if (steps.length === 0) return false;
      const first = Math.min(...steps);
      if (first === step) {
        setErrors(errors);
        setSummaryErrors(errors);
        setFailedAttempts((count) => count + 1);
      } else {
        goToStep(first, errors);
      }
      return true;
    },
    [goToStep, setErrors, step],
  );

  const { status, post } = usePostJob({ onPosted, onFieldErrors });

  function submitJob() {
    const parsed = createJobRequestSchema.safeParse({ ...toJobFields(form.values), draftId });
    if (!parsed.success) {
      onFieldErrors(fieldErrors(parsed.error));
      return;
    }
    void post(parsed.data);
  }

  async function finishAsNewMember(credentials: LoginInput) {
    setIsFinishing(true);
    setFinishError(null);
    try {
      const user = await signIn(credentials);
      setSignedInUser(user);
      queryClient.clear();
      trackLogin(site.analytics, user.role);
    } catch (error) {
      setFinishError(errorText(error));
      return;
    } finally {
      setIsFinishing(false);
    }
    // Now a care seeker: the wizard moves to its last job step, where the posting shows.
    submitJob();
  }

  function onContinue(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status.kind === 'posting') return;
    const errors = stepErrors(form.values, step);
    if (Object.keys(errors).length > 0) {
      setErrors(errors);
      setSummaryErrors(errors);
      setFailedAttempts((count) => count + 1);
      return;
    }
    setErrors({});
    setSummaryErrors({});
    goToStep(returnsToReview ? REVIEW_STEP : step + 1);
  }

  // The URL decides the step. The bare wizard address, an unknown step, or a step whose earlier
  // steps are not done yet, goes to the first step that needs answers.
  // (A new member who has just signed in on the account step lands on the review this way.)
  if (requested === null) return <Navigate to={stepPath(firstInvalidStep(form.values) ?? REVIEW_STEP)} replace />;
  const blockingStep = firstInvalidStep(form.values, step);
  if (blockingStep !== null) return <Navigate to={stepPath(blockingStep)} replace />;

  const StepFields = isJobStep ? stepComponents[jobStep(step).id] : null;
  const fieldOrder = isJobStep ? stepFieldOrder(step) : [];
  const stepErrorsShown = Object.fromEntries(Object.entries(summaryErrors).filter(([name]) => fieldOrder.includes(name)));
  const isPosting = status.kind === 'posting';
  const introduction = isAccountStep
    ? 'Create your free care seeker account, so workers can reply to you and you can manage your job. Then we post it.'
    : isReviewStep
      ? isVisitor
        ? 'This is your job as workers will see it. Check it and change anything that is not right. Next, you create your free account and we post it.'
        : 'This is your job as workers will see it. Check it and change anything that is not right, then post it.'
      : stepIntroductions[jobStep(step).id];

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <WizardHeading
          step={step}
          stepCount={stepCount}
          title={title}
          introduction={introduction}
          headingRef={headingRef}
        />

        {poster.kind === 'careSeeker' && poster.actingFor && (
          <Notice tone="info">You are posting this job for {poster.actingFor}. It will be posted on their account.</Notice>
        )}
        {isRestoredNoticeShown && (
          <Notice tone="info" role="status">
            Welcome back. We kept the job you started on this device, so you can carry on where you left off.
          </Notice>
        )}
        {isVisitor && step === 1 && (
          <Text>
            Already have an account?{' '}
            <Anchor component={Link} to={sitePath(site, 'login')} state={{ returnTo: stepPath(1) }}>
              Log in first
            </Anchor>{' '}
            and we will bring you back here.
          </Text>
        )}

        {isAccountStep ? (
          <AccountStep
            returnPath={stepPath(REVIEW_STEP)}
            newMember={newMember}
            onSignedUp={setNewMember}
            onVerified={(credentials) => void finishAsNewMember(credentials)}
            isFinishing={isFinishing}
            finishError={finishError}
          />
        ) : isReviewStep ? (
          <>
            <ReviewStep values={form.values} posterName={poster.kind === 'careSeeker' ? poster.firstName : null} />
            <PostingStatus status={status} onRetry={submitJob} />
            <div className={classes.actions}>
              <Button type="button" variant="outline" size="lg" onClick={() => goToStep(step - 1)}>
                Back
              </Button>
              {isVisitor ? (
                <Button type="button" size="lg" onClick={() => goToStep(ACCOUNT_STEP)}>
                  Continue
                </Button>
              ) : (
                <BusyButton type="button" size="lg" busy={isPosting} onClick={() => submitJob()}>
                  Post my job
                </BusyButton>
              )}
            </div>
          </>
        ) : (
          StepFields && (
            <>
              <FormErrorSummary ref={summaryRef} formId={FORM_ID} errors={stepErrorsShown} fieldNames={fieldOrder} />
              <form id={FORM_ID} onSubmit={onContinue} noValidate aria-label={title}>
                <Stack gap="xl">
                  <StepFields form={form} formId={FORM_ID} />
                  <div className={classes.actions}>
                    {step > 1 ? (
                      <Button type="button" variant="outline" size="lg" onClick={() => goToStep(step - 1)}>
                        Back
                      </Button>
                    ) : (
                      <span />
                    )}
                    <Button type="submit" size="lg">
                      {returnsToReview ? 'Back to review' : 'Continue'}
                    </Button>
                  </div>
                </Stack>
              </form>
            </>
          )
        )}
        {isAccountStep && (
          <div className={classes.actions}>
            <Button type="button" variant="outline" size="lg" onClick={() => goToStep(step - 1)}>
              Back
            </Button>
          </div>
        )}
        {isAccountStep && <PostingStatus status={status} onRetry={submitJob} />}

        <Group>
          <Button type="button" variant="subtle" onClick={() => setIsConfirmingStartAgain(true)}>
            Start again
          </Button>
        </Group>
      </Stack>

      <Modal
        opened={isConfirmingStartAgain}
        onClose={() => setIsConfirmingStartAgain(false)}
        title="Start again with an empty job?"
        closeButtonProps={{ 'aria-label': 'Close' }}
        centered
      >
        <Text>Everything you have filled in so far will be deleted from this device.</Text>
        {newMember && (
          <Text mt="sm">
            The account you created for {newMember.email} stays. Log in with it any time and we will send you a new code
            to verify it.
          </Text>
        )}
        <Group mt="lg" gap="sm">
          <Button
            color="red.9"
            onClick={() => {
              setIsConfirmingStartAgain(false);
              onStartAgain();
              void navigate(stepPath(1));
            }}
          >
            Yes, start again
          </Button>
          <Button variant="outline" onClick={() => setIsConfirmingStartAgain(false)}>
            Keep my job
          </Button>
        </Group>
      </Modal>
    </Container>
  );
}

/** The job creation status and alert (spec section 4): posting, then posted or failed with a retry. */
function PostingStatus({ status, onRetry }: { status: ReturnType<typeof usePostJob>['status']; onRetry: () => void }) {
  return (
    <>
      <div role="status">
        {status.kind === 'posting' && <Notice tone="info">Posting your job…</Notice>}
        {status.kind === 'posted' && <Notice tone="success">Your job is posted.</Notice>}
      </div>
      {status.kind === 'failed' && (
        <Notice tone="error" role="alert">
          <Text fw={700} c="red.9">
            {POST_FAILED_TITLE}
          </Text>
          <Text mt={4}>{status.message}</Text>
          <Button mt="sm" onClick={onRetry}>
            Try again
          </Button>
        </Notice>
      )}
    </>
  );
}
