import type { ReactNode } from 'react';
import { Text, Title } from '@mantine/core';
import classes from './landing.module.css';

export interface LandingStep {
  readonly title: string;
  readonly text: ReactNode;
}

/** "How it works": numbered steps in an ordered list, each with an h3. */
export function StepsList({ steps }: { steps: readonly LandingStep[] }) {
  return (
    <ol className={classes.steps} data-count={steps.length}>
      {steps.map((step) => (
        <li key={step.title} className={classes.step}>
          <div>
            <Title order={3} size="h4">
              {step.title}
            </Title>
            <Text mt={4}>{step.text}</Text>
          </div>
        </li>
      ))}
    </ol>
  );
}
