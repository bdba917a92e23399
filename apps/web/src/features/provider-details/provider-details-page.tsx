import { Container, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { fundingDetailsSchema } from '@tendly/domain/api/payments';
import { fieldErrors } from '@tendly/domain/validation/field-errors';
import { ApiError, UNEXPECTED_RESPONSE_MESSAGE } from '../../platform/api-client';
import { BusyButton } from '../../platform/busy-button';
import { Notice } from '../../platform/notice';
import { fetchFundingDetails, fundingDetailsQueryKey, saveFundingDetails, type FundingDetailsResponse } from './provider-details-api';
import { PageLoadState } from '../../platform/page-load-state';

const fieldNames = ['ndisNumber', 'planManagerName', 'planManagerEmail', 'agedCareProviderName', 'agedCareProviderEmail'] as const;
type Field = (typeof fieldNames)[number];
type Values = Record<Field, string>;

/** Which parts of the form apply, by the funding of the care seeker's agreements; with none yet, all of them. */
function sectionsFor(fundingTypes: readonly string[]) {
  const none = fundingTypes.length === 0;
  return {
    ndis: none || fundingTypes.some((type) => type.startsWith('NDIS_')),
    planManager: none || fundingTypes.includes('NDIS_PLAN_MANAGED'),
    agedCare: none || fundingTypes.includes('HOME_CARE_PACKAGE') || fundingTypes.includes('SUPPORT_AT_HOME'),
  };
}

function valuesOf(details: FundingDetailsResponse): Values {
  return Object.fromEntries(fieldNames.map((name) => [name, details[name] ?? ''])) as Values;
}

/**
 * /provider-details (issue 15): the NDIS number, and who pays the care seeker's invoices when it
 * is not them: the plan manager (NDIS plan-managed) or the aged care provider (Home Care Package,
 * Support at Home), whom each invoice is emailed to when issued. Only what the care seeker's
 * funding needs is asked.
 */
export default function ProviderDetailsPage() {
  const details = useQuery({ queryKey: fundingDetailsQueryKey, queryFn: ({ signal }) => fetchFundingDetails(signal) });
  return (
    <Container size="sm" py="xl">
      <Title order={1}>Provider and plan details</Title>
      <Text size="lg" mt="xs">
        Your NDIS number, and who pays your invoices when your support is plan-managed or funded by an aged care package.
      </Text>
      <PageLoadState query={details} what="your details" failure="We could not load your details just now. Please try again in a minute." skeletonHeight={240} />
      {details.data && <FundingDetailsForm details={details.data} />}
    </Container>
  );
}

function FundingDetailsForm({ details }: { details: FundingDetailsResponse }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>(() => valuesOf(details));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  const refs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  const sections = sectionsFor(details.fundingTypes);
  const hasAny = sections.ndis || sections.planManager || sections.agedCare;
  const focusFirst = (found: Record<string, string>) => {
    const first = fieldNames.find((name) => found[name]);
    if (first) refs.current[first]?.focus();
  };
  const save = useMutation({
    mutationFn: saveFundingDetails,
    onSuccess: (answer) => {
      queryClient.setQueryData(fundingDetailsQueryKey, answer);
      setValues(valuesOf(answer));
      setSaved(true);
    },
    onError: (error) => {
      if (error instanceof ApiError) {
        setErrors(error.fieldErrors);
        focusFirst(error.fieldErrors);
      }
    },
  });
  const hasFieldErrors = save.error instanceof ApiError && fieldNames.some((name) => save.error instanceof ApiError && save.error.fieldErrors[name]);
  const overall = save.error !== null && !hasFieldErrors ? (save.error instanceof ApiError ? save.error.message : UNEXPECTED_RESPONSE_MESSAGE) : null;

  const field = (name: Field, label: string, options: { type?: 'email'; description?: string; autoComplete?: string; inputMode?: 'numeric' } = {}) => (
    <TextInput
      ref={(element) => {
        refs.current[name] = element;
      }}
      label={label}
      type={options.type ?? 'text'}
      description={options.description}
      autoComplete={options.autoComplete ?? 'off'}
      inputMode={options.inputMode}
      value={values[name]}
      onChange={(event) => {
        const value = event.currentTarget.value;
        setValues((current) => ({ ...current, [name]: value }));
        setErrors((current) => (current[name] ? { ...current, [name]: '' } : current));
        setSaved(false);
      }}
      error={errors[name] || undefined}
    />
  );

  if (!hasAny) {
    return <Text mt="xl">Your service agreements are privately funded, so there is no NDIS number, plan manager or aged care provider to add. If that changes, come back here to add them.</Text>;
  }
  return (
    <form
      noValidate
      aria-label="Provider and plan details"
      onSubmit={(event) => {
        event.preventDefault();
        if (save.isPending) return;
        const parsed = fundingDetailsSchema.safeParse(values);
        if (!parsed.success) {
          const found = fieldErrors(parsed.error);
          setErrors(found);
          focusFirst(found);
          return;
        }
        setErrors({});
        save.mutate(parsed.data);
      }}
    >
      <Stack gap="lg" mt="xl">
        {details.fundingTypes.length === 0 && <Text>You have no service agreements yet. Fill in what applies to how your support is funded.</Text>}
        {sections.ndis && (
          <section aria-labelledby="ndis-heading">
            <Title order={2} size="h3" id="ndis-heading" mb="xs">
              NDIS
            </Title>
            {field('ndisNumber', 'NDIS number', { description: 'The 9 digits on your NDIS plan', inputMode: 'numeric' })}
          </section>
        )}
        {sections.planManager && (
          <section aria-labelledby="plan-manager-heading">
            <Title order={2} size="h3" id="plan-manager-heading" mb="xs">
              Plan manager
            </Title>
            <Text size="sm" mb="xs">
              Your plan-managed invoices are emailed to your plan manager when they are issued, and they pay them.
            </Text>
            <Stack gap="sm">
              {field('planManagerName', 'Plan manager’s name', { autoComplete: 'organization' })}
              {field('planManagerEmail', 'Plan manager’s email for invoices', { type: 'email' })}
            </Stack>
          </section>
        )}
        {sections.agedCare && (
          <section aria-labelledby="aged-care-heading">
            <Title order={2} size="h3" id="aged-care-heading" mb="xs">
              Aged care provider
            </Title>
            <Text size="sm" mb="xs">
              Invoices paid from your Home Care Package or Support at Home budget are emailed to your provider, and they pay them.
            </Text>
            <Stack gap="sm">
              {field('agedCareProviderName', 'Aged care provider’s name', { autoComplete: 'organization' })}
              {field('agedCareProviderEmail', 'Aged care provider’s email for invoices', { type: 'email' })}
            </Stack>
          </section>
        )}
        {overall && (
          <Notice tone="error" role="alert">
            <Text>{overall}</Text>
          </Notice>
        )}
        <div role="status" aria-live="polite">
          {saved && (
            <Notice tone="success">
              <Text>Your details have been saved.</Text>
            </Notice>
          )}
        </div>
        <BusyButton type="submit" busy={save.isPending} style={{ alignSelf: 'flex-start' }}>
          Save details
        </BusyButton>
      </Stack>
    </form>
  );
}
