import { Container, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { hasNoMailbox } from '@tendly/domain/contact-email';
import type { AccountDetailsResponse } from '@tendly/domain/api/account-details';
import {
  accountProfileSchema,
  changePasswordSchema,
  confirmEmailChangeSchema,
  requestEmailChangeSchema,
} from '@tendly/domain/validation/account-details';
import { parseShowingErrors, showServerFieldErrors, useFieldFocus } from '../../platform/form-state';
import { FormSection } from '../../platform/form-section';
import { SubmitRow, submitFailure } from '../../platform/submit-row';
import { Notice } from '../../platform/notice';
import {
  accountDetailsQueryKey,
  changePassword,
  confirmEmailChange,
  fetchAccountDetails,
  requestEmailChange,
  saveAccountProfile,
} from './account-details-api';
import { CloseAccountSection } from './close-account-section';
import { DataExportSection } from './data-export-section';
import { NotificationPreferencesSection } from './notification-preferences-section';
import { PageLoadState } from '../../platform/page-load-state';

/**
 * /account-details (issue 16): name and phone, email address (by a code sent to the new one) and
 * password (the current one required; every other device is signed out). Three small forms, each
 * saved on its own, each with its errors at its fields and its outcome announced.
 */
export default function AccountDetailsPage() {
  const details = useQuery({ queryKey: accountDetailsQueryKey, queryFn: ({ signal }) => fetchAccountDetails(signal) });
  return (
    <Container size="sm" py="xl">
      <Title order={1}>Account details</Title>
      <Text size="lg" mt="xs">
        Your name, contact details and password.
      </Text>
      <PageLoadState query={details} what="your details" failure="We could not load your details just now. Please try again in a minute." skeletonHeight={320} />
      {details.data && (
        <Stack gap={48} mt="xl">
          <ProfileForm details={details.data} />
          <EmailForms details={details.data} />
          <PasswordForm />
          <NotificationPreferencesSection />
          <DataExportSection />
          <CloseAccountSection />
        </Stack>
      )}
    </Container>
  );
}

type Fields = Record<string, string>;

/**
 * One form's state: its values, errors at the fields (from the schema first, then the API), the
 * first wrong field focused, and a message for what is not about a field.
 */
function useAccountForm<F extends Fields, Out>(options: {
  initial: F;
  schema: z.ZodType<Out, F>;
  submit: (input: Out) => Promise<unknown>;
  onDone: (answer: unknown) => void;
}) {
  const [values, setValues] = useState<F>(options.initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState<string | null>(null);
  const names = Object.keys(options.initial);
  const { fieldRef, focusFirst } = useFieldFocus(names);
  const mutation = useMutation({
    mutationFn: options.submit,
    onSuccess: (answer) => options.onDone(answer),
    onError: showServerFieldErrors(setErrors, focusFirst),
  });
  const overall = submitFailure(mutation.error, names);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const request = parseShowingErrors(options.schema, values, setErrors, focusFirst);
    if (!request) return;
    setDone(null);
    mutation.mutate(request);
  };
  const bind = (name: keyof F & string) => ({
    ref: fieldRef(name),
    value: values[name],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
      setErrors((current) => (current[name] ? { ...current, [name]: '' } : current));
      setDone(null);
    },
    error: errors[name] || undefined,
  });
  return { values, setValues, bind, onSubmit, overall, done, setDone, pending: mutation.isPending };
}

function ProfileForm({ details }: { details: AccountDetailsResponse }) {
  const queryClient = useQueryClient();
  const form = useAccountForm({
    initial: { firstName: details.firstName, lastName: details.lastName, phone: details.phone ?? '' },
    schema: accountProfileSchema,
    submit: saveAccountProfile,
    onDone: (answer) => {
      const saved = answer as AccountDetailsResponse;
      queryClient.setQueryData(accountDetailsQueryKey, saved);
      form.setValues({ firstName: saved.firstName, lastName: saved.lastName, phone: saved.phone ?? '' });
      form.setDone('Your details are saved.');
    },
  });
  return (
    <FormSection id="profile-heading" title="Name and phone">
      <form noValidate aria-label="Name and phone" onSubmit={form.onSubmit}>
        <Stack gap="sm">
          <TextInput label="First name" autoComplete="given-name" {...form.bind('firstName')} />
          <TextInput label="Last name" autoComplete="family-name" {...form.bind('lastName')} />
          <TextInput label="Phone" type="tel" autoComplete="tel" description="An Australian number, such as 0412 345 678" {...form.bind('phone')} />
          <SubmitRow busy={form.pending} label="Save name and phone" failure={form.overall} saved={form.done} />
        </Stack>
      </form>
    </FormSection>
  );
}

