import { Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled part of a form page: a region named by its heading, with an optional line of explanation. */
export function FormSection({ id, title, intro, children }: { id: string; title: string; intro?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <Title order={2} size="h3" id={id} mb="xs">
        {title}
      </Title>
      {intro && (
        <Text size="sm" mb="xs">
          {intro}
        </Text>
      )}
      {children}
    </section>
  );
}
