/**
 * Drafts kept on the device while someone writes them (the post-a-job wizard's job, the profile
 * editor's unsaved sections). They can hold private details (a client's name, medication notes),
 * so signing out removes them with the rest of the stored user keys (spec section 4: logout clears
 * all stored user keys). A session that merely expires keeps them, so that signing in again picks
 * up where the person left off.
 */
export const JOB_DRAFT_STORAGE_KEY = 'tendly.jobDraft';

/** The worker's profile editor: each section's values not saved yet, for the worker who typed them. */
export const PROFILE_DRAFT_STORAGE_KEY = 'tendly.profileDraft';

const draftKeys = [JOB_DRAFT_STORAGE_KEY, PROFILE_DRAFT_STORAGE_KEY] as const;

export function clearStoredDrafts(): void {
  try {
    for (const key of draftKeys) window.localStorage.removeItem(key);
  } catch {
    // Storage can be unavailable (private browsing, blocked): then nothing was kept either.
  }
}
