import type { ReactNode } from 'react';
import { Box, Container, Text, Title } from '@mantine/core';
import classes from './page-intro.module.css';

/**
 * The opening band of an information page: its one h1, a short lead and, beside them, a flat
 * illustration drawn for the page. The illustration comes last in the markup, so a screen
 * reader hears the heading and lead first.
 */
export function PageIntro({
  title,
  lead,
  illustration,
  children,
}: {
  title: ReactNode;
  lead: ReactNode;
  illustration?: ReactNode;
  /** Anything after the lead: a date line, calls to action. */
  children?: ReactNode;
}) {
  return (
    <Box className={classes.band}>
      <Container size="lg" py={{ base: 40, md: 56 }} className={classes.layout}>
        <div>
          <Title order={1} className={classes.heading}>
            {title}
          </Title>
          <Text size="lg" mt="md" maw={620}>
            {lead}
          </Text>
          {children}
        </div>
        {illustration && <div className={classes.art}>{illustration}</div>}
      </Container>
    </Box>
  );
}
