import { Button, Group, Text, Title } from '@mantine/core';
import { Notice } from '../../platform/notice';
import type { SearchFilters } from './search-filters';
import { searchSuggestions } from './search-suggestions';

/**
 * No one matched: say so, and offer concrete changes as buttons that make them (a wider radius,
 * one filter fewer, no filters).
 */
export function EmptyResults({ filters, onChangeFilters }: { filters: SearchFilters; onChangeFilters: (filters: SearchFilters) => void }) {
  const suggestions = searchSuggestions(filters);
  return (
    <Notice tone="info" mt="md">
      <Title order={3} size="h4">
        No workers match your search yet
      </Title>
      {suggestions.length > 0 ? (
        <>
          <Text mt={4}>Workers join every week. In the meantime, you could try one of these:</Text>
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
        <Text mt={4}>There are no workers to show right now. Please check back soon: workers join every week.</Text>
      )}
    </Notice>
  );
}
