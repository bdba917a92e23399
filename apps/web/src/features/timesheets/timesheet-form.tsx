import { Group, NativeSelect, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useRef, useState, type FormEvent } from 'react';
import { formatShiftWhen } from '@tendly/domain/api/bookings';
import { ROUTE_NOTE_MAX, SHIFT_NOTE_MAX, timesheetRequestSchemaWithin, type Timesheet } from '@tendly/domain/api/timesheets';
import { formatCents, formatMinutes, fullName } from '@tendly/domain/format';
import { ndisLineItem, type NdisLineItemCode } from '@tendly/domain/ndis-line-items';
import { isLocalDateTime, localToInstant, minutesBetween } from '@tendly/domain/shift-time';
import { stateTimeZone, type StateCode } from '@tendly/domain/states';
import { fieldErrors } from '@tendly/domain/validation/field-errors';
import { errorText, hasFieldErrors } from '../../platform/api-client';
import { BusyButton } from '../../platform/busy-button';
import { FormErrorSummary } from '../../platform/form-error-summary';
import { textFieldProps, useFormState, type FieldErrors } from '../../platform/form-state';
import { isNdisFundingType } from '../../platform/invoice-format';
import { Notice } from '../../platform/notice';
import { useSendFeedback } from '../../platform/use-send-feedback';
import { ExpenseRows } from './expense-rows';
import {
  chosenWork,
  contractChoice,
  emptyTimesheetValues,
  shiftChoice,
  timesheetFieldOrder,
  timesheetValues,
  toFormErrors,
  toTimesheetRequest,
  type TimesheetFormValues,
} from './timesheet-form-values';
import { saveTimesheet, type ReportableContract, type ReportableShift, type ReportableWork } from './timesheets-api';

const FORM_ID = 'submit-timesheet';

/** Hours worked between two local times in the state's zone (daylight saving included), less the break; null until both are readable. */
function workedMinutes(start: string, end: string, breakText: string, state: StateCode | null): number | null {
  if (!state || !isLocalDateTime(start) || !isLocalDateTime(end)) return null;
  try {
    const zone = stateTimeZone(state);
    const minutes = minutesBetween(localToInstant(start, zone), localToInstant(end, zone)) - (Number(breakText.trim() || '0') || 0);
    return minutes > 0 ? minutes : null;
  } catch {
    // A time inside the daylight-saving gap: the schema and the API say so on submit.
    return null;
  }
}

function firstNdisItem(contract: ReportableContract | null): string {
  return contract && isNdisFundingType(contract.fundingType) ? (contract.ndisLineItems[0]?.lineItem ?? '') : '';
}

/** The form's first values: saved hours, or a new form with the shift from the address already chosen. */
function initialValues(work: ReportableWork, existing: Timesheet | null, initialShift: ReportableShift | null): TimesheetFormValues {
  if (existing) return timesheetValues(existing);
  if (!initialShift) return emptyTimesheetValues();
  return {
    ...emptyTimesheetValues(),
    work: shiftChoice(initialShift.id),
    start: initialShift.startLocal,
    end: initialShift.endLocal,
    ndisLineItem: firstNdisItem(work.contracts.find((contract) => contract.id === initialShift.contractId) ?? null),
  };
}

/**
 * The hours of one shift, or of unbooked work under an agreement (issue 14; spec 2.5): actual
 * start and end in the client's state, unpaid break, travel with its route, expenses with
 * receipts, the NDIS support item where the agreement is NDIS-funded, and the shift note. "Save
 * for later" keeps a draft (/saved-hours); "Submit hours" sends a job report for approval.
 * Pressing Enter in a field saves for later, the step that sends nothing to anyone.
 */
