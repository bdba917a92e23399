import { Container, NativeSelect, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { fundingDetailsSchema, fundingManagerCodes, fundingManagerLabels } from '@tendly/domain/api/payments';
import { fieldErrors } from '@tendly/domain/validation/field-errors';
import { hasFieldErrors } from '../../platform/api-client';
import { FormErrorSummary } from '../../platform/form-error-summary';
import { FormSection } from '../../platform/form-section';
import { textFieldProps, useFormState } from '../../platform/form-state';
import { NomineePanel } from '../../platform/nominee-panel';
import { PageLoadState } from '../../platform/page-load-state';
import { SubmitRow, submitFailure } from '../../platform/submit-row';
import { fetchFundingDetails, fundingDetailsQueryKey, saveFundingDetails, type FundingDetailsResponse } from './provider-details-api';

const FORM_ID = 'provider-details';
const fieldNames = [
  'participantFirstName',
  'participantLastName',
  'dateOfBirth',
  'fundingType',
  'ndisNumber',
  'planStartDate',
  'planEndDate',
  'planManagerName',
  'planManagerEmail',
  'planManagerAbn',
  'agedCareProviderName',
  'agedCareProviderEmail',
  'agedCareProviderAbn',
  'invoiceAddress',
] as const;
type Field = (typeof fieldNames)[number];
type Values = Record<Field, string>;

/**
 * Which parts of the form apply: by who manages the funding when it is chosen, otherwise by the
 * funding of the care seeker's agreements; with neither, all of them.
 */
function sectionsFor(fundingType: string, agreementTypes: readonly string[]) {
  const types = fundingType ? [fundingType] : agreementTypes;
  const all = types.length === 0;
  return {
    ndis: all || types.some((type) => type.startsWith('NDIS_')),
    plan: all || types.some((type) => type !== 'PRIVATE' && type !== 'NONE'),
    planManager: all || types.includes('NDIS_PLAN_MANAGED'),
    agedCare: all || types.includes('HOME_CARE_PACKAGE') || types.includes('SUPPORT_AT_HOME'),
  };
}

function valuesOf(details: FundingDetailsResponse): Values {
  return Object.fromEntries(fieldNames.map((name) => [name, details[name] ?? ''])) as Values;
}

/**
 * /provider-details (issues 15 and 16): the person supported, who manages the funding, the NDIS
 * number and plan dates, who pays the invoices when it is not the care seeker (the plan manager
 * or the aged care provider, emailed each invoice when it is issued) with their ABN, the invoice
 * address, and the nominee who may approve hours. Only what the funding needs is asked. A
 * coordinator acting for a client fills the same page for them.
 */
export default function ProviderDetailsPage() {
  const details = useQuery({ queryKey: fundingDetailsQueryKey, queryFn: ({ signal }) => fetchFundingDetails(signal) });
  return (
    <Container size="sm" py="xl">
      <Title order={1}>Provider and plan details</Title>
      <Text size="lg" mt="xs">
        The person you support, how their support is funded, and who pays your invoices when it is not you.
      </Text>
      <PageLoadState query={details} what="your details" failure="We could not load your details just now. Please try again in a minute." skeletonHeight={240} />
      {details.data && (
        <Stack gap="xl" mt="xl">
          <FundingDetailsForm details={details.data} />
          <NomineePanel />
        </Stack>
      )}
    </Container>
  );
}

function FundingDetailsForm({ details }: { details: FundingDetailsResponse }) {
  const queryClient = useQueryClient();
  const form = useFormState<Values>(valuesOf(details));
  const [saved, setSaved] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);
  const sections = sectionsFor(form.values.fundingType, details.fundingTypes);
  const showErrors = (errors: Record<string, string>) => {
    form.setErrors(errors);
    // After the render that shows it: the summary takes focus, so what is wrong is read out.
    requestAnimationFrame(() => summaryRef.current?.focus());
  };
  const save = useMutation({
    mutationFn: saveFundingDetails,
    onSuccess: (answer) => {
      queryClient.setQueryData(fundingDetailsQueryKey, answer);
      for (const name of fieldNames) form.setValue(name, answer[name] ?? '');
      setSaved(true);
    },
    onError: (error) => {
      if (hasFieldErrors(error)) showErrors(error.fieldErrors);
    },
  });
  const input = (name: Field) => ({
    ...textFieldProps(form, FORM_ID, name),
    onChange: (event: { currentTarget: { value: string } }) => {
      form.setValue(name, event.currentTarget.value);
      setSaved(false);
    },
  });
  // Who is emailed the invoices and pays them (a plan manager, an aged care provider): the same three fields.
  const payerFields = (who: string, name: Field, email: Field, abn: Field) => (
    <Stack gap="sm">
      <TextInput {...input(name)} label={`${who}’s name`} autoComplete="organization" />
      <TextInput {...input(email)} type="email" label={`${who}’s email for invoices`} autoComplete="off" />
      <TextInput {...input(abn)} label={`${who}’s ABN`} description="11 digits" inputMode="numeric" autoComplete="off" maw={240} />
    </Stack>
  );
  return (
    <form
      id={FORM_ID}
      noValidate
      aria-label="Provider and plan details"
      onSubmit={(event) => {
        event.preventDefault();
        if (save.isPending) return;
        setSaved(false);
        const parsed = fundingDetailsSchema.safeParse(form.values);
        if (!parsed.success) {
          showErrors(fieldErrors(parsed.error));
          return;
        }
        form.setErrors({});
        save.mutate(parsed.data);
      }}
    >
      <Stack gap="lg">
        <FormErrorSummary ref={summaryRef} formId={FORM_ID} errors={form.errors} fieldNames={fieldNames} />
        <FormSection id="participant-heading" title="The person supported">
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput {...input('participantFirstName')} label="First name" autoComplete="off" />
              <TextInput {...input('participantLastName')} label="Last name" autoComplete="off" />
            </SimpleGrid>
            <TextInput {...input('dateOfBirth')} type="date" label="Date of birth" autoComplete="off" maw={240} />
          </Stack>
        </FormSection>
        <FormSection id="funding-heading" title="Funding">
          <Stack gap="sm">
            <NativeSelect
              {...input('fundingType')}
              label="Who manages the funding?"
              description="This decides who is sent your invoices and how they are paid."
              data={[{ value: '', label: 'Choose…' }, ...fundingManagerCodes.map((code) => ({ value: code, label: fundingManagerLabels[code] }))]}
            />
            {!form.values.fundingType && details.fundingTypes.length === 0 && <Text size="sm">You have no service agreements yet. Fill in what applies to how your support is funded.</Text>}
            {sections.ndis && <TextInput {...input('ndisNumber')} label="NDIS number" description="The 9 digits on the NDIS plan, starting with 43" inputMode="numeric" autoComplete="off" maw={240} />}
            {sections.plan && (
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput {...input('planStartDate')} type="date" label="Plan start date" autoComplete="off" />
                <TextInput {...input('planEndDate')} type="date" label="Plan end date" autoComplete="off" />
              </SimpleGrid>
            )}
          </Stack>
        </FormSection>
        {sections.planManager && (
          <FormSection id="plan-manager-heading" title="Plan manager" intro="Your plan-managed invoices are emailed to your plan manager when they are issued, and they pay them.">
            {payerFields('Plan manager', 'planManagerName', 'planManagerEmail', 'planManagerAbn')}
          </FormSection>
        )}
        {sections.agedCare && (
          <FormSection id="aged-care-heading" title="Aged care provider" intro="Invoices paid from a Home Care Package or Support at Home budget are emailed to the provider, and they pay them.">
            {payerFields('Aged care provider', 'agedCareProviderName', 'agedCareProviderEmail', 'agedCareProviderAbn')}
          </FormSection>
        )}
        <FormSection id="invoice-address-heading" title="Invoice address">
          <Textarea {...input('invoiceAddress')} label="Address printed on invoices" description="Where invoices are posted, if not where the care happens" rows={3} autoComplete="off" />
        </FormSection>
        <SubmitRow busy={save.isPending} label="Save details" failure={submitFailure(save.error, fieldNames)} saved={saved ? 'Your details have been saved.' : null} />
      </Stack>
    </form>
  );
}

