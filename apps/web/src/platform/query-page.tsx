import { Container, Group, Loader, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { errorText } from './api-client';
import { Notice } from './notice';

/**
 * A page that loads one record before it can show its content (a worker's referees, tax and
 * super, checklist, profile): the heading and intro at once, then "Loading …" beside a spinner, or
 * the failure as an alert, then the content the page gives.
 */
export function QueryPage({
  title,
  intro,
  size,
  query,
  loading,
  children,
}: {
  title: string;
  intro: ReactNode;
  size: 'sm' | 'md';
  query: { isPending: boolean; isError: boolean; error: unknown };
  /** What the status says while the record loads, as in "Loading your referees…". */
  loading: string;
  children: ReactNode;
}) {
  return (
    <Container size={size} py="xl">
      <Title order={1}>{title}</Title>
      <Text size="lg" mt="xs">
        {intro}
      </Text>
      {query.isPending && (
        <Group mt="lg" role="status">
          <Loader size="sm" aria-hidden="true" />
          <Text>{loading}</Text>
        </Group>
      )}
      {query.isError && (
        <Notice tone="error" role="alert" mt="lg">
          <Text>{errorText(query.error)}</Text>
        </Notice>
      )}
      {children}
    </Container>
  );
}
