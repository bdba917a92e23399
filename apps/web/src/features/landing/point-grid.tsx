import type { ReactNode } from 'react';
import { Text, Title } from '@mantine/core';
import classes from './landing.module.css';

export interface LandingPoint {
  readonly title: string;
  readonly text: ReactNode;
}

/** Short points in cards, each with an h3 (the section above holds the h2). */
export function PointGrid({ points, columns = 3 }: { points: readonly LandingPoint[]; columns?: 2 | 3 }) {
  return (
    <ul className={classes.pointGrid} data-columns={columns}>
      {points.map((point) => (
        <li key={point.title} className={classes.card}>
          <Title order={3} size="h4">
            {point.title}
          </Title>
          <Text mt="xs">{point.text}</Text>
        </li>
      ))}
    </ul>
  );
}
