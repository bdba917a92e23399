import { Anchor, Button, Group, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useIsRouteBuilt } from '../../platform/built-routes';
import { Notice } from '../../platform/notice';
import { sitePath, useSiteConfig } from '../../platform/site-config';
import type { JobFilters } from './job-filters';
import { jobSearchSuggestions } from './job-search-suggestions';

/**
 * No jobs matched: say so, offer concrete changes as buttons that make them, and point to the
 * worker's profile, since job alert emails and care seekers' invitations follow a full profile.
 */
export function EmptyJobResults({ filters, onChangeFilters }: { filters: JobFilters; onChangeFilters: (filters: JobFilters) => void }) {
  const site = useSiteConfig();
  // The profile editor is still to come: until it lands, the line points nowhere (issue 11).
  const canEditProfile = useIsRouteBuilt('updateWorkerProfile');
  const suggestions = jobSearchSuggestions(filters);
  return (
    <Notice tone="info" mt="md">
      <Title order={3} size="h4">
        No jobs match your search yet
      </Title>
      {suggestions.length > 0 ? (
        <>
          <Text mt={4}>New jobs are posted every week. In the meantime, you could try one of these:</Text>
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
        <Text mt={4}>There are no open jobs right now. Please check back soon: new jobs are posted every week.</Text>
      )}
      {canEditProfile && (
        <Text mt="sm">
          Care seekers can also find you and invite you to apply.{' '}
          <Anchor component={Link} to={sitePath(site, 'updateWorkerProfile')} fw={600}>
            Keep your profile up to date
          </Anchor>{' '}
          so they know what you offer.
        </Text>
      )}
    </Notice>
  );
}
