import { useRef, useState, type FormEvent } from 'react';
import { Anchor, Button, Container, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link } from 'react-router';
import { linkRequestSchema } from '@tendly/domain/api/coordinator-links';
import { ApiError, UNEXPECTED_RESPONSE_MESSAGE } from '../../platform/api-client';
import { textFieldProps, useFormState } from '../../platform/form-state';
import { sitePath, useSiteConfig } from '../../platform/site-config';
import { SubmitRow, SubmittedStatus } from '../../platform/submit-row';
import { requestLinking } from './coordinator-links-api';

const FORM_ID = 'request-linking';

/**
 * /support-coordinator/request-linking (issue 16): the coordinator asks an existing care seeker, by
 * email, to link their account. The answer is the same whether or not the address has an account.
 */
export default function RequestLinkingPage() {
  const site = useSiteConfig();
  const form = useFormState({ email: '' });
  const [isSending, setIsSending] = useState(false);
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const statusRef = useRef<HTMLDivElement>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSending) return;
    const input = form.validate(linkRequestSchema);
    if (!input) return;
    setFailure(null);
    setIsSending(true);
    try {
      const { message } = await requestLinking(input);
      setSentMessage(message);
      statusRef.current?.focus();
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors.email) form.setErrors({ email: error.fieldErrors.email });
      else setFailure(error instanceof ApiError ? error.message : UNEXPECTED_RESPONSE_MESSAGE);
    } finally {
      setIsSending(false);
    }
  }

  function another() {
    setSentMessage(null);
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
      <Anchor component={Link} to={sitePath(site, 'coordinatorDashboard')} mt="lg" display="inline-block">
        Back to My SC Dashboard
      </Anchor>
    </Container>
  );
}
