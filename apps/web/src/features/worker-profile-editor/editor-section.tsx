import type { ReactNode, RefObject } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Notice } from '../../platform/notice';
import { useRegisterSection } from './unsaved-sections';
import type { SectionStatus } from './use-section-form';

/**
 * One section of the editor: a heading, its fields, its own Save and what happened to it, and
 * "Not saved yet" while it holds changes (the page can then save it with the others).
 */
export function EditorSection({
  id,
  title,
  description,
  formRef,
  onSubmit,
  isSaving,
  status,
  isDirty,
  isRestored,
  saveValues,
  discard,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  formRef: RefObject<HTMLFormElement | null>;
  onSubmit: (event: { preventDefault(): void }) => void;
  isSaving: boolean;
  status: SectionStatus;
  isDirty: boolean;
  isRestored: boolean;
  saveValues: () => Promise<boolean>;
  discard: () => void;
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  useRegisterSection(id, { title, isDirty, isRestored, save: saveValues, discard });
  return (
    <Paper component="section" id={id} aria-labelledby={headingId} withBorder p="lg" radius="md">
      <Title order={2} size="h3" id={headingId}>
        {title}
      </Title>
      {description && <Text mt="xs">{description}</Text>}
      <form ref={formRef} id={`${id}-form`} onSubmit={onSubmit} noValidate aria-labelledby={headingId}>
        <Stack gap="md" mt="md">
          {children}
          <Group gap="md" align="center">
            <Button type="submit" loading={isSaving}>
              Save {title.toLowerCase()}
            </Button>
            <div aria-live="polite">
              {status.kind === 'saved' && !isDirty && <Text c="teal.9">Saved.</Text>}
              {isDirty && status.kind !== 'failed' && <Text fw={600}>Not saved yet</Text>}
            </div>
          </Group>
          {status.kind === 'failed' && (
            <Notice tone="error" role="alert">
              <Text>{status.message}</Text>
            </Notice>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
