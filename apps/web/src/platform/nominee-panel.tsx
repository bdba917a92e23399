import { Button, Group, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { nomineeSchema, type Nominee } from '@tendly/domain/api/timesheets';
import { fieldErrors } from '@tendly/domain/validation/field-errors';
import { ApiError, errorText } from './api-client';
import { BusyButton } from './busy-button';
import { Notice } from './notice';
import { SubmitRow, submitFailure } from './submit-row';
import { fetchNominee, nomineeQueryKey, removeNominee, saveNominee } from './nominee-api';
import { SuccessAnnouncement } from './outcome-announcement';
import { TitledSection } from './titled-section';

/**
 * The nominee on the care seeker's account (issue 14): a person who gets an email when hours are
 * submitted, with a link that approves them without signing in. Naming someone new stops the
 * links already sent to the one before.
 */
export function NomineePanel() {
  const nominee = useQuery({ queryKey: nomineeQueryKey, queryFn: ({ signal }) => fetchNominee(signal) });
  const [editing, setEditing] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: removeNominee,
    onSuccess: () => {
      queryClient.setQueryData(nomineeQueryKey, null);
      setAnnouncement('Nominee removed. Links already sent to them no longer work.');
    },
  });
  return (
    <TitledSection id="nominee-heading" heading="Nominee for approving hours" size="h3">
      <Text mt="xs">Someone you trust, such as a family member, can approve hours for you from a link in an email, without signing in.</Text>
      <SuccessAnnouncement text={announcement} mt="sm" />
      {nominee.isError && (
        <Notice tone="error" role="alert" mt="sm">
          <Text>We could not load your nominee just now. Please try again in a minute.</Text>
        </Notice>
      )}
      {nominee.isPending && <Skeleton height={60} mt="sm" aria-hidden="true" />}
      {nominee.isSuccess && !editing && (
        <Stack gap="sm" mt="sm" align="flex-start">
          {nominee.data ? (
            <Text>
              Your nominee is <strong>{nominee.data.name}</strong> ({nominee.data.email}).
            </Text>
          ) : (
            <Text>You have not named a nominee.</Text>
          )}
          <Group gap="sm">
            <Button
              variant="outline"
              onClick={() => {
                setAnnouncement('');
                setEditing(true);
              }}
            >
              {nominee.data ? 'Change nominee' : 'Name a nominee'}
            </Button>
            {nominee.data && (
              <BusyButton variant="outline" color="red.9" busy={remove.isPending} onClick={() => remove.mutate()}>
                Remove nominee
              </BusyButton>
            )}
          </Group>
          {remove.error !== null && (
            <Notice tone="error" role="alert">
              <Text>{errorText(remove.error)}</Text>
            </Notice>
          )}
        </Stack>
      )}
      {nominee.isSuccess && editing && (
        <NomineeForm
          current={nominee.data}
          onCancel={() => setEditing(false)}
          onSaved={(saved) => {
            queryClient.setQueryData(nomineeQueryKey, saved);
            setEditing(false);
            setAnnouncement(saved ? `${saved.name} is now your nominee. They will be emailed when hours are submitted.` : 'Nominee saved.');
          }}
        />
      )}
    </TitledSection>
  );
}

function NomineeForm({ current, onCancel, onSaved }: { current: Nominee | null; onCancel: () => void; onSaved: (nominee: Nominee | null) => void }) {
  const [name, setName] = useState(current?.name ?? '');
  const [email, setEmail] = useState(current?.email ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const nameRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const save = useMutation({
    mutationFn: saveNominee,
    onSuccess: onSaved,
    onError: (error) => {
      if (error instanceof ApiError) setErrors(error.fieldErrors);
    },
  });
  const overall = submitFailure(save.error, ['name', 'email']);
  return (
    <form
      noValidate
      aria-label="Nominee"
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = nomineeSchema.safeParse({ name, email });
        if (!parsed.success) {
          const found = fieldErrors(parsed.error);
          setErrors(found);
          // The first field in error takes focus, so its message is read out with it.
          (found.name ? nameRef : emailRef).current?.focus();
          return;
        }
        setErrors({});
        save.mutate(parsed.data);
      }}
    >
      <Stack gap="sm" mt="sm" maw={480}>
        <TextInput ref={nameRef} label="Nominee’s name" required autoComplete="off" value={name} onChange={(event) => setName(event.currentTarget.value)} error={errors.name} data-autofocus />
        <TextInput ref={emailRef} type="email" label="Nominee’s email" required autoComplete="off" value={email} onChange={(event) => setEmail(event.currentTarget.value)} error={errors.email} />
        <SubmitRow busy={save.isPending} label="Save nominee" failure={overall}>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </SubmitRow>
      </Stack>
    </form>
  );
}
