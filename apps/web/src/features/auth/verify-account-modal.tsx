import { Modal } from '@mantine/core';
import { VerifyEmailForm } from '../../platform/verify-email-form';

/**
 * The verify-account dialog the login screen opens for an unverified account (spec 2.1, 8). It
 * asks for a new code as it opens: signing in sends none by itself (issue 11).
 * Mantine's Modal is labelled by its title, traps focus, closes on Escape and returns focus to
 * where it was when it opened.
 */
export function VerifyAccountModal({
  email,
  opened,
  onClose,
  onVerified,
}: {
  email: string;
  opened: boolean;
  onClose: () => void;
  onVerified: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Verify your email address"
      closeButtonProps={{ 'aria-label': 'Close' }}
      size="md"
      centered
    >
      <VerifyEmailForm email={email} onVerified={onVerified} sendsCodeOnOpen />
    </Modal>
  );
}
