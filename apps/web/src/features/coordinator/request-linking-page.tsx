import { Button, Container, Stack, Text, TextInput, Title } from '@mantine/core';
import { linkRequestSchema } from '@tendly/domain/api/coordinator-links';
import { textFieldProps, useFormState } from '../../platform/form-state';
import { PageEndLink } from '../../platform/page-end-link';
import { SubmitRow, SubmittedStatus } from '../../platform/submit-row';
import { useMessageSubmit } from '../../platform/use-message-submit';
import { requestLinking } from './coordinator-links-api';

const FORM_ID = 'request-linking';

/**
 * /support-coordinator/request-linking (issue 16): the coordinator asks an existing care seeker, by
 * email, to link their account. The answer is the same whether or not the address has an account.
 */
export default function RequestLinkingPage() {
  const form = useFormState({ email: '' });
  const { onSubmit, isSending, message: sentMessage, failure, statusRef, clearMessage } = useMessageSubmit(form, linkRequestSchema, requestLinking);

  function another() {
    clearMessage();
    form.setValue('email', '');
  }

  return (
    <Container size="xs" py="xl">
      <Title order={1}>Request linking</Title>
      <Text mt="xs">
        Ask a client who already has an account to link it to you. They get an email to accept or decline, and see the request on their dashboard.
        Once they accept, you can act for them.
      </Text>
      <SubmittedStatus text={sentMessage} ref={statusRef} />
      {sentMessage ? (
        <Button mt="md" variant="default" onClick={another}>
          Ask another client
        </Button>
      ) : (
        <form id={FORM_ID} onSubmit={onSubmit} noValidate aria-label="Request linking">
          <Stack gap="md" mt="md">
            <TextInput
              {...textFieldProps(form, FORM_ID, 'email')}
              label="Your client's email address"
              description="The address they use to sign in"
              type="email"
              autoComplete="off"
              withAsterisk
              required
            />
            <SubmitRow busy={isSending} label="Send request" failure={failure} />
          </Stack>
        </form>
      )}
      <PageEndLink routeId="coordinatorDashboard">Back to My SC Dashboard</PageEndLink>
    </Container>
  );
}
