import { Checkbox, Fieldset, NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { payingForCareTypes } from '@tendly/domain/job-options';
import { states } from '@tendly/domain/states';
import {
  LONG_TEXT_MAX,
  SHORT_TEXT_MAX,
  latestAustralianDate,
  referralFundingCodes,
  referrerRelationships,
} from '@tendly/domain/validation/forms';
import { checkboxFieldProps, textFieldProps } from '../../platform/form-state';
import { FormPage } from './form-page';
import { selectOptions, TaskChecklist } from './form-fields';
import { useFormSubmission } from './use-form-submission';

const FORM_ID = 'referral';
const fieldOrder = [
  'referrerName',
  'organisation',
  'email',
  'phone',
  'relationship',
  'participantFirstName',
  'participantLastName',
  'participantDateOfBirth',
  'ndisNumber',
  'postcode',
  'state',
  'fundingManagement',
  'supportsNeeded',
  'notes',
  'consent',
] as const;

const fundingOptions = payingForCareTypes.filter((option) =>
  (referralFundingCodes as readonly string[]).includes(option.code),
);
const stateOptions = states.map((state) => ({ code: state.code, label: state.name }));

type TextField = Exclude<(typeof fieldOrder)[number], 'supportsNeeded' | 'consent'>;

/** /referral/disability: a professional or family member refers a person with disability. */
export default function ReferralDisabilityPage() {
  const submission = useFormSubmission('referral', {
    referrerName: '',
    organisation: '',
    email: '',
    phone: '',
    relationship: '',
    participantFirstName: '',
    participantLastName: '',
    participantDateOfBirth: '',
    ndisNumber: '',
    postcode: '',
    state: '',
    fundingManagement: '',
    supportsNeeded: [] as string[],
    notes: '',
    consent: false,
  });
  const { form } = submission;
  const text = (name: TextField) => textFieldProps(form, FORM_ID, name);
  return (
    <FormPage
      kind="referral"
      formId={FORM_ID}
      title="Disability support referral"
      intro="Refer a person with disability who needs support. Please make sure they (or their guardian) agree to the referral before you send it."
      fieldOrder={fieldOrder}
      submission={submission}
      hasEmail
      submitLabel="Send referral"
    >
      <Fieldset legend="About you">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput {...text('referrerName')} label="Your name" autoComplete="name" withAsterisk />
            <TextInput {...text('organisation')} label="Organisation (optional)" autoComplete="organization" maxLength={SHORT_TEXT_MAX} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput {...text('email')} label="Your email address" type="email" autoComplete="email" withAsterisk />
            <TextInput {...text('phone')} label="Your phone number" type="tel" autoComplete="tel" withAsterisk />
          </SimpleGrid>
          <NativeSelect
            {...text('relationship')}
            label="Your relationship to the participant"
            withAsterisk
            data={selectOptions(referrerRelationships)}
          />
        </Stack>
      </Fieldset>
      <Fieldset legend="About the participant">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput {...text('participantFirstName')} label="Participant's first name" autoComplete="off" withAsterisk />
            <TextInput {...text('participantLastName')} label="Participant's last name" autoComplete="off" withAsterisk />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              {...text('participantDateOfBirth')}
              label="Participant's date of birth"
              type="date"
              max={latestAustralianDate()}
              withAsterisk
            />
            <TextInput
              {...text('ndisNumber')}
              label="NDIS number (optional)"
              description="9 digits, on the participant's NDIS plan"
              inputMode="numeric"
              autoComplete="off"
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput {...text('postcode')} label="Postcode" inputMode="numeric" autoComplete="off" maxLength={4} withAsterisk />
            <NativeSelect {...text('state')} label="State or territory" withAsterisk data={selectOptions(stateOptions)} />
          </SimpleGrid>
          <NativeSelect
            {...text('fundingManagement')}
            label="How are the supports funded?"
            withAsterisk
            data={selectOptions(fundingOptions)}
          />
          <TaskChecklist
            form={form}
            formId={FORM_ID}
            name="supportsNeeded"
            legend="Supports needed"
            description="Tick all that apply."
          />
          <Textarea
            {...text('notes')}
            label="Anything else we should know? (optional)"
            description="For example goals, communication needs, risks, or the best time to call."
            resize="vertical"
            rows={3}
            maxLength={LONG_TEXT_MAX}
          />
        </Stack>
      </Fieldset>
      <Checkbox
        {...checkboxFieldProps(form, FORM_ID, 'consent')}
        label="The participant (or their guardian) agrees to this referral and to us contacting them"
      />
    </FormPage>
  );
}
