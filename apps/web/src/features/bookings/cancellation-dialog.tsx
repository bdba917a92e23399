import { Checkbox, Select, Stack, Text, Textarea } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import {
  CANCEL_NOTE_MAX,
  cancellationReasonCodeProblem,
  cancellationReasonCodes,
  cancellationReasonLabels,
  type CancellationReasonCode,
  type CancellingSide,
} from '@tendly/domain/api/bookings';
import { ApiError } from '../../platform/api-client';
import { DialogFormActions } from '../../platform/dialog-form-actions';
import { DialogForm } from '../../platform/dialog-form';
import { Notice } from '../../platform/notice';
import { MoveErrorNotice } from './booking-moves';

export interface CancellationBody {
  reason: string;
  reasonCode: CancellationReasonCode | null;
  noShow: boolean;
}

const reasonOptions = cancellationReasonCodes.map((code) => ({ value: code, label: cancellationReasonLabels[code] }));

/**
 * The one form for cancelling (care seeker) or declining (worker) a shift or a whole series: a
 * reason the other side sees, the NDIS reason code where one is asked for, and the short-notice
 * warning worked out as they type. `shortNoticeWarning` says whether (and why) the cancellation
 * is chargeable under `isChargeableCancellation`; a chargeable one must give a reason code.
 * `canRecordNoShow` (a shift that has started) offers a no-show instead.
 */
export function CancellationDialog({
  title,
  summary,
  side,
  canRecordNoShow = false,
  initialNoShow = false,
  shortNoticeWarning,
  missingReasonMessage,
  keepLabel,
  submitLabel = () => title,
  busy,
  error,
  onSubmit,
  onClose,
}: {
  title: string;
  summary: ReactNode;
  side: CancellingSide;
  canRecordNoShow?: boolean;
  /** Opened from Record no-show: the box starts ticked. */
  initialNoShow?: boolean;
  shortNoticeWarning: (noShow: boolean) => string | null;
  missingReasonMessage: string;
  keepLabel: string;
  submitLabel?: (noShow: boolean) => string;
  busy: boolean;
  error: unknown;
  onSubmit: (body: CancellationBody) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [reasonCode, setReasonCode] = useState<CancellationReasonCode | null>(null);
  const [noShow, setNoShow] = useState(initialNoShow);
  const [missing, setMissing] = useState(false);
  const [codeProblem, setCodeProblem] = useState<string | null>(null);
  const warning = shortNoticeWarning(noShow);
  const fieldErrors = error instanceof ApiError ? error.fieldErrors : {};
  const declining = side === 'WORKER';
  // A worker gives an NDIS reason only for a no-show; the care seeker's side may always give one.
  const asksForCode = !declining || noShow;
  return (
    <DialogForm
      title={title}
      onClose={onClose}
      onSubmit={() => {
        const body = { reason: reason.trim(), reasonCode: asksForCode ? reasonCode : null, noShow };
        const problem = cancellationReasonCodeProblem(side, { ...body, chargeable: warning !== null });
        setMissing(body.reason === '');
        setCodeProblem(problem);
        if (body.reason === '' || problem) return;
        onSubmit(body);
      }}
    >
      <Stack gap="md">
        <Text>{summary}</Text>
        <Textarea
          label="Reason"
          description={declining ? 'The care seeker will see this.' : 'The worker will see this.'}
          required
          rows={3}
          maxLength={CANCEL_NOTE_MAX}
          value={reason}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setMissing(false);
          }}
          error={missing ? missingReasonMessage : fieldErrors.reason}
          data-autofocus
        />
        {canRecordNoShow && (
          <Checkbox
            label="No-show: the client was not there, or turned the worker away"
            checked={noShow}
            onChange={(event) => {
              setNoShow(event.currentTarget.checked);
              setCodeProblem(null);
            }}
            error={fieldErrors.noShow}
          />
        )}
        {asksForCode && (
          <Select
            label="Cancellation reason"
            description={noShow ? 'The reason the no-show is claimed with under the NDIS.' : 'For a late cancellation, the reason it is claimed with under the NDIS.'}
            placeholder="Choose a reason"
            data={reasonOptions}
            value={reasonCode}
            onChange={(value) => {
              setReasonCode(cancellationReasonCodes.find((code) => code === value) ?? null);
              setCodeProblem(null);
            }}
            // A chargeable cancellation (the warning below) is claimed with a reason.
            required={warning !== null}
            clearable
            comboboxProps={{ withinPortal: true }}
            error={codeProblem ?? fieldErrors.reasonCode}
          />
        )}
        {warning !== null && (
          <Notice tone="warning" role="status">
            <Text>{warning}</Text>
          </Notice>
        )}
        <MoveErrorNotice error={Object.keys(fieldErrors).length === 0 ? error : null} />
        <DialogFormActions submitLabel={submitLabel(noShow)} busy={busy} onCancel={onClose} cancelLabel={keepLabel} danger />
      </Stack>
    </DialogForm>
  );
}
