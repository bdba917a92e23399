import type { Ref } from 'react';
import { Anchor, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formNextSteps } from '@tendly/domain/api/forms';
import { formKindLabels, type FormKind } from '@tendly/domain/validation/forms';
import { Notice } from '../../platform/notice';

/**
 * What a person sees after sending a form: the reference number and what happens next. It takes
 * focus (the page gives it `ref`), so a screen reader reads it at once.
 */
export function FormConfirmation({
  kind,
  reference,
  hasEmail,
  ref,
}: {
  kind: FormKind;
  reference: string;
  hasEmail: boolean;
  ref: Ref<HTMLDivElement>;
}) {
  const titleId = `${kind}-confirmation-title`;
  return (
    <Notice tone="success" role="region" aria-labelledby={titleId} tabIndex={-1} ref={ref} mt="lg">
      <Title order={2} id={titleId} size="h3">
        Thank you. We have received your {formKindLabels[kind].toLowerCase()}.
      </Title>
      <Text mt="sm">
        Your reference number is{' '}
        <Text component="strong" fw={700} ff="monospace" fz="lg">
          {reference}
        </Text>
        . Please quote it if you contact us about this.
      </Text>
      <Text mt="sm">{formNextSteps[kind]}</Text>
      {hasEmail && <Text mt="sm">We have also emailed you a confirmation with your reference number.</Text>}
      <Anchor component={Link} to="/" mt="md" display="inline-block">
        Back to the home page
      </Anchor>
    </Notice>
  );
}
