import { NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { hearAboutUsOptions } from '@tendly/domain/profile-options';
import { states } from '@tendly/domain/states';
import { workerSignupSchema } from '@tendly/domain/validation/account';
import { BusyButton } from '../../platform/busy-button';
import { FormErrorSummary } from '../../platform/form-error-summary';
import { checkboxFieldProps, textFieldProps } from '../../platform/form-state';
import { sitePath, useSiteConfig } from '../../platform/site-config';
import { AcceptanceCheckbox } from '../../platform/acceptance-checkbox';
import { CheckEmail } from './check-email';
import { useSignUpForm } from '../../platform/use-sign-up-form';
import { AccountFields } from '../../platform/account-fields';
import { SignUpPage } from './sign-up-page';

const FORM_ID = 'worker-signup';

/** The form's fields in the order they are shown, for the error summary. */
const fieldOrder = [
  'firstName',
  'lastName',
  'email',
  'password',
  'phone',
  'address',
  'suburb',
  'state',
  'postcode',
  'hearAboutUs',
  'acceptTerms',
  'acceptEng',
  'acceptNDISCode',
  'acceptAgedCareCode',
] as const;

/** /careworker/register: worker sign-up with every field of spec section 5. */
export default function WorkerRegisterPage() {
  const site = useSiteConfig();
  const { form, onSubmit, isSubmitting, message, signedUpEmail, summaryErrors, summaryRef } = useSignUpForm(
    {
      role: 'CR',
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      phone: '',
      address: '',
      suburb: '',
      state: '',
      postcode: '',
      hearAboutUs: '',
      acceptTerms: false,
      acceptEng: false,
      acceptNDISCode: false,
      acceptAgedCareCode: false,
    },
    workerSignupSchema(site.brandName),
  );

  if (signedUpEmail) return <CheckEmail credentials={{ email: signedUpEmail, password: form.values.password }} />;

  const text = (name: (typeof fieldOrder)[number]) => textFieldProps(form, FORM_ID, name);
  const check = (name: (typeof fieldOrder)[number]) => checkboxFieldProps(form, FORM_ID, name);

  return (
    <SignUpPage
      title="Become a care worker"
      purpose="Create your account to set your own rates and hours and find clients near you."
    >
      <FormErrorSummary ref={summaryRef} formId={FORM_ID} errors={summaryErrors} fieldNames={fieldOrder} message={message} />

      <form id={FORM_ID} onSubmit={onSubmit} noValidate aria-label="Care worker registration">
        <Stack gap="md">
          <AccountFields form={form} formId={FORM_ID} />
          <TextInput {...text('address')} label="Street address" autoComplete="address-line1" withAsterisk />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput {...text('suburb')} label="Suburb" autoComplete="address-level2" withAsterisk />
            <NativeSelect
              {...text('state')}
              label="State"
              autoComplete="address-level1"
              withAsterisk
              data={[
                { value: '', label: 'Choose your state' },
                ...states.map((state) => ({ value: state.code, label: state.name })),
              ]}
            />
            <TextInput
              {...text('postcode')}
              label="Postcode"
              inputMode="numeric"
              autoComplete="postal-code"
              withAsterisk
            />
          </SimpleGrid>
          <NativeSelect
            {...text('hearAboutUs')}
            label="How did you hear about us?"
            withAsterisk
            data={[
              { value: '', label: 'Choose one' },
              ...hearAboutUsOptions.map((option) => ({ value: option.code, label: option.label })),
            ]}
          />
          <Stack gap="sm" mt="sm">
            <AcceptanceCheckbox
              {...check('acceptTerms')}
              label="I accept the terms and conditions"
              documentPath={sitePath(site, 'termsConditions')}
              documentLabel="Read the terms and conditions"
            />
            <AcceptanceCheckbox
              {...check('acceptEng')}
              label="I have read and understand the terms of engagement"
              documentPath={sitePath(site, 'termsOfEngagement')}
              documentLabel="Read the terms of engagement"
            />
            <AcceptanceCheckbox
              {...check('acceptNDISCode')}
              label="I have read and accept the NDIS Code of Conduct"
              documentPath={sitePath(site, 'ndisCodeOfConduct')}
              documentLabel="Read the NDIS Code of Conduct"
            />
            <AcceptanceCheckbox
              {...check('acceptAgedCareCode')}
              label="I have read and accept the Aged Care Code of Conduct"
              documentPath={sitePath(site, 'agedCareCodeOfConduct')}
              documentLabel="Read the Aged Care Code of Conduct"
            />
          </Stack>
          <BusyButton type="submit" busy={isSubmitting} size="md" mt="md">
            Create my account
          </BusyButton>
        </Stack>
      </form>
    </SignUpPage>
  );
}
