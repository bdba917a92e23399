import { Fragment, useState } from 'react';
import { Anchor, Checkbox, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { contractRateRows } from '@tendly/domain/contract-rates';
import { signedAgreementMessage, signingBooksLine } from '@tendly/domain/api/shift-plan';
import { taskLabel } from '@tendly/domain/tasks';
import { formatLongDate } from '@tendly/domain/validation/compliance-documents';
import { ApiError, errorText } from '../../platform/api-client';
import { contractQueryKeys, fetchContract } from '../../platform/contracts-api';
import { DialogForm } from '../../platform/dialog-form';
import { DialogFormActions } from '../../platform/dialog-form-actions';
import factList from '../../platform/fact-list.module.css';
import { useAcceptAgreement } from './use-next-step';
import classes from './next-step-panel.module.css';

/**
 * The worker accepts an offered agreement from the conversation: its main terms, a link to read
 * all of it, and the same signature the agreement's page asks for (full name and agreement).
 */
export function AcceptAgreementDialog({
  conversationId,
  contractId,
  onClose,
  onAccepted,
}: {
  conversationId: string;
  contractId: string;
  onClose: () => void;
  /** With what to tell the worker, which says whether the agreement's planned shifts were booked. */
  onAccepted: (message: string) => void;
}) {
  const contract = useQuery({ queryKey: contractQueryKeys.one(contractId), queryFn: ({ signal }) => fetchContract(contractId, signal) });
  const accept = useAcceptAgreement(conversationId, contractId);
  const [signatureName, setSignatureName] = useState('');
  const [agreed, setAgreed] = useState(false);
  const fieldErrors = accept.error instanceof ApiError ? accept.error.fieldErrors : {};
  const failure = accept.isError && Object.keys(fieldErrors).length === 0 ? errorText(accept.error) : null;

  return (
    <DialogForm title="Accept the agreement" onClose={onClose} busy={accept.isPending} onSubmit={() =>
        accept.mutate({ signatureName, agreed }, { onSuccess: () => onAccepted(signedAgreementMessage(contract.data?.shiftPlan ?? null, contract.data?.clientState ?? 'NSW')) })
      }
    >
      <Stack gap="md">
        {failure && (
          <Text role="alert" c="red.9" fw={700}>
            {failure}
          </Text>
        )}
        {contract.data ? (
          <>
            <Text>
              From {contract.data.careSeeker.firstName} {contract.data.careSeeker.lastName}, for {contract.data.clientName}.
            </Text>
            <dl className={`${factList.factList} ${classes.terms}`}>
              <dt>Support</dt>
              <dd>{contract.data.supportRequired.map(taskLabel).join(', ')}</dd>
              <dt>Starts</dt>
              <dd>{formatLongDate(contract.data.startDate)}</dd>
              {contractRateRows(contract.data).map(([label, value]) => (
                <Fragment key={label}>
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </Fragment>
              ))}
            </dl>
            {contract.data.shiftPlan && <Text>{signingBooksLine(contract.data.shiftPlan, contract.data.clientState)}</Text>}
          </>
        ) : contract.isError ? (
          <Text c="red.9">{errorText(contract.error)}</Text>
        ) : (
          <Loader size="sm" aria-label="Loading the agreement" />
        )}
        <Anchor component={Link} to={`/contracts/${contractId}`} underline="always">
          Read the whole agreement
        </Anchor>
        <TextInput
          label="Type your full name to sign"
          required
          value={signatureName}
          onChange={(event) => setSignatureName(event.currentTarget.value)}
          error={fieldErrors.signatureName}
          autoComplete="name"
          data-autofocus
        />
        <Checkbox label="I have read and agree to this service agreement" checked={agreed} onChange={(event) => setAgreed(event.currentTarget.checked)} error={fieldErrors.agreed} />
        <DialogFormActions submitLabel="Sign agreement" busy={accept.isPending} onCancel={onClose} />
      </Stack>
    </DialogForm>
  );
}
