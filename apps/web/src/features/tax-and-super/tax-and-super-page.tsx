import { useEffect, useRef, useState } from 'react';
import { Button, Fieldset, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { taxAndSuperUpdateSchema, type TaxAndSuperView } from '@tendly/domain/api/worker-onboarding';
import { fieldErrors } from '@tendly/domain/validation/field-errors';
import { ACCOUNT_NUMBER_MESSAGE, formatBsb } from '@tendly/domain/validation/tax-and-super';
import { ApiError, errorText } from '../../platform/api-client';
import { Notice } from '../../platform/notice';
import { fetchTaxAndSuper, saveTaxAndSuper, taxAndSuperKey } from './tax-and-super-api';
import { OnboardingNextStep } from '../../platform/onboarding-next-step';
import { useSession } from '../../platform/session';
import { QueryPage } from '../../platform/query-page';

/**
 * /tax-and-super (issue 12): ABN, GST, super fund and the bank account payouts go to. The account
 * number is never shown again once saved, only its last three digits; leaving the field empty
 * keeps it.
 */
export default function TaxAndSuperPage() {
  const details = useQuery({ queryKey: taxAndSuperKey, queryFn: ({ signal }) => fetchTaxAndSuper(signal) });
  return (
    <QueryPage
      title="Tax and super"
      intro="As an independent contractor you invoice under your own ABN. We pay your earnings into the account below."
      size="sm"
      query={details}
      loading="Loading your details…"
    >
      {details.data && (
        <Stack gap="xl">
          <TaxAndSuperForm current={details.data} />
          <OnboardingNextStep />
        </Stack>
      )}
    </QueryPage>
  );
}

type Values = {
  abn: string;
  abnLegalName: string;
  gstRegistered: string;
  fundName: string;
  identifierType: string;
  identifier: string;
  memberNumber: string;
  accountName: string;
  bsb: string;
  accountNumber: string;
};

/** The form's fields by the API's field paths, so that both sides' messages land on the right field. */
const paths: Record<keyof Values, string> = {
  abn: 'abn',
  abnLegalName: 'abnLegalName',
  gstRegistered: 'gstRegistered',
  fundName: 'superFund.name',
  identifierType: 'superFund.identifierType',
  identifier: 'superFund.identifier',
  memberNumber: 'superFund.memberNumber',
  accountName: 'bankAccount.accountName',
  bsb: 'bankAccount.bsb',
  accountNumber: 'bankAccount.accountNumber',
};

function TaxAndSuperForm({ current }: { current: TaxAndSuperView }) {
  const queryClient = useQueryClient();
  const d = current.details;
  // A sole trader's ABN and bank account are most often in their own name: start from it.
  const ownName = useSession().user?.name ?? '';
  const [values, setValues] = useState<Values>({
    abn: d?.abn ?? '',
    abnLegalName: d?.abnLegalName ?? ownName,
    gstRegistered: d ? (d.gstRegistered ? 'yes' : 'no') : '',
    fundName: d?.superFund.name ?? '',
    identifierType: d?.superFund.identifierType ?? 'USI',
    identifier: d?.superFund.identifier ?? '',
    memberNumber: d?.superFund.memberNumber ?? '',
    accountName: d?.bankAccount.accountName ?? ownName,
    bsb: d ? formatBsb(d.bankAccount.bsb) : '',
    accountNumber: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failedAt, setFailedAt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (failedAt > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [failedAt]);
  const fail = (next: Record<string, string>) => {
    setErrors(next);
    setFailedAt(Date.now());
  };

  const save = useMutation({
    mutationFn: saveTaxAndSuper,
    onSuccess: (answer) => {
      queryClient.setQueryData(taxAndSuperKey, answer);
      void queryClient.invalidateQueries({ queryKey: ['worker-onboarding'] });
      setValues((v) => ({ ...v, accountNumber: '' }));
    },
    onError: (error) => fail(error instanceof ApiError ? { ...error.fieldErrors } : {}),
  });

  const set = (name: keyof Values, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((current) => {
      const { [paths[name]]: _, ...rest } = current;
      return rest;
    });
    save.reset();
  };
  const field = (name: keyof Values) => ({
    value: values[name],
    onChange: (e: { currentTarget: { value: string } }) => set(name, e.currentTarget.value),
    error: errors[paths[name]],
    'aria-invalid': errors[paths[name]] ? true : undefined,
  });

  function onSubmit(event: { preventDefault(): void }) {
    event.preventDefault();
    const body = {
      abn: values.abn,
      abnLegalName: values.abnLegalName,
      gstRegistered: values.gstRegistered === '' ? undefined : values.gstRegistered === 'yes',
      superFund: { name: values.fundName, identifierType: values.identifierType, identifier: values.identifier, memberNumber: values.memberNumber },
      bankAccount: { accountName: values.accountName, bsb: values.bsb, ...(values.accountNumber.trim() ? { accountNumber: values.accountNumber } : {}) },
    };
    const parsed = taxAndSuperUpdateSchema.safeParse(body);
    if (!parsed.success) {
      fail(fieldErrors(parsed.error));
      return;
    }
    if (!d && !values.accountNumber.trim()) {
      fail({ 'bankAccount.accountNumber': ACCOUNT_NUMBER_MESSAGE });
      return;
    }
    save.mutate(parsed.data);
  }

  const masked = save.data?.details?.bankAccount.maskedAccountNumber ?? d?.bankAccount.maskedAccountNumber ?? null;

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-label="Tax and super details">
      <Stack gap="lg" mt="lg">
        <Fieldset legend="Your ABN">
          <Stack gap="sm">
            <TextInput label="ABN" description="11 digits, as on your ABN registration" inputMode="numeric" {...field('abn')} />
            <TextInput label="Name the ABN is registered to" {...field('abnLegalName')} />
            <Radio.Group label="Are you registered for GST?" value={values.gstRegistered} onChange={(v) => set('gstRegistered', v)} error={errors.gstRegistered}>
              <Group mt="xs">
                <Radio value="yes" label="Yes" aria-invalid={errors.gstRegistered ? true : undefined} />
                <Radio value="no" label="No" />
              </Group>
            </Radio.Group>
          </Stack>
        </Fieldset>
        <Fieldset legend="Superannuation">
          <Stack gap="sm">
            <TextInput label="Fund name" {...field('fundName')} />
            <Radio.Group label="Type of fund" value={values.identifierType} onChange={(v) => set('identifierType', v)} error={errors['superFund.identifierType']}>
              <Group mt="xs">
                <Radio value="USI" label="A super fund (USI)" />
                <Radio value="ESA" label="A self-managed fund (ESA)" />
              </Group>
            </Radio.Group>
            <TextInput label={values.identifierType === 'ESA' ? 'Electronic service address (ESA)' : 'Unique superannuation identifier (USI)'} {...field('identifier')} />
            <TextInput label="Member number" {...field('memberNumber')} />
          </Stack>
        </Fieldset>
        <Fieldset legend="Bank account for payouts">
          <Stack gap="sm">
            <TextInput label="Account name" {...field('accountName')} />
            <TextInput label="BSB" description="6 digits" inputMode="numeric" {...field('bsb')} />
            <TextInput
              label="Account number"
              description={masked ? `We have your account ending ${masked.replace(/^\D+/, '')} (${masked}). Leave this empty to keep it.` : '6 to 10 digits'}
              inputMode="numeric"
              autoComplete="off"
              {...field('accountNumber')}
            />
          </Stack>
        </Fieldset>
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save tax and super details
          </Button>
          <div aria-live="polite">{save.isSuccess && <Text c="teal.9">Saved.</Text>}</div>
        </Group>
        {save.isError && (
          <Notice tone="error" role="alert">
            <Text>{errorText(save.error)}</Text>
          </Notice>
        )}
      </Stack>
    </form>
  );
}
