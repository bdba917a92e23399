import { Box, SimpleGrid, Text, Title, type SimpleGridProps } from '@mantine/core';
import classes from './company-pages.module.css';

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
