import type { Ref } from 'react';
import { Anchor, List, Text } from '@mantine/core';
import { fieldId, type FieldErrors } from './form-state';
import { Notice } from './notice';

/**
 * The list of what is wrong with a form after a failed submit (WCAG 3.3.1): announced, and each
 * message links to its field. `fieldNames` gives the order of the form; an error for a field the form
 * does not show (or the server's general message) is listed without a link.
 */
export function FormErrorSummary({
  formId,
  errors,
  fieldNames,
  message,
  ref,
}: {
  formId: string;
  errors: FieldErrors;
  fieldNames: readonly string[];
  message?: string | null;
  ref?: Ref<HTMLDivElement>;
}) {
  const known = new Set(fieldNames);
  const linked = fieldNames.filter((name) => errors[name]);
  const unlinked = Object.entries(errors).filter(([name]) => !known.has(name));
  if (!message && linked.length === 0 && unlinked.length === 0) return null;
  const titleId = `${formId}-error-summary-title`;

  function focusField(name: string) {
    document.getElementById(fieldId(formId, name))?.focus();
  }

  return (
    <Notice tone="error" ref={ref} tabIndex={-1} role="alert" aria-labelledby={titleId} mb="lg">
      <Text id={titleId} fw={700} c="red.9">
        There is a problem
      </Text>
      {message && <Text mt="xs">{message}</Text>}
      {(linked.length > 0 || unlinked.length > 0) && (
        <List mt="xs" spacing={4}>
          {linked.map((name) => (
            <List.Item key={name}>
              <Anchor
                href={`#${fieldId(formId, name)}`}
                c="red.9"
                underline="always"
                onClick={(event) => {
                  event.preventDefault();
                  focusField(name);
                }}
              >
                {errors[name]}
              </Anchor>
            </List.Item>
          ))}
          {unlinked.map(([name, text]) => (
            <List.Item key={name}>{text}</List.Item>
          ))}
        </List>
      )}
    </Notice>
  );
}
