import { useEffect, useRef, useState, type Ref } from 'react';
import { Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { Applicant, MyJobPost } from '@tendly/domain/api/jobs';
import { errorText } from '../../platform/api-client';
import { ContactWorkerDialog } from '../../platform/contact-worker-dialog';
import { ErrorNotice } from '../../platform/notice';
import { LoadFailure } from '../../platform/page-load-state';
import { ApplicantCard } from './applicant-card';
import { DeclineDialog } from './decline-dialog';
import { useApplicants, useDecideApplication } from './use-my-job-posts';
import classes from './my-job-posts-page.module.css';
import cardListClasses from '../../platform/card-list.module.css';
import { workerDisplayName } from '@tendly/domain/format';

export const APPLICANTS_HEADING_ID = 'applicants-heading';

/**
 * The workers who applied for one job, with Shortlist (or Remove from shortlist), Decline (after
 * asking) and Contact. What
 * happened is said in a polite status; after a decision, focus goes to that worker's new status,
 * since the button pressed may be gone.
 */
export function ApplicantsSection({ job, headingRef }: { job: MyJobPost; headingRef: Ref<HTMLHeadingElement> }) {
  const applicants = useApplicants(job.id);
  const decide = useDecideApplication(job.id);
  const [announcement, setAnnouncement] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [declining, setDeclining] = useState<Applicant | null>(null);
  const [declineFailure, setDeclineFailure] = useState<string | null>(null);
  const [contacting, setContacting] = useState<Applicant | null>(null);
  const [isContactOpen, setIsContactOpen] = useState(false);
  const [focusStatusOf, setFocusStatusOf] = useState<string | null>(null);
  const statusRefs = useRef(new Map<string, HTMLParagraphElement>());

  useEffect(() => {
    if (focusStatusOf === null || declining !== null) return;
    statusRefs.current.get(focusStatusOf)?.focus();
    setFocusStatusOf(null);
  }, [focusStatusOf, declining, applicants.data]);

  function shortlist(applicant: Applicant) {
    setFailure(null);
    decide.mutate(
      { applicant, action: 'SHORTLISTED' },
      {
        onSuccess: () => {
          setAnnouncement(`${workerDisplayName(applicant.worker)} is on your shortlist. You will find them in My workers too.`);
          setFocusStatusOf(applicant.id);
        },
        onError: (error) => setFailure(`We could not shortlist ${workerDisplayName(applicant.worker)}. ${errorText(error)}`),
      },
    );
  }

  function unlist(applicant: Applicant) {
    setFailure(null);
    decide.mutate(
      { applicant, action: 'UNLISTED' },
      {
        onSuccess: () => {
          setAnnouncement(`${workerDisplayName(applicant.worker)} is no longer on your shortlist.`);
          setFocusStatusOf(applicant.id);
        },
        onError: (error) =>
          setFailure(`We could not take ${workerDisplayName(applicant.worker)} off your shortlist. ${errorText(error)}`),
      },
    );
  }

  function confirmDecline() {
    if (!declining) return;
    const applicant = declining;
    setDeclineFailure(null);
    decide.mutate(
      { applicant, action: 'DECLINED' },
      {
        onSuccess: () => {
          setAnnouncement(`We have let ${applicant.worker.firstName} know by email that you are not going ahead.`);
          setDeclining(null);
          setFocusStatusOf(applicant.id);
        },
        onError: (error) => setDeclineFailure(errorText(error)),
      },
    );
  }

  const busyWith = (applicant: Applicant) =>
    decide.isPending && decide.variables.applicant.id === applicant.id ? decide.variables.action : null;

  return (
    <section aria-labelledby={APPLICANTS_HEADING_ID} className={classes.applicants}>
      <Title order={2} size="h3" id={APPLICANTS_HEADING_ID} ref={headingRef} tabIndex={-1} className={classes.breakWords}>
        Applicants for “{job.title}”
      </Title>
      <Text role="status" fw={600} mt="xs" className={classes.announcement}>
        {announcement}
      </Text>
      <ErrorNotice message={failure} mt="sm" />

      {applicants.isPending && (
        <div aria-busy="true">
          <VisuallyHidden>Loading the applicants</VisuallyHidden>
          <Stack gap="md" mt="md" aria-hidden="true">
            {[0, 1].map((index) => (
              <Skeleton key={index} height={160} radius="md" />
            ))}
          </Stack>
        </div>
      )}
      {applicants.isError && (
        <LoadFailure query={applicants} mt="md" isRetrying={applicants.isFetching}>
          We could not load the workers who applied. Please try again.
        </LoadFailure>
      )}
      {applicants.data && applicants.data.length === 0 && (
        <Text mt="md">
          No one has applied yet. Workers near the job hear about it by email when it is posted; you can also find workers
          yourself and invite them to apply from their profile.
        </Text>
      )}
      {applicants.data && applicants.data.length > 0 && (
        <ul className={`${cardListClasses.cardList} ${classes.applicantList}`} aria-label="Workers who applied">
          {applicants.data.map((applicant) => (
            <li key={applicant.id}>
              <ApplicantCard
                applicant={applicant}
                jobId={job.id}
                state={job.place.state}
                statusRef={(element) => {
                  if (element) statusRefs.current.set(applicant.id, element);
                  else statusRefs.current.delete(applicant.id);
                }}
                busyWith={busyWith(applicant)}
                onShortlist={() => shortlist(applicant)}
                onUnlist={() => unlist(applicant)}
                onDecline={() => {
                  setDeclineFailure(null);
                  setDeclining(applicant);
                }}
                onContact={() => {
                  setContacting(applicant);
                  setIsContactOpen(true);
                }}
              />
            </li>
          ))}
        </ul>
      )}

      <DeclineDialog
        applicant={declining}
        busy={decide.isPending}
        failure={declineFailure}
        onConfirm={confirmDecline}
        onClose={() => setDeclining(null)}
      />
      {/* Stays mounted once used, so the dialog can give focus back to the Contact button it came from. */}
      {contacting && <ContactWorkerDialog worker={contacting.worker} opened={isContactOpen} onClose={() => setIsContactOpen(false)} />}
    </section>
  );
}
