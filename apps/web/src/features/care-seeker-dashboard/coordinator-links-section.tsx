import { useState } from 'react';
import { Card, Group, Loader, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyCoordinatorLink } from '@tendly/domain/api/coordinator-links';
import { errorText } from '../../platform/api-client';
import { BusyButton } from '../../platform/busy-button';
import { ConfirmDialog } from '../../platform/confirm-dialog';
import { Notice, SuccessStatus } from '../../platform/notice';
import { useSession } from '../../platform/session';
import { changeCoordinatorLink, fetchMyCoordinatorLinks } from './coordinator-links-api';
import { FormSection } from '../../platform/form-section';

type Action = 'accept' | 'decline' | 'revoke';

/**
 * The care seeker's support coordinators on their dashboard (issue 16): requests to accept or
 * decline, and linked coordinators to revoke (which ends their acting for the client at once).
 * Only the care seeker themselves: a coordinator acting for them does not see it.
 */
export function CoordinatorLinksSection() {
  const { user, alias } = useSession();
  const queryClient = useQueryClient();
  const queryKey = ['coordinator-links', user?.id ?? null];
  const links = useQuery({ queryKey, queryFn: ({ signal }) => fetchMyCoordinatorLinks(signal), enabled: !alias });
  const [outcome, setOutcome] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<MyCoordinatorLink | null>(null);
  const change = useMutation({
    mutationFn: ({ link, action }: { link: MyCoordinatorLink; action: Action }) => changeCoordinatorLink(link.id, action),
    onSuccess: async ({ message }) => {
      setOutcome(message);
      setRevoking(null);
      await queryClient.invalidateQueries({ queryKey });
    },
  });

  if (alias) return null;
  const failure = !revoking && change.error ? errorText(change.error) : null;
  const busy = (link: MyCoordinatorLink, action: Action) => change.isPending && change.variables.link.id === link.id && change.variables.action === action;

  return (
    <FormSection id="cs-coordinators-heading" title="Support coordinators" headingGap="sm">
      <SuccessStatus message={outcome} mb="sm" />
      {failure && (
        <Notice tone="error" role="alert" mb="sm">
          <Text c="red.9">{failure}</Text>
        </Notice>
      )}
      {links.isPending ? (
        <Group role="status" gap="xs">
          <Loader size="sm" aria-hidden />
          <Text>Loading your support coordinators…</Text>
        </Group>
      ) : links.isError ? (
        <Notice tone="error" role="alert">
          <Text c="red.9">{links.error.message}</Text>
        </Notice>
      ) : links.data.length === 0 ? (
        <Text>No support coordinator is linked to your account.</Text>
      ) : (
        <Stack component="ul" gap="sm" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {links.data.map((link) => (
            <Card component="li" key={link.id} withBorder padding="md">
              <Text fw={700}>
                {link.coordinator.name}
                {link.coordinator.organisation ? `, ${link.coordinator.organisation}` : ''}
              </Text>
              <Text size="sm">{link.coordinator.email}</Text>
              {link.status === 'PENDING' ? (
                <>
                  <Text size="sm" mt="xs">
                    Asks to be your support coordinator. Once linked, they can act on your account for you.
                  </Text>
                  <Group mt="sm" gap="sm">
                    <BusyButton busy={busy(link, 'accept')} onClick={() => change.mutate({ link, action: 'accept' })} aria-label={`Accept ${link.coordinator.name}`}>
                      Accept
                    </BusyButton>
                    <BusyButton variant="default" busy={busy(link, 'decline')} onClick={() => change.mutate({ link, action: 'decline' })} aria-label={`Decline ${link.coordinator.name}`}>
                      Decline
                    </BusyButton>
                  </Group>
                </>
              ) : (
                <>
                  <Text size="sm" mt="xs">
                    Linked: they can act on your account for you.
                  </Text>
                  <Group mt="sm">
                    <BusyButton variant="default" color="red.9" busy={false} onClick={() => { change.reset(); setRevoking(link); }} aria-label={`Revoke ${link.coordinator.name}`}>
                      Revoke
                    </BusyButton>
                  </Group>
                </>
              )}
            </Card>
          ))}
        </Stack>
      )}
      {revoking && (
        <ConfirmDialog
          title={`Revoke ${revoking.coordinator.name}?`}
          confirmLabel="Revoke the link"
          danger
          busy={change.isPending}
          error={change.error}
          onConfirm={() => change.mutate({ link: revoking, action: 'revoke' })}
          onClose={() => setRevoking(null)}
        >
          {`${revoking.coordinator.name} will no longer be able to act for you, starting now. They can ask to link again, and you can decline.`}
        </ConfirmDialog>
      )}
    </FormSection>
  );
}
