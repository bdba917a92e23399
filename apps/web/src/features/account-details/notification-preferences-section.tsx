import { Checkbox, List, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { topicInfo, type NotificationPreferences, type NotificationTopic } from '@tendly/domain/api/notification-preferences';
import { errorText } from '../../platform/api-client';
import { BusyButton } from '../../platform/busy-button';
import { Notice } from '../../platform/notice';
import { PageLoadState } from '../../platform/page-load-state';
import { fetchNotificationPreferences, notificationPreferencesQueryKey, saveNotificationPreferences } from './account-details-api';
import { FormSection } from '../../platform/form-section';

/**
 * What a person hears about (issue 17): for each topic of their role, whether it shows in the
 * notification centre and whether it is emailed; a worker's job alerts; and the emails that are
 * always sent.
 */
export function NotificationPreferencesSection() {
  const preferences = useQuery({ queryKey: notificationPreferencesQueryKey, queryFn: ({ signal }) => fetchNotificationPreferences(signal) });
  return (
    <FormSection id="notification-preferences-heading" title="Notifications and emails">
      <Text mb="sm">Choose what you hear about in your notifications and by email.</Text>
      <PageLoadState query={preferences} what="your notification choices" failure="We could not load your notification choices just now. Please try again in a minute." skeletonHeight={240} />
      {preferences.data && <PreferencesForm initial={preferences.data} />}
    </FormSection>
  );
}

function PreferencesForm({ initial }: { initial: NotificationPreferences }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<NotificationPreferences>(initial);
  const [saved, setSaved] = useState(false);
  const save = useMutation({
    mutationFn: saveNotificationPreferences,
    onSuccess: (answer) => {
      queryClient.setQueryData(notificationPreferencesQueryKey, answer);
      setValues(answer);
      setSaved(true);
    },
  });
  const setTopic = (topic: NotificationTopic, side: 'inApp' | 'email', checked: boolean) => {
    setValues((current) => ({ ...current, topics: current.topics.map((item) => (item.topic === topic ? { ...item, [side]: checked } : item)) }));
    setSaved(false);
  };
  return (
    <form
      noValidate
      aria-label="Notifications and emails"
      onSubmit={(event) => {
        event.preventDefault();
        if (!save.isPending) save.mutate(values);
      }}
    >
      <Table.ScrollContainer minWidth={320}>
        <Table verticalSpacing="xs" horizontalSpacing="xs">
          <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>
            <VisuallyHidden>Each topic, in your notifications and by email</VisuallyHidden>
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Topic</Table.Th>
              <Table.Th scope="col" ta="center" w={88}>
                In the app
              </Table.Th>
              <Table.Th scope="col" ta="center" w={88}>
                By email
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {values.topics.map((item) => {
              const label = topicInfo[item.topic].label;
              return (
                <Table.Tr key={item.topic}>
                  <Table.Th scope="row" fw={400}>
                    {label}
                  </Table.Th>
                  <Table.Td ta="center">
                    {item.inApp === null ? (
                      <Text size="sm" c="dimmed">
                        <span aria-hidden="true">–</span>
                        <VisuallyHidden>Email only</VisuallyHidden>
                      </Text>
                    ) : (
                      <Checkbox style={{ display: 'inline-block' }} aria-label={`${label}: in the app`} checked={item.inApp} onChange={(event) => setTopic(item.topic, 'inApp', event.currentTarget.checked)} />
                    )}
                  </Table.Td>
                  <Table.Td ta="center">
                    <Checkbox style={{ display: 'inline-block' }} aria-label={`${label}: by email`} checked={item.email} onChange={(event) => setTopic(item.topic, 'email', event.currentTarget.checked)} />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {values.jobAlerts !== null && (
        <Checkbox
          mt="md"
          label="Job alerts: emails about new jobs near you"
          checked={values.jobAlerts}
          onChange={(event) => {
            const checked = event.currentTarget.checked;
            setValues((current) => ({ ...current, jobAlerts: checked }));
            setSaved(false);
          }}
        />
      )}
      <Text size="sm" mt="md">
        Newsletters have their own unsubscribe link at the bottom of each one. These emails are always sent, because they keep your account safe or answer something you asked for:
      </Text>
      <List size="sm" mt="xs">
        <List.Item>codes and links to confirm your email address or reset your password, and notices that your password or email address changed;</List.Item>
        <List.Item>your welcome email, your data download and your account closing.</List.Item>
      </List>
      {save.isError && (
        <Notice tone="error" role="alert" mt="md">
          <Text>{errorText(save.error)}</Text>
        </Notice>
      )}
      <div role="status" aria-live="polite">
        {saved && (
          <Notice tone="success" mt="md">
            <Text>Your choices are saved.</Text>
          </Notice>
        )}
      </div>
      <BusyButton type="submit" busy={save.isPending} mt="md">
        Save notification choices
      </BusyButton>
    </form>
  );
}
