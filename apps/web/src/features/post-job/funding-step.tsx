import { SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { JOB_HOURLY_RATE_MAX_CENTS, JOB_HOURLY_RATE_MIN_CENTS } from '@tendly/domain/api/jobs';
import { formatCents } from '@tendly/domain/format';
import { isNdisFunded, payingForCareTypes } from '@tendly/domain/job-options';
import { textFieldProps } from '../../platform/form-state';
import { bindControl, RadioChoice } from './choice-fields';
import { NdisItemField } from './ndis-item-field';
import { PrivateFields } from './private-fields';
import type { StepFieldsProps } from './step-fields';
import classes from './post-job.module.css';

/**
 * Step 6: who pays and how much. The rate is typed in dollars and sent in whole cents; an NDIS
 * funded job can name its support item. The invoice and practitioner details are private.
 */
export function FundingStep({ form, formId, subheadingOrder = 2 }: StepFieldsProps) {
  const { values } = form;
  const text = (name: Parameters<typeof textFieldProps>[2]) => textFieldProps(form, formId, name);

  return (
    <Stack gap="xl">
      <RadioChoice
        {...bindControl(form, formId, 'payingForCareType')}
        label="How will the support be paid for?"
        options={payingForCareTypes}
        columns={2}
      />
      <TextInput
        {...text('hourlyRate')}
        label="Hourly rate you would like to pay (optional)"
        description={`In dollars, between ${formatCents(JOB_HOURLY_RATE_MIN_CENTS)} and ${formatCents(JOB_HOURLY_RATE_MAX_CENTS)} an hour. Leave it empty if you are open to offers.`}
        leftSection={<span aria-hidden="true">$</span>}
        inputMode="decimal"
        size="md"
        maw={420}
        classNames={{ label: classes.groupLabel }}
      />
      {isNdisFunded(values.payingForCareType) && (
        <NdisItemField {...bindControl(form, formId, 'ndisFundingCode')} />
      )}
      <PrivateFields title="Private details for invoices and care" headingOrder={subheadingOrder}>
        <Stack gap="md">
          <TextInput {...text('clientName')} label="Name of the person receiving support (optional)" size="md" />
          <Textarea
            {...text('invoiceDescription')}
            label="What invoices should say (optional)"
            description="For example, the NDIS participant number or a plan manager's reference."
            rows={3}
            size="md"
          />
          <Textarea {...text('addressForInvoice')} label="Address for invoices (optional)" rows={3} size="md" />
          <TextInput
            {...text('practitionerName')}
            label="Health practitioner's name (optional)"
            description="A doctor, nurse or therapist the worker may need to speak to."
            size="md"
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput {...text('practitionerPhone')} label="Practitioner's phone (optional)" type="tel" size="md" />
            <TextInput {...text('practitionerEmail')} label="Practitioner's email (optional)" type="email" size="md" />
          </SimpleGrid>
        </Stack>
      </PrivateFields>
    </Stack>
  );
}