export function TimesheetForm({
  work,
  existing,
  initialShift,
  onSaved,
}: {
  work: ReportableWork;
  existing: Timesheet | null;
  initialShift: ReportableShift | null;
  onSaved: (timesheet: Timesheet) => void;
}) {
  const form = useFormState<TimesheetFormValues>(initialValues(work, existing, initialShift));
  const [uploads, setUploads] = useState(0);
  const [pressed, setPressed] = useState<'save' | 'submit' | null>(null);
  const intent = useRef<'save' | 'submit'>('save');
  const { failure, summaryRef, clearFailure, showProblem } = useSendFeedback();
  const save = useMutation({ mutationFn: ({ body }: { body: unknown }) => saveTimesheet(existing?.id ?? null, body) });
  const { values, errors } = form;
  const onUploading = useCallback((count: number) => setUploads(count), []);

  const chosen = existing ? null : chosenWork(work, values.work);
  const contract = existing ? (work.contracts.find((candidate) => candidate.id === existing.contractId) ?? null) : (chosen?.contract ?? null);
  const state: StateCode | null = existing?.state ?? chosen?.shift?.state ?? chosen?.contract?.state ?? null;
  const target = existing
    ? { shiftId: existing.shiftId, contractId: existing.contractId }
    : { shiftId: chosen?.shift?.id ?? null, contractId: chosen?.shift?.contractId ?? chosen?.contract?.id ?? null };
  const ndisOptions = ndisItemOptions(contract, existing);
  const worked = workedMinutes(values.start, values.end, values.breakMinutes, state);
  const zoneText = state ? ` (${state} time)` : '';

  function fail(next: FieldErrors, message: string | null) {
    form.setErrors(next);
    showProblem(message);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const submit = intent.current === 'submit';
    intent.current = 'save';
    if (save.isPending) return;
    if (uploads > 0) return fail({}, 'A receipt is still uploading. Wait for it to finish, then try again.');
    // The server's limits of one report too (issue 29), so the form says what the API would.
    const parsed = timesheetRequestSchemaWithin(work.limits).safeParse(toTimesheetRequest(values, target, submit));
    if (!parsed.success) return fail(toFormErrors(fieldErrors(parsed.error)), null);
    form.setErrors({});
    clearFailure();
    setPressed(submit ? 'submit' : 'save');
    save.mutate(
      { body: parsed.data },
      {
        onSuccess: onSaved,
        onError: (error) => {
          if (hasFieldErrors(error)) fail(toFormErrors(error.fieldErrors), null);
          else fail({}, errorText(error));
        },
        onSettled: () => setPressed(null),
      },
    );
  }

  return (
    <form id={FORM_ID} onSubmit={onSubmit} noValidate aria-label="Hours worked">
      <FormErrorSummary formId={FORM_ID} errors={errors} fieldNames={timesheetFieldOrder(values)} message={failure} ref={summaryRef} />
      <Stack gap="lg">
        {existing ? (
          <WorkOfExisting timesheet={existing} />
        ) : (
          <NativeSelect
            {...textFieldProps(form, FORM_ID, 'work')}
            onChange={(event) => {
              const value = event.currentTarget.value;
              const next = chosenWork(work, value);
              form.setValue('work', value);
              if (next?.shift) {
                form.setValue('start', next.shift.startLocal);
                form.setValue('end', next.shift.endLocal);
              }
              form.setValue('ndisLineItem', firstNdisItem(next?.contract ?? null));
            }}
            label="Shift or service agreement"
            description="A confirmed shift that has ended, or an agreement for work that was not booked as a shift."
            required
            data={workOptions(work)}
          />
        )}
        {chosen?.shift && <Text size="sm">Booked for {formatShiftWhen(chosen.shift)}. Change the times below if you started or finished at other times.</Text>}
        <Group grow preventGrowOverflow={false} wrap="wrap" align="flex-start">
          <TextInput {...textFieldProps(form, FORM_ID, 'start')} type="datetime-local" label={`Started${zoneText}`} required style={{ minWidth: 220 }} />
          <TextInput {...textFieldProps(form, FORM_ID, 'end')} type="datetime-local" label={`Finished${zoneText}`} required style={{ minWidth: 220 }} />
        </Group>
        <TextInput
          {...textFieldProps(form, FORM_ID, 'breakMinutes')}
          label="Unpaid break (minutes)"
          description="Time you were not working during the shift, such as a meal break. 0 for none."
          inputMode="numeric"
          maw={260}
        />
        {worked !== null && <Text>Time worked: {formatMinutes(worked)}</Text>}
        {ndisOptions.length > 0 && (
          <NativeSelect
            {...textFieldProps(form, FORM_ID, 'ndisLineItem')}
            label="NDIS support item"
            description="The support you delivered, from the agreement’s NDIS rates. It decides the item each line is claimed under."
            required
            data={ndisOptions}
          />
        )}
        <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <legend>
            <Text fw={700} component="span">
              Travel for the client
            </Text>
          </legend>
          <Stack gap="sm" mt={4}>
            <TextInput
              {...textFieldProps(form, FORM_ID, 'travelKm')}
              label="Kilometres travelled"
              description={
                contract
                  ? `Driving the client or for them during the shift, to one decimal place. Paid at ${formatCents(contract.travelPerKmCents)} a km under this agreement.`
                  : 'Driving the client or for them during the shift, to one decimal place. 0 for none.'
              }
              inputMode="decimal"
              maw={260}
            />
            <Textarea
              {...textFieldProps(form, FORM_ID, 'travelNote')}
              label="Where you travelled"
              description="Needed with any kilometres: for example, from home to the shops and back."
              rows={2}
              maxLength={ROUTE_NOTE_MAX}
            />
          </Stack>
        </fieldset>
        <ExpenseRows form={form} formId={FORM_ID} onUploading={onUploading} />
        <Textarea
          {...textFieldProps(form, FORM_ID, 'shiftNote')}
          label="Shift note"
          description="What happened on the shift: the supports you gave and anything the care seeker should know. They can read it."
          rows={5}
          maxLength={SHIFT_NOTE_MAX}
        />
        <Group gap="sm">
          <BusyButton type="submit" variant="outline" busy={pressed === 'save'} onClick={() => (intent.current = 'save')}>
            Save for later
          </BusyButton>
          <BusyButton type="submit" busy={pressed === 'submit'} onClick={() => (intent.current = 'submit')}>
            Submit hours
          </BusyButton>
        </Group>
      </Stack>
    </form>
  );
}

