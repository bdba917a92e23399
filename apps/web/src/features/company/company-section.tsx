import { Box, SimpleGrid, Text, Title, type SimpleGridProps } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './company-pages.module.css';

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

/** Short titled points (why we started, who the founders were) as a grid of panels, one list item each. */
export function PanelGrid({ items, cols }: { items: readonly { readonly title: string; readonly text: string }[]; cols: SimpleGridProps['cols'] }) {
  return (
    <SimpleGrid component="ul" className={classes.plainList} cols={cols} spacing="lg" mt="lg">
      {items.map((item) => (
        <Box component="li" key={item.title} className={classes.panel}>
          <Title order={3} size="h4">
            {item.title}
          </Title>
          <Text mt="xs">{item.text}</Text>
        </Box>
      ))}
    </SimpleGrid>
  );
}
