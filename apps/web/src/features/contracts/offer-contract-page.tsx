import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Anchor, Button, Checkbox, Container, Group, NativeSelect, Skeleton, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { DEFAULT_CANCELLATION_CHARGE_PERCENT, latestContractStartDate, NDIS_SHORTFALL_BILLABLE_LABEL, offerContractRequestSchema, type Contract, type ContractDefaults } from '@tendly/domain/api/contracts';
import { isNdisFunded, payingForCareTypes, type PayingForCareType } from '@tendly/domain/job-options';
import { fieldErrors } from '@tendly/domain/validation/field-errors';
import { taskGroups, type TaskCode } from '@tendly/domain/tasks';
import { ApiError, errorText, UNEXPECTED_RESPONSE_MESSAGE } from '../../platform/api-client';
import { BusyButton } from '../../platform/busy-button';
import { FormErrorSummary } from '../../platform/form-error-summary';
import { fieldId, useFormState, type FieldErrors } from '../../platform/form-state';
import { Notice } from '../../platform/notice';
import { centsToDollars, contractQueryKeys, dollarsToCents, fetchContractDefaults, offerContract } from '../../platform/contracts-api';
import { emptyNdisRate, NdisRatesEditor, ndisRatesRequest, type NdisRateRow } from './ndis-rates-editor';
import classes from './contracts.module.css';
import { LoadingStatus } from '../../platform/page-load-state';
import { useSendFeedback } from '../../platform/use-send-feedback';
import { emptyShiftPlan, ShiftPlanFields, shiftPlanFieldNames, toShiftPlanRequest, type ShiftPlanValues } from './shift-plan-fields';

const FORM_ID = 'offer-contract';

const rateFields = [
  ['hourlyRateForWeekdays', 'Weekday rate ($ an hour)'],
  ['saturdayRate', 'Saturday rate ($ an hour)'],
  ['sundayRate', 'Sunday rate ($ an hour)'],
  ['rateForPublicHoliday', 'Public holiday rate ($ an hour)'],
  ['rateForEveningCare', 'Evening rate ($ an hour)'],
  ['rateForOverniteCare', 'Active overnight rate ($ an hour)'],
  ['travelExpenseRate', 'Travel ($ a km)'],
] as const;
type RateField = (typeof rateFields)[number][0];

export interface ContactRow {
  nameOfContact: string;
  relationshipToCareseeker: string;
  phoneNumber: string;
}

export type OfferValues = Record<RateField, string> & {
  jobId: string;
  fundingType: PayingForCareType;
  supportRequired: TaskCode[];
  supportDetails: string;
  startDate: string;
  endDate: string;
  cancellationPolicy: string;
  cancellationChargePercent: string;
  /** NDIA-managed funding only (issue 28): a short-paid claim's difference may be billed to the participant. */
  ndisShortfallBillable: boolean;
  terminationPolicy: string;
  note: string;
  emergencyContacts: ContactRow[];
  ndisRates: NdisRateRow[];
} & ShiftPlanValues;

function initialValues(defaults: ContractDefaults): OfferValues {
  return {
    jobId: defaults.job?.id ?? '',
    fundingType: defaults.fundingType,
    hourlyRateForWeekdays: centsToDollars(defaults.rates.hourlyRateForWeekdays),
    saturdayRate: centsToDollars(defaults.rates.saturdayRate),
    sundayRate: centsToDollars(defaults.rates.sundayRate),
    rateForPublicHoliday: centsToDollars(defaults.rates.rateForPublicHoliday),
    rateForEveningCare: centsToDollars(defaults.rates.rateForEveningCare),
    rateForOverniteCare: centsToDollars(defaults.rates.rateForOverniteCare),
    travelExpenseRate: centsToDollars(defaults.rates.travelExpenseRate),
    supportRequired: [],
    supportDetails: '',
    startDate: defaults.today,
    endDate: '',
    cancellationPolicy: defaults.cancellationPolicy,
    cancellationChargePercent: String(DEFAULT_CANCELLATION_CHARGE_PERCENT),
    ndisShortfallBillable: false,
    terminationPolicy: defaults.terminationPolicy,
    note: '',
    emergencyContacts: [{ nameOfContact: '', relationshipToCareseeker: '', phoneNumber: '' }],
    ndisRates: defaults.ndisRates.map((rate) => ({ lineItem: rate.lineItem, level: rate.level, timeOfDay: rate.timeOfDay, amount: centsToDollars(rate.amount) })),
    ...emptyShiftPlan,
  };
}

