import { NativeSelect, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { careForOptions } from '@tendly/domain/care-for';
import { payingForCareTypes } from '@tendly/domain/job-options';
import { supportStarts } from '@tendly/domain/validation/forms';
import { textFieldProps } from '../../platform/form-state';
import { FormPage } from './form-page';
import { NameEmailPhoneFields, selectOptions, TaskChecklist } from './form-fields';
import { useFormSubmission } from './use-form-submission';

const FORM_ID = 'quick-request';
const fieldOrder = ['name', 'email', 'phone', 'postcode', 'careFor', 'tasks', 'when', 'payingForCareType', 'message'] as const;

/** /quick-request: a short request for support; the team calls back and helps find a worker. */
export default function QuickRequestPage() {
  const submission = useFormSubmission('quick-request', {
    name: '',
    email: '',
    phone: '',
    postcode: '',
    careFor: '',
    tasks: [] as string[],
    when: '',
    payingForCareType: '',
    message: '',
  });
  const { form } = submission;
  const text = (name: Exclude<(typeof fieldOrder)[number], 'tasks'>) => textFieldProps(form, FORM_ID, name);
  return (
    <FormPage
      kind="quick-request"
      formId={FORM_ID}
      title="Quick request for support"
      intro="Tell us briefly what you need. One of our team will call you, talk it through and help you find workers who fit, at no cost to you."
      fieldOrder={fieldOrder}
      submission={submission}
      hasEmail
      submitLabel="Send my request"
    >
      <NameEmailPhoneFields form={form} formId={FORM_ID} isPhoneRequired />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          {...text('postcode')}
          label="Postcode where support is needed"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={4}
          withAsterisk
        />
        <NativeSelect {...text('careFor')} label="Who needs support?" withAsterisk data={selectOptions(careForOptions)} />
      </SimpleGrid>
      <TaskChecklist form={form} formId={FORM_ID} name="tasks" legend="What help is needed?" description="Tick all that apply." />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NativeSelect {...text('when')} label="When should support start?" withAsterisk data={selectOptions(supportStarts)} />
        <NativeSelect
          {...text('payingForCareType')}
          label="How will it be paid for?"
          withAsterisk
          data={selectOptions(payingForCareTypes)}
        />
      </SimpleGrid>
      <Textarea {...text('message')} label="Anything else we should know? (optional)" rows={3} resize="vertical" maxLength={2000} />
    </FormPage>
  );
}
