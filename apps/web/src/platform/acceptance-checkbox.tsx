import { Anchor, Checkbox } from '@mantine/core';
import type { ComponentProps } from 'react';

/**
 * One of the sign-up's acceptance checkboxes (spec section 5), with a link to the document to
 * read. The link sits in the description, outside the label, so following it does not tick the
 * box, and it opens in a new tab so the half-filled form is not lost.
 */
export function AcceptanceCheckbox({
  documentPath,
  documentLabel,
  ...checkbox
}: ComponentProps<typeof Checkbox> & { documentPath: string; documentLabel: string }) {
  return (
    <Checkbox
      {...checkbox}
      description={
        <Anchor href={documentPath} target="_blank" rel="noopener" size="sm">
          {documentLabel} (opens in a new tab)
        </Anchor>
      }
    />
  );
}
