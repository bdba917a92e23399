import { Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { ApiError, errorText, UNEXPECTED_RESPONSE_MESSAGE } from './api-client';
import { ErrorNotice } from './notice';
import { DialogFormActions } from './dialog-form-actions';
import { DialogForm } from './dialog-form';

const REASON_REQUIRED = 'Enter a reason';

/**
 * A confirmation that asks for a reason: suspending or deactivating an account, rejecting a
 * document or a worker's hours, crediting an invoice. The reason field has focus when it opens,
 * and gets it back with any problem (the form's own check, or the API's answer), so a screen
 * reader reads the error with the field; Mantine's modal keeps focus inside and returns it to the
 * button that opened it. `validate` checks the reason with the request's own schema (its message);
 * without it, an empty reason is the only problem.
 */
export function ReasonDialog({
  opened = true,
  title,
  explanation,
  label,
  description,
  confirmLabel,
  busy,
  error,
  onConfirm,
  onClose,
  danger = true,
  maxLength,
  validate,
}: {
  opened?: boolean;
  title: string;
  explanation: ReactNode;
  label: string;
  description?: string;
  confirmLabel: string;
  busy: boolean;
  /** The last attempt's failure: a field error on `reason` shows at the field, anything else above the buttons. */
  error: unknown;
  onConfirm: (reason: string) => void;
  onClose: () => void;
  danger?: boolean;
  maxLength?: number;
  validate?: (reason: string) => string | null;
}) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const fieldError = error instanceof ApiError ? error.fieldErrors?.reason : undefined;
  const overall = error !== null && error !== undefined && !fieldError ? errorText(error) : null;

  useEffect(() => {
    if (error !== null && error !== undefined) reasonRef.current?.focus();
  }, [error]);

  function close() {
    setReason('');
    setProblem(null);
    onClose();
  }

  return (
    <DialogForm
      title={title}
      opened={opened}
      onClose={close}
      onSubmit={() => {
        if (busy) return;
        const found = validate ? validate(reason) : reason.trim() === '' ? REASON_REQUIRED : null;
        if (found) {
          setProblem(found);
          reasonRef.current?.focus();
          return;
        }
        onConfirm(reason.trim());
      }}
    >
      <Stack gap="md">
        {typeof explanation === 'string' ? <Text>{explanation}</Text> : explanation}
        <Textarea
          ref={reasonRef}
          label={label}
          description={description}
          required
          rows={4}
          maxLength={maxLength}
          value={reason}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setProblem(null);
          }}
          error={problem ?? fieldError}
          data-autofocus
        />
        <ErrorNotice message={overall} />
        <DialogFormActions submitLabel={confirmLabel} busy={busy} onCancel={close} danger={danger} />
      </Stack>
    </DialogForm>
  );
}

/** `validate` for a reason checked by a request schema's `reason` field: the schema's first message. */
export function reasonCheckedBy(schema: z.ZodType<unknown, { reason: string }>) {
  return (reason: string): string | null => {
    const parsed = schema.safeParse({ reason });
    return parsed.success ? null : (parsed.error.issues[0]?.message ?? UNEXPECTED_RESPONSE_MESSAGE);
  };
}
