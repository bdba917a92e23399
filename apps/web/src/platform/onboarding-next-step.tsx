import { Button, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { Notice } from './notice';
import { fetchWorkerOnboarding, isWaitingForReview, workerOnboardingKey } from './worker-onboarding-api';

const pathOf = (href: string) => href.split('#')[0] ?? href;

/**
 * The checklist's next step, one click away, at the end of each onboarding page (the profile
 * editor, documents, referees, tax and super, the induction): the first required item not done
 * that lives on another page, or "Submit for review" once everything is done. It follows the
 * server's checklist, so it moves on as soon as a section is saved. Nothing shows once the
 * profile is submitted or approved.
 */
export function OnboardingNextStep() {
  const here = useLocation().pathname;
  const onboarding = useQuery({ queryKey: workerOnboardingKey, queryFn: ({ signal }) => fetchWorkerOnboarding(signal) });
  const data = onboarding.data;
  if (!data || data.review.approvedAt !== null || isWaitingForReview(data)) return null;
  const required = data.items.filter((item) => item.isRequired);
  const done = required.filter((item) => item.isDone).length;
  const next = required.find((item) => !item.isDone && pathOf(item.href) !== here);
  const leftHere = required.some((item) => !item.isDone && pathOf(item.href) === here);
  return (
    <Notice tone="info" role="region" aria-labelledby="next-step-heading">
      <Text fw={600} id="next-step-heading">
        Your next step
      </Text>
      <Text mt={4}>
        {done} of {required.length} required steps done.
        {leftHere && ' Some are still to do on this page.'}
      </Text>
      {next ? (
        <Button component={Link} to={next.href} mt="sm" variant="light">
          Next: {next.label}
        </Button>
      ) : (
        !leftHere && (
          <Button component={Link} to="/care-worker/welcome" mt="sm">
            Everything is done: submit for review
          </Button>
        )
      )}
    </Notice>
  );
}
