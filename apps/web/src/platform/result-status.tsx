import type { ReactNode } from 'react';
import { Text } from '@mantine/core';
import type { ResultTotal } from '@tendly/domain/api/result-total';
import { badRequestMessage, resultCountStatement } from './paged-results';
import { PlaceChoices, placeProblemOf } from './place-problem';

/** How a list names what it holds. */
export interface ResultNoun {
  readonly one: string;
  readonly many: string;
  /** What the list says when nothing matches. */
  readonly none: string;
}

/**
 * The line above a list with filters (worker search, the job board): a polite live region, there
 * from the start so that every change is announced. It says the list is loading, how many of the
 * total are showing ("Showing 25 of 1,234 workers"), or why there is no list: a place the search
 * could not use, with the place it may have meant or the places to choose from, as buttons that
 * search it (issue 11), or another refused filter.
 */
export function ResultStatus({
  isSearching,
  hasResults,
  error,
  typedPlace,
  onChoosePlace,
  withPlaceLead = false,
  shown,
  total,
  noun,
  className,
}: {
  isSearching: boolean;
  /** A page has come back. */
  hasResults: boolean;
  error: unknown;
  /** The place the search was given, which a place problem is about. */
  typedPlace: string;
  onChoosePlace: (location: string) => void;
  /** Say the whole place problem here, where no location field shows its first half. */
  withPlaceLead?: boolean;
  shown: number;
  total: ResultTotal | null;
  noun: ResultNoun;
  className?: string;
}) {
  const placeProblem = placeProblemOf(error);
  const badRequest = badRequestMessage(error);
  let status: ReactNode = '';
  if (isSearching) {
    status = `Searching for ${noun.many}…`;
  } else if (placeProblem) {
    // An unknown place with nothing like it: the field says it all.
    const hasNothingToAdd = placeProblem.kind === 'unknown' && !placeProblem.suggestion && !withPlaceLead;
    status = hasNothingToAdd ? (
      'Check the place, then search again.'
    ) : (
      <PlaceChoices problem={placeProblem} typed={typedPlace} onChoose={onChoosePlace} withLead={withPlaceLead} />
    );
  } else if (badRequest !== null) {
    status = `We could not search: ${badRequest}`;
  } else if (hasResults) {
    status = resultCountStatement(shown, total, noun);
  }
  return (
    <Text component="div" role="status" aria-live="polite" fw={600} className={className}>
      {status}
    </Text>
  );
}