/** The choices of work: shifts that have ended, then agreements for unbooked work. */
function workOptions(work: ReportableWork) {
  return [
    { value: '', label: 'Choose a shift or an agreement' },
    ...(work.shifts.length > 0
      ? [{ group: 'Shifts that have ended', items: work.shifts.map((shift) => ({ value: shiftChoice(shift.id), label: `${shift.clientName}: ${formatShiftWhen(shift)}` })) }]
      : []),
    ...(work.contracts.length > 0
      ? [{ group: 'Unbooked work under an agreement', items: work.contracts.map((contract) => ({ value: contractChoice(contract.id), label: `${contract.clientName} (${fullName(contract.careSeeker)}), ${contract.state}` })) }]
      : []),
  ];
}

/** The agreement's NDIS items; for saved hours whose agreement is no longer active, the item they carry. */
function ndisItemOptions(contract: ReportableContract | null, existing: Timesheet | null): { value: string; label: string }[] {
  if (contract && isNdisFundingType(contract.fundingType)) return contract.ndisLineItems.map((item) => ({ value: item.lineItem, label: item.label }));
  const saved: NdisLineItemCode | null = existing?.ndisLineItem ?? null;
  return saved ? [{ value: saved, label: ndisLineItem(saved).label }] : [];
}

/** What saved or sent-back hours are for: fixed once saved. */
function WorkOfExisting({ timesheet }: { timesheet: Timesheet }) {
  return (
    <Stack gap="xs">
      <Text>
        Hours for <strong>{timesheet.clientName}</strong> ({fullName(timesheet.careSeeker)}){timesheet.shiftId ? '' : ', unbooked work under your agreement'}.
      </Text>
      {timesheet.status === 'REJECTED' && timesheet.rejectionReason && (
        <Notice tone="warning">
          <Text fw={700}>{timesheet.careSeeker.firstName} sent these hours back</Text>
          <Text style={{ whiteSpace: 'pre-wrap' }}>{timesheet.rejectionReason}</Text>
          <Text mt="xs">Fix them, then submit them again.</Text>
        </Notice>
      )}
    </Stack>
  );
}
