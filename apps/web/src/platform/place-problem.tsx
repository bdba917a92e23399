import { Anchor, Button, Group } from '@mantine/core';
import { AMBIGUOUS_PLACE_QUESTION, ambiguousPlaceLead, placeLabel, placeNotFoundLead, type Place } from '@tendly/domain/api/places';
import { ApiError } from './api-client';

/**
 * A place a search could not use (issue 11): unknown, perhaps with the place it may have meant, or
 * a name several places share, with every one of them. Read from the API's 400 (UNKNOWN_PLACE or
 * AMBIGUOUS_PLACE and its `places`).
 */
export type PlaceProblem =
  | { readonly kind: 'unknown'; readonly suggestion: Place | null }
  | { readonly kind: 'ambiguous'; readonly places: readonly [Place, ...Place[]] };

export function placeProblemOf(error: unknown): PlaceProblem | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const [first, ...rest] = error.places;
  if (error.code === 'AMBIGUOUS_PLACE' && first) return { kind: 'ambiguous', places: [first, ...rest] };
  if (error.code === 'UNKNOWN_PLACE') return { kind: 'unknown', suggestion: first ?? null };
  return null;
}

/**
 * What the location field says, the first half of the answer: "We could not find "Marickville"." or
 * "There are 9 places called Springfield.", and, with nothing to offer, what to do instead.
 * `PlaceChoices` says the rest where the results would be, so nothing is said twice.
 */
export function placeProblemFieldMessage(problem: PlaceProblem, typed: string): string {
  if (problem.kind === 'ambiguous') return ambiguousPlaceLead(problem.places[0].suburb, problem.places.length);
  const lead = placeNotFoundLead(typed.trim());
  return problem.suggestion ? lead : `${lead} Try a suburb name or a postcode.`;
}

/**
 * The rest of the answer, as buttons that search the place: "Did you mean Marrickville NSW 2204?"
 * (the place a link-styled button, inside the sentence), or "Which one do you mean?" and the places
 * of that name. `withLead` puts the field's half first, where no field shows it (the AI worker
 * match). Null when there is nothing to choose (the field says it all).
 */
export function PlaceChoices({
  problem,
  typed,
  onChoose,
  withLead = false,
}: {
  problem: PlaceProblem;
  typed: string;
  onChoose: (location: string) => void;
  withLead?: boolean;
}) {
  const lead = withLead ? `${placeProblemFieldMessage(problem, typed)} ` : '';
  if (problem.kind === 'unknown') {
    const { suggestion } = problem;
    if (!suggestion) return lead ? <span>{lead.trim()}</span> : null;
    const label = placeLabel(suggestion);
    return (
      <span>
        {lead}Did you mean{' '}
        <Anchor component="button" type="button" fw={700} fz="inherit" underline="always" onClick={() => onChoose(label)}>
          {label}
        </Anchor>
        ?
      </span>
    );
  }
  return (
    <>
      <span>
        {lead}
        {AMBIGUOUS_PLACE_QUESTION}
      </span>
      <Group component="ul" gap="xs" mt="xs" p={0} style={{ listStyle: 'none' }} aria-label={`Places called ${problem.places[0].suburb}`}>
        {problem.places.map((place) => {
          const label = placeLabel(place);
          return (
            <li key={label}>
              <Button variant="outline" size="compact-md" onClick={() => onChoose(label)}>
                {label}
              </Button>
            </li>
          );
        })}
      </Group>
    </>
  );
}

/**
 * What the location field shows for a refused search: the first half of a place problem, or the
 * message of another 400 (a malformed place); null when the search was not refused.
 */
export function locationFieldError(error: unknown, typed: string): string | null {
  const problem = placeProblemOf(error);
  if (problem) return placeProblemFieldMessage(problem, typed);
  return error instanceof ApiError && error.status === 400 ? error.message : null;
}
