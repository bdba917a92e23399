import { useEffect, useState } from 'react';
import { useFormState } from '../../platform/form-state';
import { hasProgress, newDraftId, readJobDraft, saveJobDraft } from './job-draft-storage';
import { defaultJobFormValues } from './job-form-values';

/**
 * The wizard's job: restored from this device when there is one, given a `draftId` once, and
 * saved on every change. "Start again" is the caller's: it clears the stored draft and mounts the
 * wizard anew, which starts a new draft with a new id.
 */
export function useJobDraft() {
  const [stored] = useState(readJobDraft);
  const [draftId] = useState(() => stored?.draftId ?? newDraftId());
  const form = useFormState(stored?.values ?? defaultJobFormValues());
  const wasRestored = stored !== null && hasProgress(stored.values);

  useEffect(() => {
    saveJobDraft({ draftId, values: form.values });
  }, [draftId, form.values]);

  return { form, draftId, wasRestored };
}
