import { Button, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { errorText } from './api-client';
import { BusyButton } from './busy-button';
import { ErrorNotice, Notice } from './notice';
import { isWaitingForReview, useSubmitForReview, useWorkerOnboarding } from './worker-onboarding-api';

const pathOf = (href: string) => href.split('#')[0] ?? href;

/** A step's label can be long ("Next: A headline and a bio of 50 to 1,500 characters"): it wraps on a phone. */
const wrapping = { root: { height: 'auto', paddingBlock: 8 }, label: { whiteSpace: 'normal' as const } };

/**
 * The checklist's next step, one click away, on the worker's dashboard and at the end of each
 * onboarding page (the profile editor, documents, referees, tax and super, the induction): the
 * first required item not done that lives on another page, or, once everything required is done,
 * "Submit for review" itself. It follows the server's checklist, so it moves on as soon as a
 * section is saved. Nothing shows once the profile is submitted (but the answer to submitting
 * here) or approved.
 */
export function OnboardingNextStep() {
  const here = useLocation().pathname;
  const onboarding = useWorkerOnboarding();
  const submit = useSubmitForReview();
  const data = onboarding.data;
  if (submit.isSuccess) {
    return (
      <Notice tone="success" role="status">
        <Text fw={600}>We’re reviewing your profile</Text>
        <Text mt={4}>We’ll email you when it is approved, or if anything needs to change. Most reviews take a few business days.</Text>
      </Notice>
    );
  }
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
        {data.canSubmitForReview && ' Everything required is done: our team can now check your documents and contact your referees.'}
      </Text>
      {next && (
        <Button component={Link} to={next.href} mt="sm" variant="light" styles={wrapping}>
          Next: {next.label}
        </Button>
      )}
      {data.canSubmitForReview && (
        <>
          <BusyButton mt="sm" busy={submit.isPending} onClick={() => submit.mutate()}>
            Submit for review
          </BusyButton>
          <ErrorNotice mt="sm" message={submit.isError ? errorText(submit.error) : null} />
        </>
      )}
    </Notice>
  );
}
