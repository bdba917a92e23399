import { useEffect, useState } from 'react';
import { useFormState } from '../../platform/form-state';
import { hasProgress, newDraftId, readJobDraftFor, saveJobDraft } from './job-draft-storage';
import { defaultJobFormValues } from './job-form-values';

/**
 * The wizard's job: restored from this device when there is one of this poster's (or a visitor's,
 * which becomes theirs when they sign in), given a `draftId` once, and saved on every change.
 * "Start again" is the caller's: it clears the stored draft and mounts the wizard anew, which
 * starts a new draft with a new id.
 */
export function useJobDraft(ownerId: string | null) {
  const [stored] = useState(() => readJobDraftFor(ownerId));
  const [draftId] = useState(() => stored?.draftId ?? newDraftId());
  const form = useFormState(stored?.values ?? defaultJobFormValues());
  const wasRestored = stored !== null && hasProgress(stored.values);

  useEffect(() => {
    saveJobDraft({ draftId, ownerId, values: form.values });
  }, [draftId, ownerId, form.values]);

  return { form, draftId, wasRestored };
}
