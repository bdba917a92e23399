import { Anchor, Container, Group, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { SHIFT_NOTES_RANGE_MAX_DAYS, shiftNotesDownloadQuerySchema } from '@tendly/domain/api/timesheets';
import { routePath } from '@tendly/domain/routes';
import { fieldErrors } from '@tendly/domain/validation/field-errors';
import { errorText, hasFieldErrors } from '../../platform/api-client';
import { BusyButton } from '../../platform/busy-button';
import { FormErrorSummary } from '../../platform/form-error-summary';
import { fieldId, textFieldProps, useFormState, type FieldErrors } from '../../platform/form-state';
import { Notice } from '../../platform/notice';
import { useSendFeedback } from '../../platform/use-send-feedback';
import { downloadShiftNotes } from './shift-notes-api';
import { viewerLocalDate } from '../../platform/viewer-calendar';

const FORM_ID = 'shift-notes-download';
const FIELDS = ['from', 'to', 'format'] as const;

type DownloadValues = { from: string; to: string; format: string };

/** From the first of this month to today, in the viewer's own calendar. */
function thisMonthSoFar(now: Date): DownloadValues {
  const today = viewerLocalDate(now);
  return { from: `${today.slice(0, 8)}01`, to: today, format: 'pdf' };
}

/**
 * /shift-notes/download (issue 14; spec 2.6): the shift notes of a date range as a PDF or a CSV
 * file. The file comes from the API with the session (a plain link cannot send it); the domain
 * schema checks the range first, and the API's field errors show beside their fields.
 */
export default function ShiftNotesDownloadPage() {
  const form = useFormState<DownloadValues>(thisMonthSoFar(new Date()));
  const [busy, setBusy] = useState(false);
  const [savedAs, setSavedAs] = useState<string | null>(null);
  const { failure, summaryRef, clearFailure, showProblem } = useSendFeedback();

  function fail(errors: FieldErrors, message: string | null) {
    form.setErrors(errors);
    showProblem(message);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setSavedAs(null);
    const parsed = shiftNotesDownloadQuerySchema.safeParse(form.values);
    if (!parsed.success) return fail(fieldErrors(parsed.error), null);
    form.setErrors({});
    clearFailure();
    setBusy(true);
    try {
      setSavedAs(await downloadShiftNotes(parsed.data));
    } catch (error) {
      if (hasFieldErrors(error)) fail(error.fieldErrors, null);
      else fail({}, errorText(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Container size="sm" py="xl">
      <Title order={1}>Download shift notes</Title>
      <Text size="lg" mt="xs" mb="lg">
        Choose the dates of the shifts, up to {SHIFT_NOTES_RANGE_MAX_DAYS} days at a time, and the kind of file: a PDF to read or print, or a CSV file for a
        spreadsheet.
      </Text>
      <form id={FORM_ID} noValidate aria-label="Download shift notes" onSubmit={(event) => void onSubmit(event)}>
        <FormErrorSummary formId={FORM_ID} errors={form.errors} fieldNames={FIELDS} message={failure} ref={summaryRef} />
        <Stack gap="md">
          <Group grow preventGrowOverflow={false} wrap="wrap" align="flex-start">
            <TextInput {...textFieldProps(form, FORM_ID, 'from')} type="date" label="First date" required style={{ minWidth: 180 }} />
            <TextInput {...textFieldProps(form, FORM_ID, 'to')} type="date" label="Last date" required style={{ minWidth: 180 }} />
          </Group>
          <Radio.Group
            id={fieldId(FORM_ID, 'format')}
            name="format"
            label="File"
            required
            value={form.values.format}
            onChange={(value) => {
              form.setValue('format', value);
              form.clearError('format');
            }}
            error={form.errors.format}
          >
            <Stack gap="xs" mt="xs">
              <Radio value="pdf" label="PDF, to read or print" />
              <Radio value="csv" label="CSV, for a spreadsheet" />
            </Stack>
          </Radio.Group>
          <div role="status" aria-live="polite">
            {savedAs && (
              <Notice tone="success">
                <Text>Your shift notes have been downloaded as {savedAs}.</Text>
              </Notice>
            )}
          </div>
          <Group gap="md">
            <BusyButton type="submit" busy={busy}>
              Download
            </BusyButton>
            <Anchor component={Link} to={routePath('shiftNotes')}>
              Back to shift notes
            </Anchor>
          </Group>
        </Stack>
      </form>
    </Container>
  );
}
