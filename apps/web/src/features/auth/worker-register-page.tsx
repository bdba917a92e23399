import { useCallback } from 'react';
import { NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { hearAboutUsOptions } from '@tendly/domain/profile-options';
import { states } from '@tendly/domain/states';
import { workerSignupSchema } from '@tendly/domain/validation/account';
import { checkboxFieldProps, textFieldProps } from '../../platform/form-state';
import { useStateFromPostcode } from '../../platform/places-api';
import { sitePath, useSiteConfig } from '../../platform/site-config';
import { AcceptanceCheckbox, termsAcceptance } from '../../platform/acceptance-checkbox';
import { useSignUpForm } from '../../platform/use-sign-up-form';
import { SignUpFormPage } from './sign-up-page';

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

/** What a worker accepts to register, each with the document it links to. */
const acceptances = [
  { name: 'acceptTerms', ...termsAcceptance },
  { name: 'acceptEng', label: 'I have read and understand the terms of engagement', document: 'termsOfEngagement', documentLabel: 'Read the terms of engagement' },
  { name: 'acceptNDISCode', label: 'I have read and accept the NDIS Code of Conduct', document: 'ndisCodeOfConduct', documentLabel: 'Read the NDIS Code of Conduct' },
  { name: 'acceptAgedCareCode', label: 'I have read and accept the Aged Care Code of Conduct', document: 'agedCareCodeOfConduct', documentLabel: 'Read the Aged Care Code of Conduct' },
] as const;

/** /careworker/register: worker sign-up with every field of spec section 5. */
export default function WorkerRegisterPage() {
  const site = useSiteConfig();
  const signUp = useSignUpForm(
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
  const { form } = signUp;

  const text = (name: (typeof fieldOrder)[number]) => textFieldProps(form, FORM_ID, name);
  // Suburb and postcode usually settle the state: it fills itself in, and can still be changed.
  const { setValue } = form;
  useStateFromPostcode(form.values, useCallback((state) => setValue('state', state), [setValue]));
  const check = (name: (typeof fieldOrder)[number]) => checkboxFieldProps(form, FORM_ID, name);

  return (
    <SignUpFormPage
      title="Become a care worker"
      purpose="Create your account to set your own rates and hours and find clients near you."
      formId={FORM_ID}
      formLabel="Care worker registration"
      fieldNames={fieldOrder}
      signUp={signUp}
    >
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
        {acceptances.map((acceptance) => (
          <AcceptanceCheckbox
            key={acceptance.name}
            {...check(acceptance.name)}
            label={acceptance.label}
            documentPath={sitePath(site, acceptance.document)}
            documentLabel={acceptance.documentLabel}
          />
        ))}
      </Stack>
    </SignUpFormPage>
  );
}
