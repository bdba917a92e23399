import { useId, useRef, useState } from 'react';
import { Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { DOCUMENT_MAX_BYTES, complianceDocumentRule, documentContentTypes, workingWithChildrenName, type ComplianceDocumentKind } from '@tendly/domain/compliance';
import { stateCodes, stateName, type StateCode } from '@tendly/domain/states';
import { complianceDocumentSchema, latestExpiryDate, todayInAustralia } from '@tendly/domain/validation/compliance-documents';
import { ApiError, UNEXPECTED_RESPONSE_MESSAGE } from '../../platform/api-client';
import { DialogFormActions } from '../../platform/dialog-form-actions';
import { FormErrorSummary } from '../../platform/form-error-summary';
import { fieldId, useFormState } from '../../platform/form-state';
import { addWorkerDocument } from './worker-documents-api';

export const FILE_MISSING = 'Choose the file of your document to upload.';
export const FILE_TOO_LARGE = `This file is larger than ${DOCUMENT_MAX_BYTES / 1024 / 1024} MB. Please upload a smaller scan or photo of the document.`;
export const FILE_WRONG_TYPE = 'Please upload the document as a PDF, JPEG or PNG file.';

const FIELD_ORDER = ['number', 'issuingState', 'title', 'issuedOn', 'expiresOn', 'file'] as const;

type FieldName = 'number' | 'issuingState' | 'title' | 'issuedOn' | 'expiresOn';
type Values = Record<FieldName, string>;

function fileProblem(file: File | null): string | null {
  if (!file) return FILE_MISSING;
  if (file.size > DOCUMENT_MAX_BYTES) return FILE_TOO_LARGE;
  if (file.type && !(documentContentTypes as readonly string[]).includes(file.type)) return FILE_WRONG_TYPE;
  return null;
}

/**
 * Adding or renewing one kind of document: its fields as the kind's rules ask (a number, the
 * issuing state, a name for a qualification, dates) and the file. Checked here with the API's
 * own schema, and the API's field messages show on the same fields.
 */
export function DocumentDialog({
  kind,
  label,
  mode,
  homeState,
  onClose,
  onSaved,
}: {
  kind: ComplianceDocumentKind | null;
  label: string;
  mode: 'Add' | 'Renew';
  /** Where the worker lives: the issuing state starts there. */
  homeState: StateCode | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  return (
    <Modal
      opened={kind !== null}
      onClose={onClose}
      title={`${mode === 'Add' ? 'Add' : 'Renew'}: ${label}`}
      closeButtonProps={{ 'aria-label': 'Close' }}
      size="lg"
      centered
    >
      {kind && <DocumentForm key={kind} kind={kind} homeState={homeState} onClose={onClose} onSaved={onSaved} />}
    </Modal>
  );
}

function DocumentForm({
  kind,
  homeState,
  onClose,
  onSaved,
}: {
  kind: ComplianceDocumentKind;
  homeState: StateCode | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const rule = complianceDocumentRule(kind);
  const formId = useId();
  const form = useFormState<Values>({ number: '', issuingState: rule.hasIssuingState ? (homeState ?? '') : '', title: '', issuedOn: '', expiresOn: '' });
  const [file, setFile] = useState<File | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);
  const id = (name: string) => fieldId(formId, name);

  function showErrors(errors: Record<string, string>, general: string | null) {
    form.setErrors(errors);
    setMessage(general);
    // After the summary renders: move focus to it, so a screen reader hears what is wrong.
    setTimeout(() => summaryRef.current?.focus(), 0);
  }

  async function submit() {
    const fields = { kind, ...form.values };
    const parsed = complianceDocumentSchema(todayInAustralia()).safeParse(fields);
    const errors: Record<string, string> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const name = issue.path.map(String).join('.');
        errors[name] ??= issue.message;
      }
    }
    const problem = fileProblem(file);
    if (problem) errors.file = problem;
    if (Object.keys(errors).length > 0) {
      showErrors(errors, null);
      return;
    }
    setBusy(true);
    try {
      await addWorkerDocument(fields, file);
      onSaved();
    } catch (error) {
      if (error instanceof ApiError) {
        const known = Object.keys(error.fieldErrors).length > 0;
        showErrors({ ...error.fieldErrors }, known ? null : error.message);
      } else {
        showErrors({}, UNEXPECTED_RESPONSE_MESSAGE);
      }
    } finally {
      setBusy(false);
    }
  }

  const common = (name: FieldName) => ({
    id: id(name),
    value: form.values[name],
    error: form.errors[name],
    onFocus: () => form.clearError(name),
    onChange: (event: { currentTarget: { value: string } }) => form.setValue(name, event.currentTarget.value),
  });

  // The expiry date starts at the last one the date issued allows, until the worker types their own.
  const [expiryFilledFrom, setExpiryFilledFrom] = useState<string | null>(null);
  const issuedOnField = {
    ...common('issuedOn'),
    onChange: (event: { currentTarget: { value: string } }) => {
      const issuedOn = event.currentTarget.value;
      form.setValue('issuedOn', issuedOn);
      const latest = latestExpiryDate(kind, issuedOn);
      if (latest && (form.values.expiresOn === '' || form.values.expiresOn === expiryFilledFrom)) {
        form.setValue('expiresOn', latest);
        setExpiryFilledFrom(latest);
      }
    },
  };

  return (
    <form
      id={formId}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <FormErrorSummary ref={summaryRef} formId={formId} errors={form.errors} fieldNames={FIELD_ORDER} message={message} />
      <Stack gap="md">
        {rule.hasIssuingState && (
          <NativeSelect
            {...common('issuingState')}
            label="State or territory that issued it"
            data-autofocus
            data={[
              { value: '', label: 'Choose a state or territory' },
              ...stateCodes.map((code) => ({
                value: code,
                label: kind === 'WORKING_WITH_CHILDREN' ? `${stateName(code)}: ${workingWithChildrenName(code)}` : stateName(code),
              })),
            ]}
          />
        )}
        {rule.hasNumber && (
          <TextInput {...common('number')} label="Number" description="As printed on the document." {...(rule.hasIssuingState ? {} : { 'data-autofocus': true })} />
        )}
        {kind === 'QUALIFICATION' && (
          <TextInput {...common('title')} label="Name of the qualification" description="For example, Certificate III in Individual Support." data-autofocus />
        )}
        <TextInput {...issuedOnField} type="date" label="Date issued" {...(!rule.hasNumber && kind !== 'QUALIFICATION' ? { 'data-autofocus': true } : {})} />
        <TextInput
          {...common('expiresOn')}
          type="date"
          label={rule.expiryRequired ? 'Expiry date' : 'Expiry date (if it has one)'}
          description={
            rule.validYears
              ? `It lasts up to ${rule.validYears} ${rule.validYears === 1 ? 'year' : 'years'} from the date issued${form.values.expiresOn !== '' && form.values.expiresOn === expiryFilledFrom ? ', so we filled that in: change it if yours says otherwise' : ''}.`
              : undefined
          }
        />
        <div>
          <label htmlFor={id('file')}>
            <Text fw={500} size="sm" component="span">
              File of the document
            </Text>
          </label>
          <Text size="xs" c="gray.8" id={`${id('file')}-hint`}>
            A PDF, or a clear photo (JPEG or PNG), up to {DOCUMENT_MAX_BYTES / 1024 / 1024} MB.
          </Text>
          <input
            id={id('file')}
            type="file"
            accept={documentContentTypes.join(',')}
            aria-describedby={form.errors.file ? `${id('file')}-hint ${id('file')}-error` : `${id('file')}-hint`}
            aria-invalid={form.errors.file ? true : undefined}
            onFocus={() => form.clearError('file')}
            onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)}
          />
          {form.errors.file && (
            <Text size="sm" c="red.9" id={`${id('file')}-error`} mt={4}>
              {form.errors.file}
            </Text>
          )}
        </div>
      </Stack>
      <DialogFormActions submitLabel={busy ? 'Uploading…' : 'Upload for review'} busy={busy} onCancel={onClose} mt="xl" />
    </form>
  );
}
