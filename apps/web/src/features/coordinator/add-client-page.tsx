import { Container, NativeSelect, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { addClientSchema } from '@tendly/domain/api/coordinator-links';
import { payingForCareTypes } from '@tendly/domain/job-options';
import { states } from '@tendly/domain/states';
import { FormErrorSummary } from '../../platform/form-error-summary';
import { textFieldProps, useFormState } from '../../platform/form-state';
import { PageEndLink } from '../../platform/page-end-link';
import { SubmitRow, SubmittedStatus } from '../../platform/submit-row';
import { useMessageSubmit } from '../../platform/use-message-submit';
import { addClient } from './coordinator-links-api';

const FORM_ID = 'add-client';
const summaryFields = ['firstName', 'lastName', 'state', 'postcode', 'fundingType', 'ndisNumber', 'planManagerName', 'planManagerEmail', 'email'] as const;
const empty = { firstName: '', lastName: '', state: '', postcode: '', fundingType: '', ndisNumber: '', planManagerName: '', planManagerEmail: '', email: '' };

/**
 * /support-coordinator/add-client (issue 16): the coordinator makes an account for a client and
 * manages it. With the client's email, the client is invited to claim it and set a password.
 */
export default function AddClientPage() {
  const form = useFormState(empty);
  // The form's own values are sent, as typed: the schema only checks them.
  const { onSubmit, isSending, message: added, failure, statusRef } = useMessageSubmit(form, addClientSchema, () => addClient(form.values));

  return (
    <Container size="sm" py="xl">
      <Title order={1}>Add a client</Title>
      <Text mt="xs">Make an account for a client who does not have one. You manage it and act for them; they can claim it later if you give their email.</Text>
      <SubmittedStatus text={added} ref={statusRef} />
      {!added && (
        <form id={FORM_ID} onSubmit={onSubmit} noValidate aria-label="Add a client">
          <Stack gap="md" mt="md">
            <FormErrorSummary formId={FORM_ID} errors={form.errors} fieldNames={summaryFields} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput {...textFieldProps(form, FORM_ID, 'firstName')} label="First name" autoComplete="off" withAsterisk required />
              <TextInput {...textFieldProps(form, FORM_ID, 'lastName')} label="Last name" autoComplete="off" withAsterisk required />
              <NativeSelect
                {...textFieldProps(form, FORM_ID, 'state')}
                label="State or territory"
                withAsterisk
                required
                data={[{ value: '', label: 'Choose…' }, ...states.map((state) => ({ value: state.code, label: state.name }))]}
              />
              <TextInput {...textFieldProps(form, FORM_ID, 'postcode')} label="Postcode" inputMode="numeric" autoComplete="off" withAsterisk required />
            </SimpleGrid>
            <NativeSelect
              {...textFieldProps(form, FORM_ID, 'fundingType')}
              label="How the supports are paid for"
              withAsterisk
              required
              data={[{ value: '', label: 'Choose…' }, ...payingForCareTypes.map((type) => ({ value: type.code, label: type.label }))]}
            />
            <TextInput {...textFieldProps(form, FORM_ID, 'ndisNumber')} label="NDIS number (optional)" description="9 digits, starting with 43" inputMode="numeric" autoComplete="off" />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput {...textFieldProps(form, FORM_ID, 'planManagerName')} label="Plan manager (if plan-managed)" autoComplete="off" />
              <TextInput {...textFieldProps(form, FORM_ID, 'planManagerEmail')} label="Plan manager's email (optional)" type="email" autoComplete="off" />
            </SimpleGrid>
            <TextInput
              {...textFieldProps(form, FORM_ID, 'email')}
              label="Client's email (optional)"
              description="We email them an invitation to claim the account and set a password."
              type="email"
              autoComplete="off"
            />
            <SubmitRow busy={isSending} label="Add client" failure={failure} />
          </Stack>
        </form>
      )}
      <PageEndLink routeId="coordinatorDashboard">Back to My SC Dashboard</PageEndLink>
    </Container>
  );
}
