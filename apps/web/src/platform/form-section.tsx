import { Text, Title, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A titled part of a page (most often of a form page): a region named by its heading, with an
 * optional line of explanation. `headingGap` is the space under the heading.
 */
export function FormSection({ id, title, intro, headingGap = 'xs', children }: { id: string; title: string; intro?: string; headingGap?: MantineSpacing; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <Title order={2} size="h3" id={id} mb={headingGap}>
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