function EmailForms({ details }: { details: AccountDetailsResponse }) {
  const queryClient = useQueryClient();
  const [awaitingCode, setAwaitingCode] = useState(details.pendingEmail !== null);
  const request = useAccountForm({
    initial: { newEmail: details.pendingEmail ?? '', currentPassword: '' },
    schema: requestEmailChangeSchema,
    submit: requestEmailChange,
    onDone: (answer) => {
      request.setDone((answer as { message: string }).message);
      request.setValues((current) => ({ ...current, currentPassword: '' }));
      setAwaitingCode(true);
      void queryClient.invalidateQueries({ queryKey: accountDetailsQueryKey });
    },
  });
  const confirm = useAccountForm({
    initial: { code: '' },
    schema: confirmEmailChangeSchema,
    submit: confirmEmailChange,
    onDone: (answer) => {
      confirm.setDone((answer as { message: string }).message);
      confirm.setValues({ code: '' });
      request.setDone(null);
      setAwaitingCode(false);
      void queryClient.invalidateQueries({ queryKey: accountDetailsQueryKey });
    },
  });
  return (
    <FormSection id="email-heading" title="Email address">
      {hasNoMailbox(details.email) ? (
        <Text mb="sm">
          This account has no email address. Emails about it go to the support coordinator who manages it. Add an email address below if the
          account holder has one.
        </Text>
      ) : (
        <Text mb="sm">
          Your email address is <strong>{details.email}</strong>
          {details.emailVerified ? '.' : ' (not confirmed yet).'}
        </Text>
      )}
      <form noValidate aria-label="Change email address" onSubmit={request.onSubmit}>
        <Stack gap="sm">
          <TextInput label="New email address" type="email" autoComplete="email" description="We send a 6-digit code to it, and tell your current address." {...request.bind('newEmail')} />
          <PasswordInput label="Current password" autoComplete="current-password" {...request.bind('currentPassword')} />
          <SubmitRow busy={request.pending} label="Send code" failure={request.overall} saved={request.done} />
        </Stack>
      </form>
      {awaitingCode && (
        <form noValidate aria-label="Confirm new email address" onSubmit={confirm.onSubmit} style={{ marginTop: 'var(--mantine-spacing-lg)' }}>
          <Stack gap="sm">
            {details.pendingEmail && <Text>We are waiting for the code sent to {details.pendingEmail}.</Text>}
            <TextInput label="6-digit code" inputMode="numeric" autoComplete="one-time-code" {...confirm.bind('code')} />
            <SubmitRow busy={confirm.pending} label="Change email address" failure={confirm.overall} />
          </Stack>
        </form>
      )}
      <div role="status" aria-live="polite">
        {confirm.done && (
          <Notice tone="success">
            <Text>{confirm.done}</Text>
          </Notice>
        )}
      </div>
    </FormSection>
  );
}

function PasswordForm() {
  const form = useAccountForm({
    initial: { currentPassword: '', newPassword: '' },
    schema: changePasswordSchema,
    submit: changePassword,
    onDone: (answer) => {
      form.setValues({ currentPassword: '', newPassword: '' });
      form.setDone((answer as { message: string }).message);
    },
  });
  return (
    <FormSection id="password-heading" title="Password">
      <form noValidate aria-label="Change password" onSubmit={form.onSubmit}>
        <Stack gap="sm">
          <PasswordInput label="Current password" autoComplete="current-password" {...form.bind('currentPassword')} />
          <PasswordInput label="New password" autoComplete="new-password" description="At least 8 characters. Every other device is signed out." {...form.bind('newPassword')} />
          <SubmitRow busy={form.pending} label="Change password" failure={form.overall} saved={form.done} />
        </Stack>
      </form>
    </FormSection>
  );
}
