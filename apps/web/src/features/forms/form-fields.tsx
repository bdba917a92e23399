import { Checkbox, Fieldset, Input, NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import type { CodedOption } from '@tendly/domain/coded-options';
import { taskGroups } from '@tendly/domain/tasks';
import { LONG_TEXT_MAX, reporterRoles } from '@tendly/domain/validation/forms';
import { checkboxFieldProps, fieldId, textFieldProps, type FormState } from '../../platform/form-state';

/** A select's options with a first, empty choice that asks for one ("Choose one"). */
export function selectOptions(options: readonly CodedOption<string>[], prompt = 'Choose one') {
  return [{ value: '', label: prompt }, ...options.map((option) => ({ value: option.code, label: option.label }))];
}

/**
 * Tick-boxes for the kinds of help (task codes, spec section 3), grouped as the task list is. The
 * whole list is one fieldset named by `legend`; its error is announced with it and clears when any
 * box gets focus. The first box carries the field's id so the error summary can link to it.
 */
export function TaskChecklist<V extends Record<string, unknown>>({
  form,
  formId,
  name,
  legend,
  description,
}: {
  form: FormState<V>;
  formId: string;
  name: keyof V & string;
  legend: string;
  description?: string;
}) {
  const value = form.values[name];
  const selected: readonly unknown[] = Array.isArray(value) ? value : [];
  const error = form.errors[name];
  const errorId = `${fieldId(formId, name)}-error`;
  const descriptionId = `${fieldId(formId, name)}-description`;
  const describedBy = [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;

  function toggle(code: string, checked: boolean) {
    const next = checked ? [...selected, code] : selected.filter((item) => item !== code);
    // The field holds an array of codes; TypeScript cannot narrow V[K] from the Array.isArray check.
    if (Array.isArray(form.values[name])) form.setValue(name, next as V[typeof name]);
  }

  return (
    <Fieldset legend={`${legend} (required)`} variant="unstyled" aria-describedby={describedBy}>
      {description && (
        <Input.Description id={descriptionId} mb="xs">
          {description}
        </Input.Description>
      )}
      {error && (
        <Input.Error id={errorId} mb="xs">
          {error}
        </Input.Error>
      )}
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {taskGroups.map((group, groupIndex) => (
          <Fieldset key={group.code} legend={group.label} variant="unstyled">
            <Stack gap={6}>
              {group.tasks.map((task, taskIndex) => (
                <Checkbox
                  key={task.code}
                  id={groupIndex === 0 && taskIndex === 0 ? fieldId(formId, name) : `${fieldId(formId, name)}-${task.code}`}
                  name={name}
                  value={task.code}
                  label={task.label}
                  checked={selected.includes(task.code)}
                  onChange={(event) => toggle(task.code, event.currentTarget.checked)}
                  onFocus={() => form.clearError(name)}
                />
              ))}
            </Stack>
          </Fieldset>
        ))}
      </SimpleGrid>
    </Fieldset>
  );
}

/**
 * A short free-text answer the person may leave out: two rows to start with, "(optional)" after
 * the label.
 */
export function OptionalTextArea<V extends Record<string, unknown>>({
  form,
  formId,
  name,
  label,
}: {
  form: FormState<V>;
  formId: string;
  name: keyof V & string;
  label: string;
}) {
  return <Textarea {...textFieldProps(form, formId, name)} label={`${label} (optional)`} rows={2} resize="vertical" maxLength={LONG_TEXT_MAX} />;
}

interface ContactValues extends Record<string, unknown> {
  name: string;
  email: string;
  phone: string;
}

/**
 * Who the team answers (contact us, quick request): the name, then the email address and the
 * phone number side by side. The phone is optional unless the team will call back on it.
 */
export function NameEmailPhoneFields<V extends ContactValues>({ form, formId, isPhoneRequired }: { form: FormState<V>; formId: string; isPhoneRequired: boolean }) {
  const text = (name: keyof ContactValues & string) => textFieldProps(form, formId, name);
  return (
    <>
      <TextInput {...text('name')} label="Your name" autoComplete="name" withAsterisk />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput {...text('email')} label="Email address" type="email" autoComplete="email" withAsterisk />
        <TextInput
          {...text('phone')}
          label={isPhoneRequired ? 'Phone number' : 'Phone number (optional)'}
          type="tel"
          autoComplete="tel"
          withAsterisk={isPhoneRequired}
        />
      </SimpleGrid>
    </>
  );
}

export interface PersonValues extends Record<string, unknown> {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  role: string;
}

/** PersonFields' names, in the order they stand on the form (for the error summary). */
export const personFieldNames = ['firstName', 'lastName', 'email', 'phone', 'role'] as const;

/** PersonFields as a form starts them: all empty, no role chosen. */
export const emptyPersonValues: PersonValues = { firstName: '', lastName: '', email: '', phone: '', role: '' };

/**
 * Who is filling in a feedback, complaint or incident form (spec section 3: firstName, lastName,
 * email, phone, role). The name, email and phone are left out while the person stays anonymous.
 */
export function PersonFields<V extends PersonValues>({
  form,
  formId,
  showContact = true,
}: {
  form: FormState<V>;
  formId: string;
  showContact?: boolean;
}) {
  const text = (name: keyof PersonValues & string) => textFieldProps(form, formId, name);
  return (
    <Stack gap="md">
      {showContact && (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput {...text('firstName')} label="First name" autoComplete="given-name" withAsterisk />
            <TextInput {...text('lastName')} label="Last name" autoComplete="family-name" withAsterisk />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput {...text('email')} label="Email address" type="email" autoComplete="email" withAsterisk />
            <TextInput {...text('phone')} label="Phone number (optional)" type="tel" autoComplete="tel" />
          </SimpleGrid>
        </>
      )}
      <NativeSelect {...text('role')} label="I am" withAsterisk data={selectOptions(reporterRoles)} />
    </Stack>
  );
}

export interface AnonymousPersonValues extends PersonValues {
  anonymous: boolean;
}

/** AnonymousPersonFields' names, in the order they stand on the form (for the error summary). */
export const anonymousPersonFieldNames = ['anonymous', ...personFieldNames] as const;

/** AnonymousPersonFields as a form starts them: the box not ticked, everything else empty. */
export const emptyAnonymousPersonValues: AnonymousPersonValues = { anonymous: false, ...emptyPersonValues };

/**
 * "I want to stay anonymous", then who is writing (feedback, complaints): ticking the box hides the
 * name, email and phone. `consequence` says what the person gives up by staying anonymous.
 */
export function AnonymousPersonFields<V extends AnonymousPersonValues>({ form, formId, consequence }: { form: FormState<V>; formId: string; consequence: string }) {
  return (
    <>
      <Checkbox {...checkboxFieldProps(form, formId, 'anonymous')} label="I want to stay anonymous" description={consequence} />
      <PersonFields form={form} formId={formId} showContact={!form.values.anonymous} />
    </>
  );
}
