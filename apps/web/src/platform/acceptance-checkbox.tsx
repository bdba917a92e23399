import { Anchor, Checkbox } from '@mantine/core';
import type { ComponentProps } from 'react';
import { sitePath, useSiteConfig } from './site-config';

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

/** The terms and conditions, which every sign-up form asks to accept. */
export const termsAcceptance = { label: 'I accept the terms and conditions', document: 'termsConditions', documentLabel: 'Read the terms and conditions' } as const;

/** The box that accepts the terms and conditions, worded the same on every sign-up form. */
export function TermsAcceptanceCheckbox(checkbox: Omit<ComponentProps<typeof Checkbox>, 'label' | 'description'>) {
  const site = useSiteConfig();
  return <AcceptanceCheckbox {...checkbox} label={termsAcceptance.label} documentPath={sitePath(site, termsAcceptance.document)} documentLabel={termsAcceptance.documentLabel} />;
}
