import { SimpleGrid, TextInput } from '@mantine/core';
import { PasswordField } from './password-field';
import { PASSWORD_MIN_LENGTH } from '@tendly/domain/constants';
import { textFieldProps, type FormState } from './form-state';

/** The fields every new account starts with. */
export interface AccountValues extends Record<string, unknown> {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  phone: string;
}

/**
 * Name, email, password and phone: the part every sign-up form shares (workers, support
 * coordinators, and care seekers at the end of posting a job).
 */
export function AccountFields<V extends AccountValues>({
  form,
  formId,
  emailLabel = 'Email address',
}: {
  form: FormState<V>;
  formId: string;
  emailLabel?: string;
}) {
  const text = (name: keyof AccountValues & string) => textFieldProps(form, formId, name);
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput {...text('firstName')} label="First name" autoComplete="given-name" withAsterisk />
        <TextInput {...text('lastName')} label="Last name" autoComplete="family-name" withAsterisk />
      </SimpleGrid>
      <TextInput {...text('email')} label={emailLabel} type="email" autoComplete="email" withAsterisk />
      <PasswordField
        {...text('password')}
        label="Password"
        description={`At least ${PASSWORD_MIN_LENGTH} characters`}
        autoComplete="new-password"
        withAsterisk
      />
      <TextInput {...text('phone')} label="Phone number" type="tel" autoComplete="tel" withAsterisk />
    </>
  );
}
