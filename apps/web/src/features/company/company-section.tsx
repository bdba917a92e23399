import { Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A part of a company page (about us, founders, media centre, testimonials), named by its heading. */
export function CompanySection({ id, heading, className, children }: { id: string; heading: string; className?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={className}>
      <Title order={2} id={id}>
        {heading}
      </Title>
      {children}
    </section>
  );
}
