import { lazy, Suspense } from 'react';
import { Input, Skeleton } from '@mantine/core';
import type { FieldBinding } from './choice-fields';
import classes from './post-job.module.css';

// The editor and ProseMirror load only when a step that needs them opens.
const RichTextEditor = lazy(() => import('./rich-text-editor'));

/** A labelled rich-text field, with its description and error, that loads its editor on demand. */
export function RichTextField({
  field,
  label,
  description,
  value,
  onChange,
  required = false,
}: {
  field: FieldBinding;
  label: string;
  description: string;
  value: string;
  onChange: (html: string) => void;
  required?: boolean;
}) {
  const labelId = `${field.id}-label`;
  const descriptionId = `${field.id}-description`;
  const errorId = `${field.id}-error`;
  const describedBy = [descriptionId, field.error ? errorId : null].filter(Boolean).join(' ');

  return (
    <div>
      <Input.Label id={labelId} required={required} className={classes.groupLabel}>
        {label}
      </Input.Label>
      <Input.Description id={descriptionId} size="md" mb={6}>
        {description}
      </Input.Description>
      <Suspense fallback={<Skeleton height={260} radius="md" aria-label="Loading the description editor" role="status" />}>
        <RichTextEditor
          id={field.id}
          labelId={labelId}
          describedBy={describedBy}
          isInvalid={Boolean(field.error)}
          isRequired={required}
          value={value}
          onChange={onChange}
          onFocus={field.onFocus}
        />
      </Suspense>
      {field.error && (
        <Input.Error id={errorId} size="md" mt={6}>
          {field.error}
        </Input.Error>
      )}
    </div>
  );
}
