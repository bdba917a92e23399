import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { BusyButton } from '../../platform/busy-button';
import { LeaveGuard } from '../../platform/leave-guard';
import { Notice } from '../../platform/notice';
import { listTitles, useUnsavedSections, type UnsavedSections } from './unsaved-sections';
import classes from './unsaved-changes-bar.module.css';

/**
 * When the worker comes back to changes kept on this device: what they are, and the way back to
 * the saved profile. Saving them is the sections' own Save, or "Save all changes".
 */
export function RestoredDraftNotice({ store }: { store: UnsavedSections }) {
  const restored = useUnsavedSections(store).restored();
  if (restored.length === 0) return null;
  return (
    <Notice tone="info" role="region" aria-labelledby="draft-heading">
      <Text fw={600} id="draft-heading">
        Your changes from last time are back
      </Text>
      <Text mt={4}>
        You had not saved {listTitles(restored)}. We kept them on this device. Save them, or go back to what is saved.
      </Text>
      <Group mt="sm" gap="sm">
        <Button variant="default" onClick={() => restored.forEach((entry) => entry.discard())}>
          Go back to what is saved
        </Button>
      </Group>
    </Notice>
  );
}

/**
 * The editor as a whole: which sections hold changes not saved, one button that saves them all,
 * and a question before leaving with any of them.
 */
export function UnsavedChangesBar({ store }: { store: UnsavedSections }) {
  const sections = useUnsavedSections(store);
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<'saved' | 'failed' | null>(null);
  const dirty = sections.dirty();

  const saveAll = async () => {
    setSaving(true);
    setOutcome(null);
    const allSaved = await sections.saveAll();
    setSaving(false);
    // A section that did not save says why, and its first field in error has focus.
    setOutcome(allSaved ? 'saved' : 'failed');
  };

  return (
    <>
      <div className={classes.bar} data-visible={dirty.length > 0 || outcome !== null || undefined}>
        <div aria-live="polite" className={classes.status}>
          {outcome === 'failed' && dirty.length > 0 && <Text c="red.9">Some changes were not saved. Check the sections that say why.</Text>}
          {dirty.length > 0 ? <Text fw={600}>Not saved yet: {listTitles(dirty)}</Text> : outcome === 'saved' && <Text>All your changes are saved.</Text>}
        </div>
        {dirty.length > 0 && (
          <BusyButton busy={saving} onClick={() => void saveAll()}>
            Save all changes
          </BusyButton>
        )}
      </div>
      <LeaveGuard when={dirty.length > 0} title="Leave without saving?">
        {`You have not saved ${listTitles(dirty)}. Care seekers only see what you save. We keep your changes on this device, so they are here when you come back.`}
      </LeaveGuard>
    </>
  );
}
