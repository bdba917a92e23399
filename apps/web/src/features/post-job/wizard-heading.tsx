import type { Ref } from 'react';
import { Text, Title } from '@mantine/core';
import classes from './post-job.module.css';

/**
 * Where the user is in the wizard: "Step 3 of 7" and the step's title, both in the page's h1 so
 * that a screen reader hears them together when focus moves to it on each step, a bar of the
 * steps done, and the step's one-sentence explanation.
 */
export function WizardHeading({
  step,
  stepCount,
  title,
  introduction,
  headingRef,
}: {
  step: number;
  stepCount: number;
  title: string;
  introduction: string;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  return (
    <div>
      <Title order={1} ref={headingRef} tabIndex={-1}>
        <span className={classes.progressLine}>{`Step ${step} of ${stepCount}:`}</span>{' '}
        <span className={classes.stepTitle}>{title}</span>
      </Title>
      <ol className={classes.progressList} aria-hidden="true">
        {Array.from({ length: stepCount }, (_, index) => (
          <li
            key={index}
            className={classes.progressItem}
            data-state={index + 1 < step ? 'done' : index + 1 === step ? 'current' : 'todo'}
          />
        ))}
      </ol>
      <Text size="lg" mt="md">
        {introduction}
      </Text>
    </div>
  );
}
