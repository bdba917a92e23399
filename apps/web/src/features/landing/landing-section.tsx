import { useId, type ReactNode } from 'react';
import { Box, Container, Text, Title } from '@mantine/core';
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
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} className={tinted ? classes.tinted : undefined}>
      <Container size="lg" py={{ base: 40, md: 56 }}>
        <Title order={2} id={headingId}>
          {title}
        </Title>
        {intro && (
          <Text size="lg" mt="sm" maw={720}>
            {intro}
          </Text>
        )}
        <Box mt="xl">{children}</Box>
      </Container>
    </Box>
  );
}
