import { Radio, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { ComplianceField, ComplianceSectionRule } from '@tendly/domain/compliance-details';
import { formatDateIn, formatLocalDay } from './job-report-format';

/**
 * The day a record was saved, from its instant: the date in Sydney, where the product keeps its
 * calendar (the instant's first ten characters are its date in UTC, a day early until 11 am there).
 */
export function formatSavedOn(instant: string): string {
  return formatDateIn(instant, 'Australia/Sydney');
}

/** What a form holds while it is typed in: texts, yes/no (null until answered), lists as lines, numbers as typed. */
export type FormValues = Record<string, string | boolean | null>;

export function formValuesOf(fields: readonly ComplianceField[], data: Record<string, unknown> | null): FormValues {
  return Object.fromEntries(
    fields.map((field) => {
      const value = data?.[field.name];
      if (field.kind === 'yesNo') return [field.name, typeof value === 'boolean' ? value : null];
      if (field.kind === 'list') return [field.name, Array.isArray(value) ? value.map(String).join('\n') : ''];
      if (field.kind === 'number') return [field.name, typeof value === 'number' ? String(value) : ''];
      return [field.name, typeof value === 'string' ? value : ''];
    }),
  );
}

/** The body sent to the API: lists split into lines, numbers as numbers, unanswered yes/no left out. */
export function bodyOf(fields: readonly ComplianceField[], values: FormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    const value = values[field.name];
    if (field.kind === 'yesNo') {
      if (typeof value === 'boolean') body[field.name] = value;
    } else if (field.kind === 'list') {
      body[field.name] = String(value ?? '').split('\n');
    } else if (field.kind === 'number') {
      const text = String(value ?? '').trim();
      if (text !== '') body[field.name] = /^-?\d+$/.test(text) ? Number(text) : text;
    } else {
      body[field.name] = value ?? '';
    }
  }
  return body;
}

/**
 * A section's fields as form controls, each labelled, marked when required, with its hint and its
 * error tied to it. `idPrefix` keeps ids unique when two forms are on one page.
 */
export function ComplianceFieldInputs({
  fields,
  values,
  errors,
  onChange,
  idPrefix,
  errorPrefix = '',
  inputRef,
}: {
  fields: readonly ComplianceField[];
  values: FormValues;
  errors: Record<string, string>;
  onChange: (name: string, value: string | boolean | null) => void;
  idPrefix: string;
  /** Where the API's errors for these fields are keyed (list sections: none, entries are sent one by one). */
  errorPrefix?: string;
  inputRef: (name: string, element: HTMLElement | null) => void;
}) {
  return (
    <Stack gap="md">
      {fields.map((field) => {
        const id = `${idPrefix}-${field.name}`;
        const error = errors[`${errorPrefix}${field.name}`] || undefined;
        const common = { id, label: field.label, required: field.required, description: field.hint, error };
        const value = values[field.name];
        switch (field.kind) {
          case 'yesNo':
            return (
              <Radio.Group
                key={field.name}
                {...common}
                value={value === true ? 'yes' : value === false ? 'no' : ''}
                onChange={(next) => onChange(field.name, next === 'yes')}
              >
                <Group mt="xs">
                  <Radio value="yes" label="Yes" ref={(element) => inputRef(field.name, element)} />
                  <Radio value="no" label="No" />
                </Group>
              </Radio.Group>
            );
          case 'longText':
          case 'list':
            return (
              <Textarea
                key={field.name}
                {...common}
                ref={(element) => inputRef(field.name, element)}
                rows={field.kind === 'list' ? 4 : 3}
                value={String(value ?? '')}
                onChange={(event) => onChange(field.name, event.currentTarget.value)}
              />
            );
          default:
            return (
              <TextInput
                key={field.name}
                {...common}
                ref={(element) => inputRef(field.name, element)}
                type={field.kind === 'date' ? 'date' : 'text'}
                inputMode={field.kind === 'number' ? 'numeric' : undefined}
                autoComplete="off"
                value={String(value ?? '')}
                onChange={(event) => onChange(field.name, event.currentTarget.value)}
              />
            );
        }
      })}
    </Stack>
  );
}

export function valueText(field: ComplianceField, value: unknown): string {
  if (value === null || value === undefined || value === '') return 'Not given';
  if (field.kind === 'yesNo') return value === true ? 'Yes' : 'No';
  if (field.kind === 'date' && typeof value === 'string') return formatLocalDay(value);
  if (Array.isArray(value)) return value.length === 0 ? 'Not given' : value.map(String).join('; ');
  return String(value);
}

/** A saved form read only: each field's label and answer. */
export function ComplianceValues({ fields, data }: { fields: readonly ComplianceField[]; data: Record<string, unknown> }) {
  return (
    <dl style={{ margin: 0 }}>
      {fields.map((field) => (
        <div key={field.name} style={{ marginBottom: 8 }}>
          <Text component="dt" fw={700} size="sm">
            {field.label}
          </Text>
          <Text component="dd" m={0} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {valueText(field, data[field.name])}
          </Text>
        </div>
      ))}
    </dl>
  );
}

/** A saved section read only; a list section shows each entry. */
export function ComplianceSectionValues({ rule, data }: { rule: ComplianceSectionRule; data: Record<string, unknown> }) {
  if (!rule.isList) return <ComplianceValues fields={rule.fields} data={data} />;
  const entries = Array.isArray(data.entries) ? (data.entries as Record<string, unknown>[]) : [];
  if (entries.length === 0) return <Text>No entries yet.</Text>;
  return (
    <Stack gap="md">
      {entries.map((entry, index) => (
        <section key={index} aria-label={`Entry ${index + 1}`}>
          <ComplianceValues fields={rule.fields} data={entry} />
        </section>
      ))}
    </Stack>
  );
}
