import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, NativeSelect, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  createMeetAndGreetRequestSchema,
  MEET_AND_GREET_MAX_OPTIONS,
  MEET_AND_GREET_TIME_MESSAGE,
  meetAndGreetModeLabels,
  meetAndGreetModes,
  meetAndGreetPath,
  type MeetAndGreetMode,
} from '@tendly/domain/api/meet-and-greets';
import { DialogFormActions } from './dialog-form-actions';
import { FormErrorSummary } from './form-error-summary';
import { fieldId } from './form-state';
import { meetAndGreetQueryKeys, requestMeetAndGreet } from './meet-and-greets-api';
import { SentConfirmation } from './sent-confirmation';
import { useSendFeedback } from './use-send-feedback';

const FORM_ID = 'meet-and-greet';

interface TimeRow {
  key: number;
  date: string;
  time: string;
  minutes: '15' | '30';
}

/**
 * "Ask for a meet and greet" (issue 31 item 11): the care seeker suggests up to three times, 15 or
 * 30 minutes each, in person at a suburb or by video or phone call. Opened from the worker's
 * profile and from a conversation. Times are in the care seeker's state.
 */
export function MeetAndGreetDialog({ worker, opened, onClose }: { worker: { id: string; firstName: string }; opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Ask ${worker.firstName} for a meet and greet`} closeButtonProps={{ 'aria-label': 'Close' }} size="lg" centered>
      {opened && <MeetAndGreetForm worker={worker} onClose={onClose} />}
    </Modal>
  );
}

let nextKey = 1;
const emptyRow = (): TimeRow => ({ key: nextKey++, date: '', time: '', minutes: '30' });

function MeetAndGreetForm({ worker, onClose }: { worker: { id: string; firstName: string }; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<TimeRow[]>(() => [emptyRow()]);
  const [mode, setMode] = useState<MeetAndGreetMode>('IN_PERSON');
  const [suburb, setSuburb] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const send = useMutation({
    mutationFn: requestMeetAndGreet,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meetAndGreetQueryKeys.all }),
  });
  const { failure, summaryRef, confirmationRef, clearFailure, showInvalid, showFailure } = useSendFeedback(send.isSuccess);

  const fieldNames = [...rows.flatMap((_, index) => [`options.${index}.start`, `options.${index}.minutes`]), 'mode', 'suburb', 'note'];

  function update(key: number, change: Partial<TimeRow>) {
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (send.isPending) return;
    clearFailure();
    const found: Record<string, string> = {};
    rows.forEach((row, index) => {
      if (!row.date || !row.time) found[`options.${index}.start`] = MEET_AND_GREET_TIME_MESSAGE;
    });
    const body = {
      workerId: worker.id,
      options: rows.map((row) => ({ start: `${row.date}T${row.time}`, minutes: Number(row.minutes) as 15 | 30 })),
      mode,
      ...(mode === 'IN_PERSON' ? { suburb } : {}),
      note,
    };
    const parsed = createMeetAndGreetRequestSchema.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= issue.message;
    }
    if (Object.keys(found).length > 0) {
      setErrors(found);
      showInvalid();
      return;
    }
    setErrors({});
    send.mutate(body, { onError: (error) => showFailure(error, (fieldErrors) => setErrors({ ...fieldErrors })) });
  }

  if (send.isSuccess) {
    return (
      <SentConfirmation
        titleId={`${FORM_ID}-sent`}
        title="Meet and greet requested"
        onClose={onClose}
        ref={confirmationRef}
        actions={
          <Button component={Link} variant="outline" to={meetAndGreetPath(send.data.id)} onClick={onClose}>
            See it in My bookings
          </Button>
        }
      >
        We have told {worker.firstName}. They can accept one of your times or decline. We will email you when they answer. A meet and greet is free.
      </SentConfirmation>
    );
  }

  return (
    <form id={FORM_ID} onSubmit={onSubmit} noValidate aria-label={`Meet and greet with ${worker.firstName}`}>
      <FormErrorSummary formId={FORM_ID} errors={errors} fieldNames={fieldNames} message={failure} ref={summaryRef} />
      <Text>
        A free, short meeting to get to know each other before you agree on any support. It is never billed. Suggest up to {MEET_AND_GREET_MAX_OPTIONS} times
        in your state’s time, within the next 60 days.
      </Text>
      <Stack gap="md" mt="md">
        {rows.map((row, index) => (
          <fieldset key={row.key} style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 8, padding: 'var(--mantine-spacing-sm)' }}>
            <legend style={{ fontWeight: 600, padding: '0 4px' }}>Time {index + 1}</legend>
            <Group align="flex-start" gap="sm" wrap="wrap">
              <TextInput
                id={fieldId(FORM_ID, `options.${index}.start`)}
                type="date"
                label="Date"
                value={row.date}
                onChange={(event) => update(row.key, { date: event.currentTarget.value })}
                error={errors[`options.${index}.start`]}
                style={{ flex: '1 1 10rem' }}
                data-autofocus={index === 0 ? true : undefined}
              />
              <TextInput
                type="time"
                label="Start time"
                value={row.time}
                onChange={(event) => update(row.key, { time: event.currentTarget.value })}
                style={{ flex: '1 1 8rem' }}
              />
              <NativeSelect
                id={fieldId(FORM_ID, `options.${index}.minutes`)}
                label="Length"
                data={[
                  { value: '15', label: '15 minutes' },
                  { value: '30', label: '30 minutes' },
                ]}
                value={row.minutes}
                onChange={(event) => update(row.key, { minutes: event.currentTarget.value as '15' | '30' })}
                error={errors[`options.${index}.minutes`]}
                style={{ flex: '1 1 8rem' }}
              />
            </Group>
            {rows.length > 1 && (
              <Button variant="subtle" size="compact-sm" mt="xs" color="red.9" onClick={() => setRows((current) => current.filter((other) => other.key !== row.key))}>
                Remove time {index + 1}
              </Button>
            )}
          </fieldset>
        ))}
        {rows.length < MEET_AND_GREET_MAX_OPTIONS && (
          <Group>
            <Button variant="outline" onClick={() => setRows((current) => [...current, emptyRow()])}>
              Add another time
            </Button>
          </Group>
        )}
        <Radio.Group id={fieldId(FORM_ID, 'mode')} label="How would you like to meet?" value={mode} onChange={(value) => setMode(value as MeetAndGreetMode)} error={errors.mode}>
          <Group mt="xs">
            {meetAndGreetModes.map((value) => (
              <Radio key={value} value={value} label={meetAndGreetModeLabels[value]} />
            ))}
          </Group>
        </Radio.Group>
        {mode === 'IN_PERSON' && (
          <TextInput
            id={fieldId(FORM_ID, 'suburb')}
            label="Suburb"
            description="Somewhere public, like a café or library. Do not give your home address yet."
            value={suburb}
            onChange={(event) => setSuburb(event.currentTarget.value)}
            error={errors.suburb}
          />
        )}
        <Textarea
          id={fieldId(FORM_ID, 'note')}
          label="A note for the worker (optional)"
          rows={3}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          error={errors.note}
        />
      </Stack>
      <DialogFormActions submitLabel="Send request" busy={send.isPending} onCancel={onClose} mt="md" />
    </form>
  );
}
