import { Button, Checkbox, List, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { EmailPreferences } from '@tendly/domain/api/account-details';
import { ApiError, UNEXPECTED_RESPONSE_MESSAGE } from '../../platform/api-client';
import { BusyButton } from '../../platform/busy-button';
import { Notice } from '../../platform/notice';
import { emailPreferencesQueryKey, fetchEmailPreferences, saveEmailPreferences } from './account-details-api';

/** The optional emails a person can turn off, and the ones that are always sent (issue 16). */
export function EmailPreferencesSection() {
  const preferences = useQuery({ queryKey: emailPreferencesQueryKey, queryFn: ({ signal }) => fetchEmailPreferences(signal) });
  return (
    <section aria-labelledby="email-preferences-heading">
      <Title order={2} size="h3" id="email-preferences-heading" mb="sm">
        Emails we send you
      </Title>
      {preferences.isError && (
        <Stack gap="sm" align="flex-start">
          <Notice tone="error" role="alert">
            <Text>We could not load your email choices just now. Please try again in a minute.</Text>
          </Notice>
          <Button variant="outline" onClick={() => void preferences.refetch()}>
            Try again
          </Button>
        </Stack>
      )}
      {preferences.isPending && (
        <div aria-busy="true">
          <div role="status">
            <VisuallyHidden>Loading your email choices</VisuallyHidden>
          </div>
          <Skeleton height={120} radius="md" aria-hidden="true" />
        </div>
      )}
      {preferences.data && <PreferencesForm initial={preferences.data} />}
    </section>
  );
}

function PreferencesForm({ initial }: { initial: EmailPreferences }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<EmailPreferences>(initial);
  const [saved, setSaved] = useState(false);
  const save = useMutation({
    mutationFn: saveEmailPreferences,
    onSuccess: (answer) => {
      queryClient.setQueryData(emailPreferencesQueryKey, answer);
      setValues(answer);
      setSaved(true);
    },
  });
  const set = (name: keyof EmailPreferences, checked: boolean) => {
    setValues((current) => ({ ...current, [name]: checked }));
    setSaved(false);
  };
  return (
    <form
      noValidate
      aria-label="Emails we send you"
      onSubmit={(event) => {
        event.preventDefault();
        if (!save.isPending) save.mutate(values);
      }}
    >
      <Stack gap="sm">
        <Checkbox label="Messages you have not read yet" checked={values.unreadMessages} onChange={(event) => set('unreadMessages', event.currentTarget.checked)} />
        <Checkbox label="Shift reminders, the day before a shift" checked={values.shiftReminders} onChange={(event) => set('shiftReminders', event.currentTarget.checked)} />
        {values.jobAlerts !== null && (
          <Checkbox label="Job alerts: new jobs near you" checked={values.jobAlerts} onChange={(event) => set('jobAlerts', event.currentTarget.checked)} />
        )}
        <Text size="sm">
          Newsletters have their own unsubscribe link at the bottom of each one. These emails are always sent, because they keep your account safe or are part of an agreement or payment:
        </Text>
        <List size="sm">
          <List.Item>codes and links to confirm your email address or reset your password, and notices that your password or email address changed;</List.Item>
          <List.Item>service agreements, bookings and their changes, hours to approve;</List.Item>
          <List.Item>invoices, payments, remittances and receipts;</List.Item>
          <List.Item>your data download and account closure.</List.Item>
        </List>
        {save.isError && (
          <Notice tone="error" role="alert">
            <Text>{save.error instanceof ApiError ? save.error.message : UNEXPECTED_RESPONSE_MESSAGE}</Text>
          </Notice>
        )}
        <div role="status" aria-live="polite">
          {saved && (
            <Notice tone="success">
              <Text>Your email choices are saved.</Text>
            </Notice>
          )}
        </div>
        <BusyButton type="submit" busy={save.isPending} style={{ alignSelf: 'flex-start' }}>
          Save email choices
        </BusyButton>
      </Stack>
    </form>
  );
}
