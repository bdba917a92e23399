import { Anchor, SimpleGrid, Text, Textarea, TextInput, Title } from '@mantine/core';
import { INCIDENT_RESPONSE_HOURS } from '@tendly/domain/api/forms';
import { LONG_TEXT_MAX, SHORT_TEXT_MAX, latestAustralianDate } from '@tendly/domain/validation/forms';
import { textFieldProps } from '../../platform/form-state';
import { Notice } from '../../platform/notice';
import { FormPage } from './form-page';
import { emptyPersonValues, OptionalTextArea, PersonFields, personFieldNames } from './form-fields';
import { useFormSubmission } from './use-form-submission';

const FORM_ID = 'incident';
const fieldOrder = [
  ...personFieldNames,
  'dateOfIncident',
  'timeOfIncident',
  'location',
  'details',
  'involved',
  'witnesses',
  'injuries',
  'actionTaken',
  'concerns',
  'favourableOutcome',
] as const;

function EmergencyNotice() {
  return (
    <Notice tone="error" role="region" aria-labelledby="emergency-title" mb="lg">
      <Title order={2} size="h3" id="emergency-title" c="red.9">
        In an emergency call 000
      </Title>
      <Text mt="xs">
        If anyone is hurt or in danger right now, call{' '}
        <Anchor href="tel:000" fw={700} c="red.9" underline="always">
          000
        </Anchor>{' '}
        (police, fire or ambulance) before you fill in this form.
      </Text>
    </Notice>
  );
}

/**
 * /report-incident: every field of spec section 3's incident form. The team treats each report
 * as possibly reportable to the NDIS Commission and responds within 24 hours (workflows.md).
 */
export default function ReportIncidentPage() {
  const submission = useFormSubmission('incident', {
    ...emptyPersonValues,
    dateOfIncident: '',
    timeOfIncident: '',
    location: '',
    details: '',
    involved: '',
    witnesses: '',
    injuries: '',
    actionTaken: '',
    concerns: '',
    favourableOutcome: '',
  });
  const { form } = submission;
  const text = (name: (typeof fieldOrder)[number]) => textFieldProps(form, FORM_ID, name);
  const optionalArea = (name: (typeof fieldOrder)[number], label: string) => <OptionalTextArea form={form} formId={FORM_ID} name={name} label={label} />;
  return (
    <FormPage
      kind="incident"
      formId={FORM_ID}
      title="Report an incident"
      before={<EmergencyNotice />}
      intro={`Tell us about an incident involving a client or a worker: an injury, abuse or neglect, a medication error, property damage or anything that put someone at risk. We respond to every report within ${INCIDENT_RESPONSE_HOURS} hours and tell the NDIS Quality and Safeguards Commission when it is reportable.`}
      fieldOrder={fieldOrder}
      submission={submission}
      hasEmail
      submitLabel="Send incident report"
    >
      <PersonFields form={form} formId={FORM_ID} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput {...text('dateOfIncident')} label="Date it happened" type="date" max={latestAustralianDate()} withAsterisk />
        <TextInput {...text('timeOfIncident')} label="Time it happened" type="time" withAsterisk />
      </SimpleGrid>
      <TextInput {...text('location')} label="Where it happened" maxLength={SHORT_TEXT_MAX} withAsterisk />
      <Textarea {...text('details')} label="What happened?" rows={5} resize="vertical" maxLength={LONG_TEXT_MAX} withAsterisk />
      {optionalArea('involved', 'Who was involved?')}
      {optionalArea('witnesses', 'Who saw it happen?')}
      {optionalArea('injuries', 'Was anyone injured? How?')}
      {optionalArea('actionTaken', 'What has been done since?')}
      {optionalArea('concerns', 'Any other concerns?')}
      {optionalArea('favourableOutcome', 'What outcome would you like?')}
    </FormPage>
  );
}
