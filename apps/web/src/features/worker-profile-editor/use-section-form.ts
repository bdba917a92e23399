import { useEffect, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WorkerProfileEditor } from '@tendly/domain/api/worker-onboarding';
import { fieldErrors } from '@tendly/domain/validation/field-errors';
import type { WorkerProfileSection } from '@tendly/domain/validation/worker-profile';
import { ApiError, UNEXPECTED_RESPONSE_MESSAGE } from '../../platform/api-client';
import { useSession } from '../../platform/session';
import { keepSectionDraft, readSectionDraft } from './profile-draft';
import { saveWorkerProfileSection, workerProfileKey } from './worker-profile-editor-api';

interface Schema {
  safeParse(data: unknown): { success: true; data: unknown } | { success: false; error: Parameters<typeof fieldErrors>[0] };
}

export type SectionStatus = { kind: 'idle' } | { kind: 'saved' } | { kind: 'failed'; message: string };

const sameValues = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * One section of the profile editor: its own values, its own Save and its own outcome. The values
 * are checked with the section's domain schema (the one the API uses) before they are sent; the
 * first field in error then gets focus, and the server's field messages show the same way.
 *
 * Changes not saved yet make the section dirty: they are kept on this device as a draft (and come
 * back when the worker returns), and the page can save them with the others or warn before leaving.
 */
export function useSectionForm<V extends Record<string, unknown>>(options: {
  section: WorkerProfileSection;
  initialValues: V;
  schema: Schema;
  toPayload?: (values: V) => unknown;
}) {
  const { section, schema } = options;
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const userId = useSession().user?.id ?? null;
  const [savedValues, setSavedValues] = useState(options.initialValues);
  const [restored] = useState(() => readSectionDraft(userId, section, options.initialValues));
  const [values, setValues] = useState(restored ?? options.initialValues);
  const isDirty = !sameValues(values, savedValues);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<SectionStatus>({ kind: 'idle' });
  const [failedAt, setFailedAt] = useState(0);

  // After a failed save, focus the first field in error, in the order of the form.
  useEffect(() => {
    if (failedAt === 0) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    first?.focus();
  }, [failedAt]);

  const showErrors = (next: Record<string, string>, message: string) => {
    setErrors(next);
    setStatus({ kind: 'failed', message });
    setFailedAt(Date.now());
  };

  // The draft follows the values: kept while they differ from what is saved, gone once saved.
  useEffect(() => {
    keepSectionDraft(userId, section, isDirty ? values : null);
  }, [userId, section, isDirty, values]);

  const save = useMutation({
    mutationFn: (payload: unknown) => saveWorkerProfileSection(section, payload),
    onSuccess: (profile: WorkerProfileEditor) => {
      queryClient.setQueryData(workerProfileKey, profile);
      void queryClient.invalidateQueries({ queryKey: ['worker-onboarding'] });
      setErrors({});
      setStatus({ kind: 'saved' });
    },
    onError: (error) => {
      if (error instanceof ApiError) showErrors({ ...error.fieldErrors }, error.message);
      else showErrors({}, UNEXPECTED_RESPONSE_MESSAGE);
    },
  });

  const setValue = <K extends keyof V>(name: K, value: V[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setStatus((current) => (current.kind === 'saved' ? { kind: 'idle' } : current));
    setErrors((current) => {
      if (!(name in current)) return current;
      const { [name as string]: _, ...rest } = current;
      return rest;
    });
  };

  /** Checks and saves the values as they are now; false when they did not save (the section says why). */
  const saveValues = async (): Promise<boolean> => {
    const sent = values;
    const parsed = schema.safeParse(options.toPayload ? options.toPayload(sent) : sent);
    if (!parsed.success) {
      showErrors(fieldErrors(parsed.error), 'Please check the highlighted fields.');
      return false;
    }
    try {
      await save.mutateAsync(parsed.data);
    } catch {
      return false;
    }
    setSavedValues(sent);
    return true;
  };

  const onSubmit = (event: { preventDefault(): void }) => {
    event.preventDefault();
    void saveValues();
  };

  const discard = () => {
    setValues(savedValues);
    setErrors({});
    setStatus({ kind: 'idle' });
  };

  /** What a field needs: its error, marked invalid for assistive technology. */
  const errorOf = (name: string) => ({ error: errors[name], 'aria-invalid': errors[name] ? true : undefined });

  return {
    formRef,
    values,
    setValue,
    errors,
    errorOf,
    status,
    isSaving: save.isPending,
    onSubmit,
    isDirty,
    isRestored: restored !== null && isDirty,
    saveValues,
    discard,
  };
}
