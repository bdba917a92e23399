import { TextInput } from '@mantine/core';
import { textFieldProps, type FormState } from '../../platform/form-state';

/** The email address an account signs in with, asked for on its own (log in, forgot password). */
export function SignInEmailInput<V extends { email: string }>({ form, formId }: { form: FormState<V>; formId: string }) {
  return <TextInput {...textFieldProps(form, formId, 'email')} label="Email address" type="email" autoComplete="email" withAsterisk required />;
}
