import { useId, type ReactNode } from 'react';
import { Box, Container, Text, Title, type ContainerProps } from '@mantine/core';

/**
 * One section of a public page (the home page, the landing pages): a <section> named by its h2,
 * so each one is a landmark screen reader users can jump between, with an optional short intro.
 * Each page gives its own look (`className`, `titleClassName`, the container's `py`).
 */
export function PageSection({
  title,
  intro,
  className,
  titleClassName,
  tone,
  py,
  children,
}: {
  title: ReactNode;
  intro?: ReactNode;
  className?: string | undefined;
  titleClassName?: string;
  /** Set as `data-tone`, for the page's style sheet. */
  tone?: string;
  py?: ContainerProps['py'];
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} className={className} data-tone={tone}>
      <Container size="lg" py={py}>
        <Title order={2} id={headingId} className={titleClassName}>
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
