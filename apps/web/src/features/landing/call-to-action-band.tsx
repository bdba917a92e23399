import { useId, type ReactNode } from 'react';
import { Box, Container, Group, Text, Title } from '@mantine/core';
import classes from './landing.module.css';

/** The closing band of a landing page: one more heading and the page's calls to action. */
export function CallToActionBand({ title, text, children }: { title: ReactNode; text: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} className={classes.ctaBand}>
      <Container size="lg" py={{ base: 40, md: 56 }}>
        <Title order={2} id={headingId}>
          {title}
        </Title>
        <Text size="lg" mt="sm" maw={680}>
          {text}
        </Text>
        <Group mt="xl" gap="md">
          {children}
        </Group>
      </Container>
    </Box>
  );
}
