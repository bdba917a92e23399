import { Container, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { errorText } from '../../platform/api-client';
import { BusyButton } from '../../platform/busy-button';
import { ErrorNotice, Notice, SuccessStatus } from '../../platform/notice';
import { PageEndLink } from '../../platform/page-end-link';
import { answerLinkByToken } from './coordinator-links-api';

/**
 * /coordinator-link?token=…&answer=accept|decline (issue 16): the care seeker answers a
 * coordinator's linking request from the emailed link, signed in or not. Nothing happens on
 * opening the page (mail scanners open links): the person presses the button. The signed token
 * decides what the answer is; `answer` only words the page.
 */
export default function CoordinatorLinkAnswerPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const isDecline = params.get('answer') === 'decline';
  const answer = useMutation({ mutationFn: () => answerLinkByToken(token) });

  const failure = answer.error ? errorText(answer.error) : null;

  return (
    <Container size="xs" py="xl">
      <Title order={1}>
        Support coordinator request
      </Title>
      <SuccessStatus message={answer.data?.message} mt="md" />
      <ErrorNotice message={failure} textColor="red.9" mt="md" />
      {!token && (
        <Notice tone="error" role="alert" mt="md">
          <Text c="red.9">This link is not complete. Open the link in the email again, or answer the request from your dashboard.</Text>
        </Notice>
      )}
      {token && !answer.data && !failure && (
        <Stack gap="md" mt="md">
          <Text>
            {isDecline
              ? 'Decline the request? The coordinator will not be linked to your account, and nothing else changes.'
              : 'Accept the request? Your support coordinator will be able to act on your account for you: find workers, book and manage your supports. You can revoke this at any time from your dashboard.'}
          </Text>
          <BusyButton busy={answer.isPending} color={isDecline ? 'red.9' : undefined} onClick={() => answer.mutate()}>
            {isDecline ? 'Decline the request' : 'Accept the request'}
          </BusyButton>
        </Stack>
      )}
      <PageEndLink routeId="home">Go to the home page</PageEndLink>
    </Container>
  );
}
