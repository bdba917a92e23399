import { Stack, TextInput } from '@mantine/core';
import { coordinatorSignupSchema } from '@tendly/domain/validation/account';
import { BusyButton } from '../../platform/busy-button';
import { FormErrorSummary } from '../../platform/form-error-summary';
import { checkboxFieldProps, textFieldProps } from '../../platform/form-state';
import { sitePath, useSiteConfig } from '../../platform/site-config';
import { AcceptanceCheckbox } from '../../platform/acceptance-checkbox';
import { CheckEmail } from './check-email';
import { useSignUpForm } from '../../platform/use-sign-up-form';
import { AccountFields } from '../../platform/account-fields';
import { SignUpPage } from './sign-up-page';

const FORM_ID = 'coordinator-signup';

const fieldOrder = ['firstName', 'lastName', 'email', 'password', 'phone', 'organisation', 'acceptTerms'] as const;

/** /support-coordinator/register: a support coordinator's account, for managing their clients. */
export default function CoordinatorRegisterPage() {
  const site = useSiteConfig();
  const { form, onSubmit, isSubmitting, message, signedUpEmail, summaryErrors, summaryRef } = useSignUpForm(
    {
      role: 'SUPPORT',
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      phone: '',
      organisation: '',
      acceptTerms: false,
    },
    coordinatorSignupSchema,
  );

  if (signedUpEmail) return <CheckEmail credentials={{ email: signedUpEmail, password: form.values.password }} />;

  const text = (name: (typeof fieldOrder)[number]) => textFieldProps(form, FORM_ID, name);

  return (
    <SignUpPage
      title="Register as a support coordinator"
      purpose="Create your account to find workers for your clients and manage their supports."
    >
      <FormErrorSummary ref={summaryRef} formId={FORM_ID} errors={summaryErrors} fieldNames={fieldOrder} message={message} />

      <form id={FORM_ID} onSubmit={onSubmit} noValidate aria-label="Support coordinator registration">
        <Stack gap="md">
          <AccountFields form={form} formId={FORM_ID} emailLabel="Work email address" />
          <TextInput {...text('organisation')} label="Organisation" autoComplete="organization" withAsterisk />
          <AcceptanceCheckbox
            {...checkboxFieldProps(form, FORM_ID, 'acceptTerms')}
            label="I accept the terms and conditions"
            documentPath={sitePath(site, 'termsConditions')}
            documentLabel="Read the terms and conditions"
            mt="sm"
          />
          <BusyButton type="submit" busy={isSubmitting} size="md" mt="md">
            Create my account
          </BusyButton>
        </Stack>
      </form>
    </SignUpPage>
  );
}
