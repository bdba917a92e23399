import type { WorkerProfileSection } from '@tendly/domain/validation/worker-profile';
import { PROFILE_DRAFT_STORAGE_KEY } from '../../platform/stored-drafts';

/**
 * The profile editor's draft: the values of each section the worker changed and has not saved,
 * kept on this device so that leaving the page, closing the tab or losing the connection loses
 * nothing. It belongs to one worker; another person signing in on the same device never sees it.
 */
interface StoredDraft {
  userId: string;
  sections: Partial<Record<WorkerProfileSection, Record<string, unknown>>>;
}

function read(userId: string): StoredDraft {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(PROFILE_DRAFT_STORAGE_KEY) ?? 'null');
    if (typeof stored === 'object' && stored !== null && 'userId' in stored && stored.userId === userId && 'sections' in stored) {
      const { sections } = stored;
      if (typeof sections === 'object' && sections !== null) return { userId, sections: sections as StoredDraft['sections'] };
    }
  } catch {
    // Unreadable or unavailable storage holds no draft.
  }
  return { userId, sections: {} };
}

function write(draft: StoredDraft): void {
  try {
    if (Object.keys(draft.sections).length === 0) window.localStorage.removeItem(PROFILE_DRAFT_STORAGE_KEY);
    else window.localStorage.setItem(PROFILE_DRAFT_STORAGE_KEY, JSON.stringify(draft));
  } catch {
    // Storage can be full or blocked: the page still warns before leaving.
  }
}

/** True when every field of the saved values is in the draft with a value of the same kind. */
function sameShape(draft: Record<string, unknown>, saved: Record<string, unknown>): boolean {
  const kind = (value: unknown) => (Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value);
  return Object.keys(saved).every((name) => name in draft && (kind(draft[name]) === kind(saved[name]) || saved[name] === null || draft[name] === null));
}

/** The section's kept values, when there are any that still fit the section's fields. */
export function readSectionDraft<V extends Record<string, unknown>>(userId: string | null, section: WorkerProfileSection, saved: V): V | null {
  if (userId === null) return null;
  const values = read(userId).sections[section];
  return values && sameShape(values, saved) ? ({ ...saved, ...values } as V) : null;
}

export function keepSectionDraft(userId: string | null, section: WorkerProfileSection, values: Record<string, unknown> | null): void {
  if (userId === null) return;
  const draft = read(userId);
  if (values === null) {
    if (!(section in draft.sections)) return;
    delete draft.sections[section];
  } else {
    draft.sections[section] = values;
  }
  write(draft);
}
