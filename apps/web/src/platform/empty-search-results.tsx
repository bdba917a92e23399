import type { ReactNode } from 'react';
import { Button, Group, Text, Title } from '@mantine/core';
import { Notice } from './notice';

/** A change to try when a search finds nothing, made by one button. */
export interface SearchSuggestion<F> {
  readonly key: string;
  readonly label: string;
  readonly filters: F;
}

/** What a search says when nothing matched. */
export interface EmptyResultsWording {
  readonly title: string;
  /** The line before the changes to try. */
  readonly lead: string;
  /** Said when there is no change to offer: nothing at all to show. */
  readonly nothingAtAll: string;
}

/**
 * Nothing matched a search (the worker search, the job board): say so, and offer concrete changes
 * as buttons that make them, a wider distance (key "widen") first and filled. `children` adds a
 * closing line.
 */
export function EmptySearchResults<F>({
  wording,
  suggestions,
  onChangeFilters,
  children,
}: {
  wording: EmptyResultsWording;
  suggestions: readonly SearchSuggestion<F>[];
  onChangeFilters: (filters: F) => void;
  children?: ReactNode;
}) {
  return (
    <Notice tone="info" mt="md">
      <Title order={3} size="h4">
        {wording.title}
      </Title>
      {suggestions.length > 0 ? (
        <>
          <Text mt={4}>{wording.lead}</Text>
          <Group component="ul" gap="xs" mt="sm" style={{ listStyle: 'none', padding: 0 }}>
            {suggestions.map((suggestion) => (
              <li key={suggestion.key}>
                <Button variant={suggestion.key === 'widen' ? 'filled' : 'outline'} size="sm" onClick={() => onChangeFilters(suggestion.filters)}>
                  {suggestion.label}
                </Button>
              </li>
            ))}
          </Group>
        </>
      ) : (
        <Text mt={4}>{wording.nothingAtAll}</Text>
      )}
      {children}
    </Notice>
  );
}
