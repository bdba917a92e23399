import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/**
 * A password input for signing up, in and back in, whose toggle is named "Show password" on every
 * form (Mantine's own name for it is "Toggle password visibility").
 */
export function PasswordField(props: Omit<PasswordInputProps, 'visibilityToggleButtonProps'>) {
  return <PasswordInput {...props} visibilityToggleButtonProps={{ 'aria-label': 'Show password' }} />;
}