/** The form's text as the API's request: dollars become cents; a blank or unreadable amount is left for the schema to name. */
export function toOfferRequest(values: OfferValues, workerId: string) {
  const cents = (text: string) => (text.trim() === '' ? undefined : (dollarsToCents(text) ?? Number.NaN));
  return {
    workerId,
    jobId: values.jobId || null,
    fundingType: values.fundingType,
    supportRequired: values.supportRequired,
    supportDetails: values.supportDetails,
    hourlyRateForWeekdays: cents(values.hourlyRateForWeekdays),
    saturdayRate: cents(values.saturdayRate),
    sundayRate: cents(values.sundayRate),
    rateForPublicHoliday: cents(values.rateForPublicHoliday),
    rateForEveningCare: cents(values.rateForEveningCare),
    rateForOverniteCare: values.rateForOverniteCare.trim() === '' ? null : cents(values.rateForOverniteCare),
    travelExpenseRate: cents(values.travelExpenseRate),
    ndisRates: isNdisFunded(values.fundingType) ? ndisRatesRequest(values.ndisRates) : [],
    startDate: values.startDate,
    endDate: values.endDate || null,
    cancellationPolicy: values.cancellationPolicy,
    // A blank or unreadable percentage is left for the schema to name.
    cancellationChargePercent: /^\s*\d+\s*$/.test(values.cancellationChargePercent) ? Number(values.cancellationChargePercent) : values.cancellationChargePercent.trim() === '' ? undefined : Number.NaN,
    // Ticked, then the funding changed: the term applies only while the NDIA manages the funding.
    ndisShortfallBillable: values.fundingType === 'NDIS_AGENCY_MANAGED' && values.ndisShortfallBillable,
    terminationPolicy: values.terminationPolicy,
    note: values.note,
    emergencyContacts: values.emergencyContacts,
    shiftPlan: toShiftPlanRequest(values),
  };
}

function fieldOrder(values: OfferValues): string[] {
  return [
    'jobId',
    'fundingType',
    ...rateFields.map(([name]) => name),
    'ndisRates',
    ...values.ndisRates.flatMap((_, index) => ['lineItem', 'level', 'timeOfDay', 'amount'].map((part) => `ndisRates.${index}.${part}`)),
    'startDate',
    'endDate',
    ...(values.planShifts ? shiftPlanFieldNames : []),
    'supportRequired',
    'supportDetails',
    'cancellationPolicy',
    'cancellationChargePercent',
    'ndisShortfallBillable',
    'terminationPolicy',
    'note',
    'emergencyContacts',
    ...values.emergencyContacts.flatMap((_, index) => ['nameOfContact', 'relationshipToCareseeker', 'phoneNumber'].map((part) => `emergencyContacts.${index}.${part}`)),
  ];
}

/** /offer-contract?workerId=&jobId= (issue 13): the care seeker's offer of a service agreement to a worker. */
export default function OfferContractPage() {
  const [params] = useSearchParams();
  const workerId = params.get('workerId') ?? '';
  const jobId = params.get('jobId');
  const defaults = useQuery({
    queryKey: contractQueryKeys.defaults(workerId, jobId),
    queryFn: ({ signal }) => fetchContractDefaults(workerId, jobId, signal),
    enabled: workerId !== '',
    retry: false,
  });
  const [sent, setSent] = useState<Contract | null>(null);

  return (
    <Container size="md" py="xl">
      <Title order={1}>Offer a service agreement</Title>
      {workerId === '' ? (
        <Notice tone="error" role="alert" mt="md">
          <Text>
            Choose a worker first: open <Anchor component={Link} to="/my-workers">My workers</Anchor> and press “Offer a service agreement”.
          </Text>
        </Notice>
      ) : sent ? (
        <Sent contract={sent} />
      ) : defaults.data ? (
        <OfferForm defaults={defaults.data} onSent={setSent} />
      ) : defaults.isError ? (
        <Notice tone="error" role="alert" mt="md">
          <Text>{errorText(defaults.error)}</Text>
        </Notice>
      ) : (
        <LoadingStatus what="the offer form">
          <Skeleton height={480} mt="xl" aria-hidden="true" />
        </LoadingStatus>
      )}
    </Container>
  );
}

function Sent({ contract }: { contract: Contract }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <Notice tone="success" role="status" ref={ref} tabIndex={-1} mt="md">
      <Text fw={700}>Your offer is on its way to {contract.worker.firstName}.</Text>
      <Text mt="xs">We have emailed them. You will hear from us when they accept or decline it.</Text>
      <Group gap="lg" mt="sm">
        <Anchor component={Link} to={`/contracts/${contract.id}`} underline="always">
          View the service agreement
        </Anchor>
        {/* Issue 31, item 2: back to where the two sides talk, which now shows what comes next. */}
        <Anchor component={Link} to={`/messages?with=${contract.worker.id}`} underline="always">
          Message {contract.worker.firstName}
        </Anchor>
      </Group>
    </Notice>
  );
}

