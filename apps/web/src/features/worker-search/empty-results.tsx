import { EmptySearchResults, type EmptyResultsWording } from '../../platform/empty-search-results';
import type { SearchFilters } from './search-filters';
import { searchSuggestions } from './search-suggestions';

const noWorkers: EmptyResultsWording = {
  title: 'No workers match your search yet',
  lead: 'Workers join every week. In the meantime, you could try one of these:',
  nothingAtAll: 'There are no workers to show right now. Please check back soon: workers join every week.',
};

/**
 * No one matched: say so, and offer concrete changes as buttons that make them (a wider radius,
 * one filter fewer, no filters).
 */
export function EmptyResults({ filters, onChangeFilters }: { filters: SearchFilters; onChangeFilters: (filters: SearchFilters) => void }) {
  return <EmptySearchResults wording={noWorkers} suggestions={searchSuggestions(filters)} onChangeFilters={onChangeFilters} />;
}
