import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ApiError, UNEXPECTED_RESPONSE_MESSAGE } from '../../platform/api-client';
import { BusyButton } from '../../platform/busy-button';
import { ErrorNotice, Notice } from '../../platform/notice';
import { useViewer } from '../../platform/session';
import { sitePath, useSiteConfig } from '../../platform/site-config';
import { downloadDataExport } from './account-details-api';

/** Where each role asks for a new copy. */
const accountDetailsRouteOf = { CS: 'accountDetails', CR: 'workerAccountDetails', SUPPORT: 'coordinatorAccountDetails' } as const;

/**
 * /my-data/:exportId (issue 29): the page the "your data is ready" email links to. The route asks
 * a visitor to sign in first; the API gives the file only to the person it is about. The file is
 * fetched when they press the button, not on opening the page (mail scanners open links).
 */
export default function DataExportDownloadPage() {
  const site = useSiteConfig();
  const viewer = useViewer();
  const { exportId = '' } = useParams();
  const download = useMutation({ mutationFn: () => downloadDataExport(exportId) });
  const failure = download.error instanceof ApiError ? download.error.message : download.error ? UNEXPECTED_RESPONSE_MESSAGE : null;
  const settingsRoute = viewer && viewer.role in accountDetailsRouteOf ? accountDetailsRouteOf[viewer.role as keyof typeof accountDetailsRouteOf] : null;

  return (
    <Container size="sm" py="xl">
      <Title order={1}>Download my data</Title>
      <Stack gap="md" mt="md">
        <Text>Your copy of everything we hold about you is a JSON file you can open with any text editor. Keep it somewhere safe: it has your personal details in it.</Text>
        <div role="status" aria-live="polite">
          {download.isSuccess && (
            <Notice tone="success">
              <Text>Saved as {download.data}.</Text>
            </Notice>
          )}
        </div>
        <ErrorNotice message={failure} />
        <BusyButton busy={download.isPending} style={{ alignSelf: 'flex-start' }} onClick={() => download.mutate()}>
          Download my data
        </BusyButton>
        {settingsRoute && (
          <Anchor component={Link} to={sitePath(site, settingsRoute)}>
            Ask for a new copy from Account details
          </Anchor>
        )}
      </Stack>
    </Container>
  );
}
