import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useIsRouteBuilt } from '../../platform/built-routes';
import { EmptySearchResults, type EmptyResultsWording } from '../../platform/empty-search-results';
import { sitePath, useSiteConfig } from '../../platform/site-config';
import type { JobFilters } from './job-filters';
import { jobSearchSuggestions } from './job-search-suggestions';

const noJobs: EmptyResultsWording = {
  title: 'No jobs match your search yet',
  lead: 'New jobs are posted every week. In the meantime, you could try one of these:',
  nothingAtAll: 'There are no open jobs right now. Please check back soon: new jobs are posted every week.',
};

/**
 * No jobs matched: say so, offer concrete changes as buttons that make them, and point to the
 * worker's profile, since job alert emails and care seekers' invitations follow a full profile.
 */
export function EmptyJobResults({ filters, onChangeFilters }: { filters: JobFilters; onChangeFilters: (filters: JobFilters) => void }) {
  const site = useSiteConfig();
  // The profile editor is still to come: until it lands, the line points nowhere (issue 11).
  const canEditProfile = useIsRouteBuilt('updateWorkerProfile');
  return (
    <EmptySearchResults wording={noJobs} suggestions={jobSearchSuggestions(filters)} onChangeFilters={onChangeFilters}>
      {canEditProfile && (
        <Text mt="sm">
          Care seekers can also find you and invite you to apply.{' '}
          <Anchor component={Link} to={sitePath(site, 'updateWorkerProfile')} fw={600}>
            Keep your profile up to date
          </Anchor>{' '}
          so they know what you offer.
        </Text>
      )}
    </EmptySearchResults>
  );
}