function OfferForm({ defaults, onSent }: { defaults: ContractDefaults; onSent: (contract: Contract) => void }) {
  const form = useFormState<OfferValues>(initialValues(defaults));
  const { failure, summaryRef, clearFailure, showProblem } = useSendFeedback();
  const queryClient = useQueryClient();
  const send = useMutation({ mutationFn: offerContract, onSuccess: () => queryClient.invalidateQueries({ queryKey: contractQueryKeys.all }) });
  const { values, errors } = form;
  const ndis = isNdisFunded(values.fundingType);
  const worker = `${defaults.worker.firstName} ${defaults.worker.lastName}`.trim();

  function fail(nextErrors: FieldErrors, message: string | null) {
    form.setErrors(nextErrors);
    showProblem(message);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (send.isPending) return;
    const parsed = offerContractRequestSchema.safeParse(toOfferRequest(values, defaults.worker.id));
    if (!parsed.success) return fail(fieldErrors(parsed.error), null);
    form.setErrors({});
    clearFailure();
    send.mutate(parsed.data, {
      onSuccess: onSent,
      onError: (error) => {
        if (error instanceof ApiError) fail(error.fieldErrors, Object.keys(error.fieldErrors).length > 0 ? null : error.message);
        else fail({}, UNEXPECTED_RESPONSE_MESSAGE);
      },
    });
  }

  const text = (name: keyof OfferValues & string) => ({
    id: fieldId(FORM_ID, name),
    name,
    value: String(values[name] ?? ''),
    error: errors[name],
    'aria-invalid': errors[name] ? true : undefined,
    onChange: (event: { currentTarget: { value: string } }) => form.setValue(name, event.currentTarget.value as never),
    onFocus: () => form.clearError(name),
  });

  const setContact = (index: number, part: keyof ContactRow, value: string) =>
    form.setValue(
      'emergencyContacts',
      values.emergencyContacts.map((contact, at) => (at === index ? { ...contact, [part]: value } : contact)),
    );

  return (
    <form id={FORM_ID} onSubmit={onSubmit} noValidate aria-label={`Service agreement for ${worker}`}>
      <Text size="lg" mt="xs" mb="md">
        You are offering {worker} a service agreement for {defaults.clientName}. The rates start from {defaults.worker.firstName}’s profile rates; change
        anything you have agreed.
      </Text>
      <FormErrorSummary formId={FORM_ID} errors={errors} fieldNames={fieldOrder(values)} message={failure} ref={summaryRef} />
      <Stack gap="lg">
        {defaults.openJobs.length > 0 && (
          <NativeSelect
            {...text('jobId')}
            label="Job (optional)"
            description="Choosing a job marks it as filled when the worker accepts."
            data={[{ value: '', label: 'No job' }, ...defaults.openJobs.map((job) => ({ value: job.id, label: job.title }))]}
          />
        )}
        <NativeSelect {...text('fundingType')} label="How the support is paid for" data={payingForCareTypes.map((option) => ({ value: option.code, label: option.label }))} />

        <fieldset className={classes.fieldset}>
          <legend className={classes.legend}>Rates</legend>
          <div className={classes.rateGrid}>
            {rateFields.map(([name, label]) => (
              <TextInput key={name} {...text(name)} label={label} inputMode="decimal" required={name !== 'rateForOverniteCare'} leftSection="$" />
            ))}
          </div>
        </fieldset>

        {ndis && (
          <NdisRatesEditor
            formId={FORM_ID}
            rows={values.ndisRates}
            errors={errors}
            date={values.startDate || defaults.today}
            postcode={defaults.clientPostcode}
            onChange={(rows) => form.setValue('ndisRates', rows)}
            onAdd={() => form.setValue('ndisRates', [...values.ndisRates, emptyNdisRate()])}
            clearError={form.clearError}
          />
        )}

        <Group grow align="flex-start">
          <TextInput {...text('startDate')} type="date" label="Start date" required min={defaults.today} max={latestContractStartDate(defaults.today)} />
          <TextInput {...text('endDate')} type="date" label="End date (optional)" description="Leave empty to run until either of you ends it." />
        </Group>

        <ShiftPlanFields
          formId={FORM_ID}
          values={values}
          errors={errors}
          state={defaults.openJobs.find((job) => job.id === values.jobId)?.state ?? defaults.clientState ?? 'local'}
          workerFirstName={defaults.worker.firstName}
          minDate={values.startDate || defaults.today}
          onChange={(next) => {
            for (const [name, value] of Object.entries(next)) form.setValue(name as keyof ShiftPlanValues, value as never);
          }}
          clearError={form.clearError}
        />

        <fieldset className={classes.fieldset} aria-describedby={errors.supportRequired ? `${FORM_ID}-supportRequired-error` : undefined}>
          <legend className={classes.legend}>Supports</legend>
          {errors.supportRequired && (
            <Text id={`${FORM_ID}-supportRequired-error`} size="sm" c="red.9" fw={700}>
              {errors.supportRequired}
            </Text>
          )}
          {taskGroups.map((group, groupIndex) => (
            <Checkbox.Group
              key={group.code}
              label={group.label}
              value={values.supportRequired.filter((code) => group.tasks.some((task) => task.code === code))}
              onChange={(picked) => {
                const others = values.supportRequired.filter((code) => !group.tasks.some((task) => task.code === code));
                form.setValue('supportRequired', [...others, ...(picked as TaskCode[])]);
                form.clearError('supportRequired');
              }}
              mt="sm"
            >
              <div className={classes.checkGrid}>
                {group.tasks.map((task, index) => (
                  <Checkbox key={task.code} value={task.code} label={task.label} {...(groupIndex === 0 && index === 0 ? { id: fieldId(FORM_ID, 'supportRequired') } : {})} />
                ))}
              </div>
            </Checkbox.Group>
          ))}
        </fieldset>

        <Textarea {...text('supportDetails')} label="Details of the support" rows={3} />
        <Textarea {...text('cancellationPolicy')} label="Cancellation policy" rows={3} required />
        <TextInput
          {...text('cancellationChargePercent')}
          label="Short-notice cancellation charge (%)"
          description="The share of a booked shift the worker may charge when it is cancelled at short notice: 0 to 100."
          inputMode="numeric"
          required
          rightSection="%"
        />
        {values.fundingType === 'NDIS_AGENCY_MANAGED' && (
          <Checkbox
            id={fieldId(FORM_ID, 'ndisShortfallBillable')}
            name="ndisShortfallBillable"
            checked={values.ndisShortfallBillable}
            onChange={(event) => {
              form.setValue('ndisShortfallBillable', event.currentTarget.checked);
              form.clearError('ndisShortfallBillable');
            }}
            label={NDIS_SHORTFALL_BILLABLE_LABEL}
            description="The NDIA sometimes pays less than the amount claimed, for example when a price is above its limit. Leave this unticked and the participant is never billed for it."
            error={errors.ndisShortfallBillable}
          />
        )}
        <Textarea {...text('terminationPolicy')} label="Termination policy" rows={2} required />
        <Textarea {...text('note')} label="Note to the worker" rows={2} />

        <fieldset className={classes.fieldset}>
          <legend className={classes.legend}>Emergency contacts</legend>
          {errors.emergencyContacts && (
            <Text id={fieldId(FORM_ID, 'emergencyContacts')} size="sm" c="red.9" fw={700} tabIndex={-1}>
              {errors.emergencyContacts}
            </Text>
          )}
          {values.emergencyContacts.map((contact, index) => (
            <fieldset key={index} className={classes.contact}>
              <legend className={classes.subLegend}>Contact {index + 1}</legend>
              <div className={classes.rateGrid}>
                {(
                  [
                    ['nameOfContact', 'Contact’s name'],
                    ['relationshipToCareseeker', 'Relationship'],
                    ['phoneNumber', 'Phone number'],
                  ] as const
                ).map(([part, label]) => {
                  const name = `emergencyContacts.${index}.${part}`;
                  return (
                    <TextInput
                      key={part}
                      id={fieldId(FORM_ID, name)}
                      label={label}
                      required
                      value={contact[part]}
                      error={errors[name]}
                      aria-invalid={errors[name] ? true : undefined}
                      onChange={(event) => setContact(index, part, event.currentTarget.value)}
                      onFocus={() => form.clearError(name)}
                      {...(part === 'phoneNumber' ? { type: 'tel', autoComplete: 'tel' } : {})}
                    />
                  );
                })}
              </div>
              {values.emergencyContacts.length > 1 && (
                <Button variant="outline" color="red.9" size="xs" mt="xs" onClick={() => form.setValue('emergencyContacts', values.emergencyContacts.filter((_, at) => at !== index))}>
                  Remove contact {index + 1}
                </Button>
              )}
            </fieldset>
          ))}
          {values.emergencyContacts.length < 5 && (
            <Button
              variant="outline"
              color="blue.9"
              mt="sm"
              onClick={() => form.setValue('emergencyContacts', [...values.emergencyContacts, { nameOfContact: '', relationshipToCareseeker: '', phoneNumber: '' }])}
            >
              Add another contact
            </Button>
          )}
        </fieldset>

        <Group>
          <BusyButton type="submit" busy={send.isPending} color="teal.9">
            Send offer
          </BusyButton>
        </Group>
      </Stack>
    </form>
  );
}
