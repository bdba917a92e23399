import { useState } from 'react';
import { Badge, Button, Container, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { WorkerDocumentKind } from '@tendly/domain/api/compliance-documents';
import type { StateCode } from '@tendly/domain/states';
import { todayInAustralia } from '@tendly/domain/validation/compliance-documents';
import { errorText } from '../../platform/api-client';
import { BusyButton } from '../../platform/busy-button';
import { ErrorNotice, Notice, SuccessStatus } from '../../platform/notice';
import { DocumentDialog } from './document-dialog';
import { documentStatus, type DocumentState } from './document-status';
import { fetchWorkerDocuments, openWorkerDocumentFile, removeWorkerDocument, workerDocumentsKey } from './worker-documents-api';
import { LoadingStatus } from '../../platform/page-load-state';
import { OnboardingNextStep } from '../../platform/onboarding-next-step';

const stateTone: Record<DocumentState, { color: string; label: string }> = {
  missing: { color: 'gray.7', label: 'Missing' },
  awaitingReview: { color: 'blue.9', label: 'Awaiting review' },
  approved: { color: 'teal.9', label: 'Approved' },
  expiresSoon: { color: 'grape.9', label: 'Expires soon' },
  expired: { color: 'red.9', label: 'Expired' },
  rejected: { color: 'red.9', label: 'Not accepted' },
};

/**
 * /care-worker/documents (issue 12): each check and document a worker can hold, whether they must
 * hold it, and where it stands (missing, waiting for review, approved until a date, expiring,
 * expired, not accepted and why), with a way to add or renew it and to open their own file.
 * Open to inactive workers: renewing a lapsed check is how they become active again.
 */
export default function WorkerDocumentsPage() {
  const documents = useQuery({ queryKey: workerDocumentsKey, queryFn: ({ signal }) => fetchWorkerDocuments(signal) });
  return (
    <Container size="lg" py="xl">
      <Title order={1}>Checks and documents</Title>
      <Text size="lg" mt="xs" maw={720}>
        Care seekers choose workers they can trust. Keep your checks current here: we remind you by email 30 and 7 days
        before one expires.
      </Text>
      {documents.data ? (
        <Stack gap="xl">
          <DocumentCards kinds={documents.data.kinds} homeState={documents.data.homeState} />
          <OnboardingNextStep />
        </Stack>
      ) : documents.isError ? (
        <Stack gap="md" mt="xl" align="flex-start">
          <Notice tone="error" role="alert">
            <Text>We could not load your documents just now. Please try again in a minute.</Text>
          </Notice>
          <Button onClick={() => void documents.refetch()}>Try again</Button>
        </Stack>
      ) : (
        <LoadingStatus what="your documents">
          <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xl" aria-hidden="true">
            {[0, 1, 2, 3].map((index) => (
              <Skeleton key={index} height={160} radius="md" />
            ))}
          </SimpleGrid>
        </LoadingStatus>
      )}
    </Container>
  );
}

function DocumentCards({ kinds, homeState }: { kinds: readonly WorkerDocumentKind[]; homeState: StateCode | null }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<{ kind: WorkerDocumentKind; mode: 'Add' | 'Renew' } | null>(null);
  const [announcement, setAnnouncement] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const today = todayInAustralia();
  const ordered = [...kinds].sort((a, b) => Number(b.required) - Number(a.required));

  async function act(id: string, action: () => Promise<unknown>, done: string | null) {
    setBusyId(id);
    setFailure(null);
    setAnnouncement(null);
    try {
      await action();
      if (done) setAnnouncement(done);
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setBusyId(null);
    }
  }

  return (
    <>
      <ErrorNotice message={failure} mt="lg" />
      <SuccessStatus message={announcement} mt="lg" />
      <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xl" spacing="lg">
        {ordered.map((kind) => {
          const status = documentStatus(kind, today);
          const tone = stateTone[status.state];
          const headingId = `document-${kind.kind}`;
          const current = kind.current;
          const shown = current ?? kind.approved;
          return (
            <Stack
              key={kind.kind}
              component="article"
              aria-labelledby={headingId}
              gap="xs"
              p="lg"
              style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 'var(--mantine-radius-md)' }}
            >
              <Group justify="space-between" align="flex-start">
                <Title order={2} size="h4" id={headingId}>
                  {kind.label}
                </Title>
                {kind.required && <Badge color="dark" variant="outline">Required</Badge>}
              </Group>
              <Group gap="xs">
                <Badge color={tone.color} variant="outline" aria-hidden="true">
                  {tone.label}
                </Badge>
                <Text fw={600}>{status.text}</Text>
              </Group>
              {status.detail && <Text size="sm">{status.detail}</Text>}
              {shown?.number && <Text size="sm">Number: {shown.number}</Text>}
              <Group gap="sm" mt="xs">
                {status.action && (
                  <Button aria-label={`${status.action} your ${kind.label}`} onClick={() => setEditing({ kind, mode: status.action ?? 'Add' })}>
                    {status.action}
                  </Button>
                )}
                {shown && (
                  <BusyButton
                    variant="default"
                    aria-label={`Open file of your ${kind.label}`}
                    busy={busyId === `open-${shown.id}`}
                    onClick={() => void act(`open-${shown.id}`, () => openWorkerDocumentFile(shown.id), null)}
                  >
                    Open file
                  </BusyButton>
                )}
                {current && current.status !== 'APPROVED' && (
                  <BusyButton
                    variant="outline"
                    color="red.9"
                    aria-label={`Remove your ${kind.label}`}
                    busy={busyId === `remove-${current.id}`}
                    onClick={() =>
                      void act(
                        `remove-${current.id}`,
                        async () => {
                          await removeWorkerDocument(current.id);
                          await queryClient.invalidateQueries({ queryKey: workerDocumentsKey });
                        },
                        `Your ${kind.label} is removed.`,
                      )
                    }
                  >
                    Remove
                  </BusyButton>
                )}
              </Group>
            </Stack>
          );
        })}
      </SimpleGrid>
      <DocumentDialog
        kind={editing?.kind.kind ?? null}
        label={editing?.kind.label ?? ''}
        mode={editing?.mode ?? 'Add'}
        homeState={homeState}
        onClose={() => setEditing(null)}
        onSaved={() => {
          const label = editing?.kind.label ?? 'document';
          setEditing(null);
          setAnnouncement(`Thank you. Your ${label} is uploaded and waiting for review.`);
          void queryClient.invalidateQueries({ queryKey: workerDocumentsKey });
        }}
      />
    </>
  );
}
