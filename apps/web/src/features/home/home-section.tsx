import { useId, type ReactNode } from 'react';
import { Box, Container, Text, Title } from '@mantine/core';
import classes from './home-page.module.css';

/**
 * One section of the home page: a <section> named by its h2, so each one is a landmark screen
 * reader users can jump between, in the order of spec 2.9.
 */
export function HomeSection({
  title,
  intro,
  tone = 'plain',
  children,
}: {
  title: ReactNode;
  intro?: ReactNode;
  tone?: 'plain' | 'tinted';
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} className={classes.section} data-tone={tone}>
      <Container size="lg">
        <Title order={2} id={headingId} className={classes.sectionTitle}>
          {title}
        </Title>
        {intro && (
          <Text size="lg" mt="sm" maw={720}>
            {intro}
          </Text>
        )}
        {children}
      </Container>
    </Box>
  );
}

/**
 * What a section says while its content loads (spec section 4's words): a polite live region that
 * is always in the page, so the words are announced when they appear.
 */
export function SectionLoading({ isLoading, text }: { isLoading: boolean; text: string }) {
  return (
    <div aria-live="polite">
      {isLoading && (
        <Text mt="lg" role="status">
          {text}
        </Text>
      )}
    </div>
  );
}
