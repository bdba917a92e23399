import { Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A part of a page named by its h2: a <section> labelled by the heading, so it is a landmark that
 * screen reader users can jump to (the information pages' parts, a dashboard's panels).
 */
export function TitledSection({ id, heading, className, children }: { id: string; heading: string; className?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={className}>
      <Title order={2} id={id}>
        {heading}
      </Title>
      {children}
    </section>
  );
}
