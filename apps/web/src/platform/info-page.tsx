import type { ReactNode } from 'react';
import { Container, Stack } from '@mantine/core';
import { PageIntro } from './page-intro';

/**
 * An information page (about us, our workers, the feedback hub): the PageIntro band with the h1,
 * then the page's sections, one under another with room between them.
 */
export function InfoPage({
  title,
  lead,
  illustration,
  afterLead,
  children,
}: {
  title: ReactNode;
  lead: ReactNode;
  illustration?: ReactNode;
  /** Anything after the lead in the band: calls to action. */
  afterLead?: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <PageIntro title={title} lead={lead} illustration={illustration}>
        {afterLead}
      </PageIntro>

      <Container size="lg" py={48}>
        <Stack gap={56}>{children}</Stack>
      </Container>
    </>
  );
}
