import { useState, type FormEvent } from 'react';
import { Container, Group, Radio, Skeleton, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CHECK_IN_TEXT_MAX,
  checkInRequestSchema,
  HOURS_PER_WEEK_MAX,
  quarterLabel,
  wellbeingLabels,
  type CheckIn,
  type CheckInAnswers,
  type Quarter,
} from '@tendly/domain/api/check-ins';
import { fieldErrors } from '@tendly/domain/validation/field-errors';
import { BusyButton } from '../../platform/busy-button';
import { FormErrorSummary } from '../../platform/form-error-summary';
import { fieldId, textFieldProps, useFormState } from '../../platform/form-state';
import { Notice } from '../../platform/notice';
import { useSession } from '../../platform/session';
import { checkInQueryKeys, fetchCheckIns, saveCheckIn } from './check-ins-api';
import classes from './check-ins-page.module.css';
import { LoadFailure, LoadingStatus } from '../../platform/page-load-state';
import { ColumnHeaders } from '../../platform/column-headers';
import { TitledSection } from '../../platform/titled-section';
import { useSendFeedback } from '../../platform/use-send-feedback';

const FORM_ID = 'check-in';
const FIELD_ORDER = ['wellbeing', 'hadIncidents', 'incidentDetails', 'trainingNeeds', 'hoursPerWeek'] as const;
const wellbeingValues = [1, 2, 3, 4, 5] as const;

/**
 * /care-worker/check-ins (spec sections 3 and 4, issue 12): this quarter's check-in, filled in
 * with what the worker saved before (saving again replaces it), and the check-ins of past quarters.
 */
export default function CheckInsPage() {
  const { user } = useSession();
  const list = useQuery({ queryKey: [...checkInQueryKeys.list, user?.id ?? null], queryFn: ({ signal }) => fetchCheckIns(signal) });

  return (
    <Container size="md" py="xl">
      <Title order={1}>Quarterly check-ins</Title>
      <Text size="lg" mt="xs">
        Once a quarter, tell us how you are going. It takes a few minutes and helps us support you and keep the people you
        work with safe.
      </Text>
      {list.data ? (
        <>
          <CheckInForm
            key={`${list.data.current.year}-${list.data.current.number}`}
            quarter={list.data.current}
            saved={list.data.checkIns.find((entry) => entry.year === list.data.current.year && entry.number === list.data.current.number) ?? null}
          />
          <PastCheckIns checkIns={list.data.checkIns.filter((entry) => !(entry.year === list.data.current.year && entry.number === list.data.current.number))} />
        </>
      ) : list.isError ? (
        <LoadFailure query={list} mt="xl">
          We could not load your check-ins just now. Please try again in a minute.
        </LoadFailure>
      ) : (
        <LoadingStatus what="your check-ins">
          <Skeleton height={420} mt="xl" aria-hidden="true" />
        </LoadingStatus>
      )}
    </Container>
  );
}

type FormValues = {
  wellbeing: string;
  hadIncidents: string;
  incidentDetails: string;
  trainingNeeds: string;
  hoursPerWeek: string;
};

function initialValues(saved: CheckIn | null): FormValues {
  if (!saved) return { wellbeing: '', hadIncidents: '', incidentDetails: '', trainingNeeds: '', hoursPerWeek: '' };
  return {
    wellbeing: String(saved.wellbeing),
    hadIncidents: saved.hadIncidents ? 'yes' : 'no',
    incidentDetails: saved.incidentDetails,
    trainingNeeds: saved.trainingNeeds,
    hoursPerWeek: String(saved.hoursPerWeek),
  };
}

/** The form's text values as the API's request: numbers as numbers, a missing choice left out. */
function toRequest(values: FormValues) {
  const hours = values.hoursPerWeek.trim();
  return {
    wellbeing: values.wellbeing === '' ? undefined : Number(values.wellbeing),
    hadIncidents: values.hadIncidents === '' ? undefined : values.hadIncidents === 'yes',
    incidentDetails: values.incidentDetails,
    trainingNeeds: values.trainingNeeds,
    hoursPerWeek: hours === '' || Number.isNaN(Number(hours)) ? undefined : Number(hours),
  };
}

