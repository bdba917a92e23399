import { SimpleGrid, Text, Title } from '@mantine/core';
import classes from './home-page.module.css';

export interface Feature {
  readonly title: string;
  readonly text: string;
}

/** A list of short points, each with an h3: the pitch, the money and the safety sections. */
export function FeatureList({ features, columns = 3 }: { features: readonly Feature[]; columns?: 2 | 3 }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: columns }} spacing="xl" mt="xl" component="ul" className={classes.plainList}>
      {features.map((feature) => (
        <li key={feature.title} className={classes.feature}>
          <Title order={3} size="h4">
            {feature.title}
          </Title>
          <Text mt="xs">{feature.text}</Text>
        </li>
      ))}
    </SimpleGrid>
  );
}
