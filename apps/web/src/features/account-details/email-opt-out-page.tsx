import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { INVALID_EMAIL_OPT_OUT_LINK, isTopic, topicInfo } from '@tendly/domain/api/notification-preferences';
import { errorText } from '../../platform/api-client';
import { BusyButton } from '../../platform/busy-button';
import { Notice } from '../../platform/notice';
import { useViewer } from '../../platform/session';
import { sitePath, useSiteConfig } from '../../platform/site-config';
import { optOutByEmailLink } from './account-details-api';

/** Where each role changes its choices. */
const accountDetailsRouteOf = { CS: 'accountDetails', CR: 'workerAccountDetails', SUPPORT: 'coordinatorAccountDetails' } as const;

/**
 * /unsubscribe?topic=…&token=… (issue 17): the page the link at the bottom of an email opens.
 * Public, because the link must work signed out; the signed token is the proof. It asks before it
 * stops anything, so a mail scanner that opens every link does not unsubscribe anyone.
 */
export default function EmailOptOutPage() {
  const [params] = useSearchParams();
  const site = useSiteConfig();
  const viewer = useViewer();
  const topic = params.get('topic') ?? '';
  const token = params.get('token')?.trim() ?? '';
  const optOut = useMutation({ mutationFn: () => optOutByEmailLink({ topic: isTopic(topic) ? topic : 'MESSAGES', token }) });
  const valid = isTopic(topic) && token !== '';
  const settingsRoute = viewer && viewer.role in accountDetailsRouteOf ? accountDetailsRouteOf[viewer.role as keyof typeof accountDetailsRouteOf] : null;
  const changeLink = settingsRoute ? (
    <Anchor component={Link} to={sitePath(site, settingsRoute)} fw={600}>
      Change your notification choices
    </Anchor>
  ) : (
    <Anchor component={Link} to={sitePath(site, 'login')} fw={600}>
      Sign in to change your notification choices
    </Anchor>
  );

  return (
    <Container size="sm" py="xl">
      <Title order={1}>Stop these emails</Title>
      <Stack gap="md" mt="md">
        {!valid ? (
          <Notice tone="error" role="alert">
            <Text>{INVALID_EMAIL_OPT_OUT_LINK}</Text>
            <Text mt="xs">{changeLink}</Text>
          </Notice>
        ) : optOut.isSuccess ? (
          <Notice tone="success" role="status">
            <Title order={2} size="h4">
              You have unsubscribed
            </Title>
            <Text mt="xs">{optOut.data.message}</Text>
            <Text mt="xs">{changeLink}</Text>
          </Notice>
        ) : (
          <>
            <Text size="lg">
              Stop emails about this: <strong>{topicInfo[topic].label.toLowerCase()}</strong>?
            </Text>
            <Text>You will still see them in your notifications when you sign in, and emails that keep your account safe are always sent.</Text>
            {optOut.isError && (
              <Notice tone="error" role="alert">
                <Text>{errorText(optOut.error)}</Text>
              </Notice>
            )}
            <BusyButton busy={optOut.isPending} onClick={() => optOut.mutate()} style={{ alignSelf: 'flex-start' }}>
              Stop these emails
            </BusyButton>
            <Text size="sm">{changeLink}</Text>
          </>
        )}
      </Stack>
    </Container>
  );
}
