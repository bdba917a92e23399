import type { ReactNode } from 'react';
import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { AccountFields, type AccountValues } from '../../platform/account-fields';
import { BusyButton } from '../../platform/busy-button';
import { FormErrorSummary } from '../../platform/form-error-summary';
import { sitePath, useSiteConfig } from '../../platform/site-config';
import type { useSignUpForm } from '../../platform/use-sign-up-form';
import { CheckEmail } from './check-email';

/** A sign-up page's frame: its heading, what the account is for, and the way to log in instead. */
export function SignUpPage({ title, purpose, children }: { title: string; purpose: string; children: ReactNode }) {
  const site = useSiteConfig();
  return (
    <Container size="sm" py="xl">
      <Title order={1}>{title}</Title>
      <Text mt="sm" mb="lg">
        {purpose} All fields are required. Already registered?{' '}
        <Anchor component={Link} to={sitePath(site, 'login')}>
          Log in
        </Anchor>
      </Text>
      {children}
    </Container>
  );
}

/**
 * A registration page's form in that frame: the error summary, the account's own fields, then the
 * page's (`children`), then the button. Once the account is made, the page asks for the emailed code.
 */
export function SignUpFormPage<V extends AccountValues>({
  title,
  purpose,
  formId,
  formLabel,
  fieldNames,
  signUp,
  emailLabel,
  children,
}: {
  title: string;
  purpose: string;
  formId: string;
  formLabel: string;
  fieldNames: readonly string[];
  signUp: ReturnType<typeof useSignUpForm<V>>;
  emailLabel?: string;
  children: ReactNode;
}) {
  const { form, onSubmit, isSubmitting, message, signedUpEmail, summaryErrors, summaryRef } = signUp;
  if (signedUpEmail) return <CheckEmail credentials={{ email: signedUpEmail, password: form.values.password }} />;
  return (
    <SignUpPage title={title} purpose={purpose}>
      <FormErrorSummary ref={summaryRef} formId={formId} errors={summaryErrors} fieldNames={fieldNames} message={message} />

      <form id={formId} onSubmit={onSubmit} noValidate aria-label={formLabel}>
        <Stack gap="md">
          <AccountFields form={form} formId={formId} {...(emailLabel ? { emailLabel } : {})} />
          {children}
          <BusyButton type="submit" busy={isSubmitting} size="md" mt="md">
            Create my account
          </BusyButton>
        </Stack>
      </form>
    </SignUpPage>
  );
}
