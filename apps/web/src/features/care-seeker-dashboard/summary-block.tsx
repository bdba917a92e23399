import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import classes from './care-summary.module.css';

/** Where a block's footer link or empty state sends the care seeker next. */
export interface NextStep {
  readonly to: string;
  readonly label: string;
}

/**
 * One block of the care seeker's home (issue 31, item 4): a region named by its heading, with how
 * many there are, the items, and a link to the full list. Empty, it says plainly what will appear
 * here and what to do next, with the link for it, rather than showing an empty box.
 */
export function SummaryBlock({
  id,
  heading,
  count,
  empty,
  next,
  children,
}: {
  id: string;
  heading: string;
  /** "2 waiting", or null when there is nothing. */
  count: string | null;
  /** What will appear here, and what to do next: shown instead of the items when there are none. */
  empty: { text: string; steps: readonly NextStep[] } | null;
  /** The full list, under the items. */
  next?: NextStep;
  children?: ReactNode;
}) {
  return (
    <Card component="section" aria-labelledby={id} withBorder radius="md" padding="md" className={classes.block}>
      <Title order={2} size="h3" id={id}>
        {heading}
      </Title>
      {count && (
        <Text size="sm" fw={600} c="gray.8" mt={2}>
          {count}
        </Text>
      )}
      {empty ? (
        <Stack gap="xs" mt="sm">
          <Text>{empty.text}</Text>
          {empty.steps.map((step) => (
            <Anchor key={step.to} component={Link} to={step.to} fw={700}>
              {step.label}
            </Anchor>
          ))}
        </Stack>
      ) : (
        <>
          <ul className={classes.items}>{children}</ul>
          {next && (
            <Anchor component={Link} to={next.to} fw={700} mt="sm" display="inline-block">
              {next.label}
            </Anchor>
          )}
        </>
      )}
    </Card>
  );
}

/** One item of a block: what it is, then its actions. */
export function SummaryItem({ children, actions }: { children: ReactNode; actions: ReactNode }) {
  return (
    <li className={classes.item}>
      <div>{children}</div>
      <div className={classes.actions}>{actions}</div>
    </li>
  );
}
