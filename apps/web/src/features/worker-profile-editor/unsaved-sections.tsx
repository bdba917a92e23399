import { createContext, useContext, useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';

/** What the page needs from one section of the editor to save it, list it or put it back. */
export interface SectionEntry {
  title: string;
  isDirty: boolean;
  /** True when its values came back from a draft kept on this device, not from the server. */
  isRestored: boolean;
  /** Checks and saves the section; false when it did not save (the section shows why). */
  save: () => Promise<boolean>;
  /** Puts the section back to what is saved. */
  discard: () => void;
}

/**
 * The editor's sections, each saved on its own, and which of them hold changes not saved yet: the
 * page reads it to save them all at once, to warn before leaving and to offer the kept draft back.
 */
export class UnsavedSections {
  private readonly entries = new Map<string, SectionEntry>();
  private readonly listeners = new Set<() => void>();
  private version = 0;

  set(id: string, entry: SectionEntry): void {
    const before = this.entries.get(id);
    this.entries.set(id, entry);
    if (!before || before.isDirty !== entry.isDirty || before.isRestored !== entry.isRestored || before.title !== entry.title) this.changed();
  }

  remove(id: string): void {
    if (this.entries.delete(id)) this.changed();
  }

  /** The sections with unsaved changes, in the order they registered (the order of the page). */
  dirty(): SectionEntry[] {
    return [...this.entries.values()].filter((entry) => entry.isDirty);
  }

  restored(): SectionEntry[] {
    return this.dirty().filter((entry) => entry.isRestored);
  }

  /** Saves every section with changes, one after another; true when all of them saved. */
  async saveAll(): Promise<boolean> {
    let allSaved = true;
    for (const entry of this.dirty()) allSaved = (await entry.save()) && allSaved;
    return allSaved;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getVersion = (): number => this.version;

  private changed(): void {
    this.version += 1;
    for (const listener of this.listeners) listener();
  }
}

const UnsavedSectionsContext = createContext<UnsavedSections | null>(null);

export function UnsavedSectionsProvider({ store, children }: { store: UnsavedSections; children: ReactNode }) {
  return <UnsavedSectionsContext.Provider value={store}>{children}</UnsavedSectionsContext.Provider>;
}

/** The page's store, re-read whenever a section's state changes. */
export function useUnsavedSections(store: UnsavedSections): UnsavedSections {
  useSyncExternalStore(store.subscribe, store.getVersion);
  return store;
}

/** Keeps the page's store told about one section; the latest save and discard are always used. */
export function useRegisterSection(id: string, entry: SectionEntry): void {
  const store = useContext(UnsavedSectionsContext);
  const latest = useRef(entry);
  latest.current = entry;
  const { title, isDirty, isRestored } = entry;
  useEffect(() => {
    store?.set(id, { title, isDirty, isRestored, save: () => latest.current.save(), discard: () => latest.current.discard() });
  }, [store, id, title, isDirty, isRestored]);
  useEffect(() => () => store?.remove(id), [store, id]);
}

/** "About you", "About you and Rates", "About you, Rates and Availability". */
export function listTitles(entries: readonly SectionEntry[]): string {
  return new Intl.ListFormat('en-AU', { style: 'long', type: 'conjunction' }).format(entries.map((entry) => entry.title));
}
