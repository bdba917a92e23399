import { useEffect, useId, useRef, useState } from 'react';
import { Box, Button, Group, Image, Stack, Text, Title } from '@mantine/core';
import { PHOTO_MAX_BYTES, photoContentTypes } from '@tendly/domain/compliance';
import { errorText } from '../../platform/api-client';
import { BusyButton } from '../../platform/busy-button';
import { Notice } from '../../platform/notice';
import { removeWorkerPhoto, uploadWorkerPhoto } from './photo-api';
import { useRegisterSection } from './unsaved-sections';

export const PHOTO_TOO_LARGE = `This photo is larger than ${PHOTO_MAX_BYTES / 1024 / 1024} MB. Please choose a smaller one.`;
export const PHOTO_WRONG_TYPE = 'Please choose a photo in JPEG, PNG or WebP format.';
const PHOTO_SAVED = 'Your new photo is saved. Care seekers will see it on your profile.';
const PHOTO_REMOVED = 'Your photo is removed.';

/** A preview address for a chosen file, released when it is no longer shown. */
function usePreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') {
      setUrl(null);
      return undefined;
    }
    const address = URL.createObjectURL(file);
    setUrl(address);
    return () => URL.revokeObjectURL(address);
  }, [file]);
  return url;
}

/**
 * The profile photo on /care-worker/update-profile (issue 12): the current photo, choosing a new
 * one with a preview, saving it and removing it. Self-contained: it talks to the API itself and
 * tells the page through `onChanged` (the new address, or null once removed).
 */
export function PhotoSection({ avatarUrl, onChanged }: { avatarUrl: string | null; onChanged: (avatarUrl: string | null) => void }) {
  const headingId = useId();
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<File | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState<'upload' | 'remove' | null>(null);
  const preview = usePreview(chosen);

  function choose(file: File | null) {
    setDone(null);
    setFailure(null);
    setChosen(null);
    if (!file) return;
    if (file.size > PHOTO_MAX_BYTES) {
      setFailure(PHOTO_TOO_LARGE);
      return;
    }
    if (!(photoContentTypes as readonly string[]).includes(file.type)) {
      setFailure(PHOTO_WRONG_TYPE);
      return;
    }
    setChosen(file);
  }

  function clearChoice() {
    setChosen(null);
    if (inputRef.current) inputRef.current.value = '';
  }

  /** Uploads the chosen photo; false when it did not save (the section says why). */
  async function save(): Promise<boolean> {
    if (!chosen) return true;
    setBusy('upload');
    setFailure(null);
    try {
      const { avatarUrl: saved } = await uploadWorkerPhoto(chosen);
      clearChoice();
      setDone(PHOTO_SAVED);
      onChanged(saved);
      return true;
    } catch (error) {
      setFailure(errorText(error, 'file'));
      return false;
    } finally {
      setBusy(null);
    }
  }

  // A photo chosen and not saved yet is unsaved work: "Save all changes" uploads it with the rest.
  useRegisterSection('photo', { title: 'Your photo', isDirty: chosen !== null, isRestored: false, save, discard: clearChoice });

  async function remove() {
    setBusy('remove');
    setFailure(null);
    setDone(null);
    try {
      await removeWorkerPhoto();
      clearChoice();
      setDone(PHOTO_REMOVED);
      onChanged(null);
    } catch (error) {
      setFailure(errorText(error, 'file'));
    } finally {
      setBusy(null);
    }
  }

  const shown = preview ?? avatarUrl;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Title order={2} id={headingId} size="h3">
        Your photo
      </Title>
      <Text mt="xs">A clear, friendly photo of your face helps care seekers feel they know you before you meet.</Text>
      <Group mt="md" align="flex-start" gap="lg">
        {shown ? (
          <Image
            src={shown}
            alt={preview ? 'Preview of your new photo' : 'Your profile photo'}
            w={128}
            h={128}
            radius="50%"
            fit="cover"
          />
        ) : (
          <Box w={128} h={128} bg="gray.1" style={{ borderRadius: '50%', display: 'grid', placeItems: 'center' }}>
            <Text size="sm" ta="center" c="gray.8">
              No photo yet
            </Text>
          </Box>
        )}
        <Stack gap="xs" style={{ flex: 1, minWidth: 220 }}>
          <label htmlFor={inputId}>
            <Text fw={600} component="span">
              Choose a photo
            </Text>
          </label>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept={photoContentTypes.join(',')}
            aria-describedby={failure ? `${hintId} ${errorId}` : hintId}
            aria-invalid={failure ? true : undefined}
            onChange={(event) => choose(event.currentTarget.files?.[0] ?? null)}
          />
          <Text id={hintId} size="sm" c="gray.8">
            JPEG, PNG or WebP, up to {PHOTO_MAX_BYTES / 1024 / 1024} MB. We crop it to a square and remove hidden details such as
            where it was taken.
          </Text>
          <Group gap="sm" mt="xs">
            <BusyButton busy={busy === 'upload'} disabled={!chosen || busy === 'remove'} onClick={() => void save()}>
              {busy === 'upload' ? 'Saving your photo…' : 'Save photo'}
            </BusyButton>
            {chosen && (
              <Button variant="default" onClick={clearChoice} disabled={busy !== null}>
                Cancel
              </Button>
            )}
            {avatarUrl && !chosen && (
              <BusyButton variant="default" color="red.9" busy={busy === 'remove'} disabled={busy === 'upload'} onClick={() => void remove()}>
                Remove photo
              </BusyButton>
            )}
          </Group>
        </Stack>
      </Group>
      {failure && (
        <Notice tone="error" role="alert" mt="md" id={errorId}>
          <Text>{failure}</Text>
        </Notice>
      )}
      <div role="status">{done && <Text mt="md">{done}</Text>}</div>
    </Box>
  );
}