function CheckInForm({ quarter, saved }: { quarter: Quarter; saved: CheckIn | null }) {
  const queryClient = useQueryClient();
  const form = useFormState<FormValues>(initialValues(saved));
  const [savedNow, setSavedNow] = useState(false);
  const { failure, summaryRef, confirmationRef: savedRef, clearFailure, showInvalid, showFailure } = useSendFeedback(savedNow);
  const save = useMutation({
    mutationFn: (request: CheckInAnswers) => saveCheckIn(quarter.year, quarter.number, request),
    onSettled: () => queryClient.invalidateQueries({ queryKey: checkInQueryKeys.list }),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    clearFailure();
    setSavedNow(false);
    const request = toRequest(form.values);
    const parsed = checkInRequestSchema.safeParse(request);
    if (!parsed.success) {
      form.setErrors(fieldErrors(parsed.error));
      showInvalid();
      return;
    }
    form.setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => setSavedNow(true),
      onError: (error) => showFailure(error, form.setErrors),
    });
  }

  const radioGroup = (name: 'wellbeing' | 'hadIncidents') => ({
    error: form.errors[name],
    noteId: `${FORM_ID}-${name}-error`,
    onPick: (value: string) => {
      form.setValue(name, value);
      form.clearError(name);
    },
  });
  const wellbeing = radioGroup('wellbeing');
  const incidents = radioGroup('hadIncidents');

  return (
    <section aria-labelledby="this-quarter-heading" className={classes.block}>
      <Title order={2} id="this-quarter-heading">
        {quarterLabel(quarter)}
      </Title>
      <Text mt="xs">
        {saved
          ? 'You have filled in this quarter’s check-in. You can change it until the quarter ends: saving again replaces it.'
          : 'This quarter’s check-in is waiting for you.'}
      </Text>
      {savedNow && (
        <Notice tone="success" role="status" ref={savedRef} tabIndex={-1} mt="md">
          <Text>Thank you. Your check-in for {quarterLabel(quarter)} is saved.</Text>
        </Notice>
      )}
      <form id={FORM_ID} onSubmit={onSubmit} noValidate aria-label={`Check-in for ${quarterLabel(quarter)}`}>
        <FormErrorSummary formId={FORM_ID} errors={form.errors} fieldNames={FIELD_ORDER} message={failure} ref={summaryRef} />
        <Stack gap="lg" mt="md">
          <fieldset className={classes.fieldset} aria-describedby={wellbeing.error ? wellbeing.noteId : undefined} data-invalid={wellbeing.error ? true : undefined}>
            <legend className={classes.legend}>How have you been feeling about your work and wellbeing this quarter?</legend>
            {wellbeing.error && (
              <Text id={wellbeing.noteId} size="sm" c="red.9" fw={700} mb="xs">
                {wellbeing.error}
              </Text>
            )}
            <Group gap="lg">
              {wellbeingValues.map((value, index) => (
                <Radio
                  key={value}
                  id={index === 0 ? fieldId(FORM_ID, 'wellbeing') : `${FORM_ID}-wellbeing-${value}`}
                  name="wellbeing"
                  value={String(value)}
                  label={`${value}: ${wellbeingLabels[value]}`}
                  checked={form.values.wellbeing === String(value)}
                  onChange={() => wellbeing.onPick(String(value))}
                />
              ))}
            </Group>
          </fieldset>
          <fieldset className={classes.fieldset} aria-describedby={incidents.error ? incidents.noteId : undefined} data-invalid={incidents.error ? true : undefined}>
            <legend className={classes.legend}>Were there any incidents in your work since your last check-in?</legend>
            <Text size="sm" mb="xs">
              For example a fall, an injury, a medication error, a near miss or a concern about someone’s safety. Report
              incidents to us when they happen too: this question makes sure nothing was missed.
            </Text>
            {incidents.error && (
              <Text id={incidents.noteId} size="sm" c="red.9" fw={700} mb="xs">
                {incidents.error}
              </Text>
            )}
            <Group gap="lg">
              <Radio id={fieldId(FORM_ID, 'hadIncidents')} name="hadIncidents" value="no" label="No" checked={form.values.hadIncidents === 'no'} onChange={() => incidents.onPick('no')} />
              <Radio id={`${FORM_ID}-hadIncidents-yes`} name="hadIncidents" value="yes" label="Yes" checked={form.values.hadIncidents === 'yes'} onChange={() => incidents.onPick('yes')} />
            </Group>
          </fieldset>
          {form.values.hadIncidents === 'yes' && (
            <Textarea
              {...textFieldProps(form, FORM_ID, 'incidentDetails')}
              label="What happened?"
              description="Briefly, for each incident: when it happened, what happened and who you told."
              rows={4}
              maxLength={CHECK_IN_TEXT_MAX}
              withAsterisk
            />
          )}
          <Textarea
            {...textFieldProps(form, FORM_ID, 'trainingNeeds')}
            label="Training you would like (optional)"
            description="Skills you would like to build, or anything you felt unsure about this quarter."
            rows={3}
            maxLength={CHECK_IN_TEXT_MAX}
          />
          <TextInput
            {...textFieldProps(form, FORM_ID, 'hoursPerWeek')}
            label="Hours worked in an average week this quarter"
            description={`Your best estimate, from 0 to ${HOURS_PER_WEEK_MAX}, to the nearest half hour. Your calendar can help.`}
            inputMode="decimal"
            w={{ base: '100%', sm: 320 }}
            withAsterisk
          />
        </Stack>
        <Group mt="lg">
          <BusyButton type="submit" busy={save.isPending}>
            {saved ? 'Save changes' : 'Submit check-in'}
          </BusyButton>
        </Group>
      </form>
    </section>
  );
}

function PastCheckIns({ checkIns }: { checkIns: readonly CheckIn[] }) {
  return (
    <TitledSection id="past-check-ins-heading" heading="Past check-ins" className={classes.block}>
      {checkIns.length === 0 ? (
        <Text mt="xs">Your earlier check-ins will be listed here.</Text>
      ) : (
        <Table.ScrollContainer minWidth={560} mt="md">
          <Table striped>
            <Table.Caption>Your check-ins from earlier quarters, newest first</Table.Caption>
            <ColumnHeaders columns={['Quarter', 'Wellbeing', 'Incidents', 'Hours a week', 'Training wanted']} />
            <Table.Tbody>
              {checkIns.map((entry) => (
                <Table.Tr key={`${entry.year}-${entry.number}`}>
                  <Table.Th scope="row">{quarterLabel(entry)}</Table.Th>
                  <Table.Td>{`${entry.wellbeing}: ${wellbeingLabels[entry.wellbeing as 1 | 2 | 3 | 4 | 5]}`}</Table.Td>
                  <Table.Td>{entry.hadIncidents ? `Yes: ${entry.incidentDetails}` : 'No'}</Table.Td>
                  <Table.Td>{entry.hoursPerWeek}</Table.Td>
                  <Table.Td>{entry.trainingNeeds || 'None'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </TitledSection>
  );
}
