import type { ReactNode } from 'react';
import { Box } from '@mantine/core';
import { PageSection } from '../../platform/page-section';
import classes from './landing.module.css';

/**
 * One section of a landing page: a <section> named by its h2, with an optional short intro.
 * Tinted sections alternate with plain ones so a long page reads as separate parts.
 */
export function LandingSection({
  title,
  intro,
  tinted = false,
  children,
}: {
  title: ReactNode;
  intro?: ReactNode;
  tinted?: boolean;
  children: ReactNode;
}) {
  return (
    <PageSection title={title} intro={intro} className={tinted ? classes.tinted : undefined} py={{ base: 40, md: 56 }}>
      <Box mt="xl">{children}</Box>
    </PageSection>
  );
}
