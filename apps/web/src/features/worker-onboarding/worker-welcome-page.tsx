import { Anchor, Badge, Button, Group, List, Progress, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { WorkerOnboarding } from '@tendly/domain/api/worker-onboarding';
import { errorText, hasFieldErrors } from '../../platform/api-client';
import { Notice } from '../../platform/notice';
import { isWaitingForReview, useSubmitForReview, useWorkerOnboarding } from '../../platform/worker-onboarding-api';
import { formatInstantDate } from '@tendly/domain/format';
import { QueryPage } from '../../platform/query-page';
import { TitledSection } from '../../platform/titled-section';

/**
 * /care-worker/welcome (issue 12): the onboarding checklist with progress and links, and "Submit
 * for review", enabled once every required item is done. The server decides what is done.
 */
export default function WorkerWelcomePage() {
  const onboarding = useWorkerOnboarding();
  const submit = useSubmitForReview();
  const data = onboarding.data;

  return (
    <QueryPage
      title="Welcome"
      intro="Here is everything we need before care seekers can find you. Do it in any order, then submit your profile for review."
      size="md"
      query={onboarding}
      loading="Loading your checklist…"
    >
      {data && (
        <Stack gap="xl" mt="lg">
          <ReviewState onboarding={data} />
          <TitledSection id="checklist-heading" heading="Your checklist" size="h3">
            <Text id="checklist-progress" fw={600} mt="sm">
              {data.progressPercent}% of the required steps done
            </Text>
            <Progress.Root size="lg" mt="xs">
              <Progress.Section value={data.progressPercent} aria-labelledby="checklist-progress" />
            </Progress.Root>
            <List mt="md" spacing="sm" listStyleType="none" pl={0}>
              {data.items.map((item) => (
                <List.Item key={item.id}>
                  <Group gap="sm" wrap="nowrap">
                    <Badge color={item.isDone ? 'teal.9' : 'gray.7'} variant={item.isDone ? 'filled' : 'outline'} miw={90}>
                      {item.isDone ? 'Done' : item.isRequired ? 'To do' : 'Optional'}
                    </Badge>
                    <Anchor component={Link} to={item.href}>
                      {item.label}
                    </Anchor>
                  </Group>
                </List.Item>
              ))}
            </List>
          </TitledSection>
          {!isWaitingForReview(data) && data.review.approvedAt === null && (
            <TitledSection id="submit-heading" heading="Submit for review" size="h3">
              <Text mt="xs" id="submit-help">
                {data.canSubmitForReview
                  ? 'Everything required is done. Our team will check your documents and contact your referees.'
                  : 'The button works once every required step above is done.'}
              </Text>
              <Button mt="sm" disabled={!data.canSubmitForReview} loading={submit.isPending} aria-describedby="submit-help" onClick={() => submit.mutate()}>
                Submit for review
              </Button>
              {submit.isError && (
                <Notice tone="error" role="alert" mt="sm">
                  <Text>{errorText(submit.error)}</Text>
                  {hasFieldErrors(submit.error) && (
                    <List mt="xs">
                      {Object.values(submit.error.fieldErrors).map((label) => (
                        <List.Item key={label}>{label}</List.Item>
                      ))}
                    </List>
                  )}
                </Notice>
              )}
            </TitledSection>
          )}
        </Stack>
      )}
    </QueryPage>
  );
}

/** Where the profile is in review: waiting, changes asked for, or approved. */
function ReviewState({ onboarding }: { onboarding: WorkerOnboarding }) {
  const { review } = onboarding;
  if (review.approvedAt !== null && review.status === 'ACTIVE') {
    return (
      <Notice tone="success" role="status">
        <Title order={2} size="h4">
          Your profile is approved
        </Title>
        <Text mt="xs">Care seekers can find you in search. Keep your documents up to date to stay listed.</Text>
      </Notice>
    );
  }
  if (review.changesRequested.length > 0) {
    return (
      <Notice tone="warning" role="region" aria-labelledby="changes-heading">
        <Title order={2} size="h4" id="changes-heading">
          Some changes are needed
        </Title>
        <Text mt="xs">Our team reviewed your profile and asked you to fix these. Submit again when they are done.</Text>
        <List mt="xs">
          {review.changesRequested.map((change) => (
            <List.Item key={change}>{change}</List.Item>
          ))}
        </List>
      </Notice>
    );
  }
  if (isWaitingForReview(onboarding)) {
    return (
      <Notice tone="info" role="status">
        <Title order={2} size="h4">
          We’re reviewing your profile
        </Title>
        <Text mt="xs">
          You submitted it on {formatInstantDate(review.submittedForReviewAt ?? '', { timeZone: 'Australia/Sydney' })}. We’ll email you when it is approved, or if
          anything needs to change. Most reviews take a few business days.
        </Text>
      </Notice>
    );
  }
  return null;
}
