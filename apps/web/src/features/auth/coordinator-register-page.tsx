import { TextInput } from '@mantine/core';
import { coordinatorSignupSchema } from '@tendly/domain/validation/account';
import { checkboxFieldProps, textFieldProps } from '../../platform/form-state';
import { TermsAcceptanceCheckbox } from '../../platform/acceptance-checkbox';
import { useSignUpForm } from '../../platform/use-sign-up-form';
import { SignUpFormPage } from './sign-up-page';

const FORM_ID = 'coordinator-signup';

const fieldOrder = ['firstName', 'lastName', 'email', 'password', 'phone', 'organisation', 'acceptTerms'] as const;

/** /support-coordinator/register: a support coordinator's account, for managing their clients. */
export default function CoordinatorRegisterPage() {
  const signUp = useSignUpForm(
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
  const { form } = signUp;

  const text = (name: (typeof fieldOrder)[number]) => textFieldProps(form, FORM_ID, name);

  return (
    <SignUpFormPage
      title="Register as a support coordinator"
      purpose="Create your account to find workers for your clients and manage their supports."
      formId={FORM_ID}
      formLabel="Support coordinator registration"
      fieldNames={fieldOrder}
      signUp={signUp}
      emailLabel="Work email address"
    >
      <TextInput {...text('organisation')} label="Organisation" autoComplete="organization" withAsterisk />
      <TermsAcceptanceCheckbox {...checkboxFieldProps(form, FORM_ID, 'acceptTerms')} mt="sm" />
    </SignUpFormPage>
  );
}
