import { useState } from 'react';
import { Autocomplete, VisuallyHidden, type AutocompleteProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PLACE_SUGGEST_MAX_LENGTH, PLACE_SUGGEST_MIN_LENGTH, placeLabel } from '@tendly/domain/api/places';
import { fetchPlaceSuggestions } from './places-api';

/**
 * How long typing must pause before the field asks for suggestions: long enough that a word typed
 * at an ordinary pace costs one request, short enough that the list seems to follow the typing.
 */
export const PLACE_SUGGEST_DELAY_MS = 250;

/** Whether the text is worth asking suggestions for. */
export function asksForSuggestions(text: string): boolean {
  const trimmed = text.trim();
  return trimmed.length >= PLACE_SUGGEST_MIN_LENGTH && trimmed.length <= PLACE_SUGGEST_MAX_LENGTH;
}

/** What the field tells a screen reader about the list as it changes. */
export function suggestionsAnnouncement(count: number): string {
  if (count === 0) return '';
  const places = count === 1 ? '1 place matches' : `${count} places match`;
  return `${places}. Use the up and down arrow keys to choose, then Enter.`;
}

export type PlaceFieldProps = Omit<AutocompleteProps, 'data' | 'value' | 'onChange' | 'filter' | 'defaultValue'> & {
  value: string;
  onChange: (value: string) => void;
};

/**
 * A suburb or postcode field with suggestions (issue 11), used wherever a place is typed: worker
 * search, the job board, posting a job and the AI worker match's filters. It asks GET
 * /api/places/suggest once the typing pauses (`PLACE_SUGGEST_DELAY_MS`), keeps the last list while
 * the next loads, and offers each place as "Suburb STATE postcode", which the API reads back as
 * exactly that place, so a chosen place is never ambiguous. Free text still works: a postcode, or
 * a suburb typed in full.
 *
 * Mantine's Autocomplete is a combobox (role="combobox", aria-expanded, aria-controls and
 * aria-activedescendant on the input; a listbox of options): the arrow keys move through the
 * list, Enter chooses and Escape closes it. A polite live region says how many places match.
 */
export function PlaceField({ value, onChange, onFocus, onBlur, ...props }: PlaceFieldProps) {
  const [isFocused, setFocused] = useState(false);
  const [pausedText] = useDebouncedValue(value.trim(), PLACE_SUGGEST_DELAY_MS);
  const isAsking = asksForSuggestions(pausedText);
  const suggestions = useQuery({
    queryKey: ['place-suggestions', pausedText.toLowerCase().replace(/\s+/g, ' ')],
    queryFn: ({ signal }) => fetchPlaceSuggestions(pausedText, signal),
    enabled: isAsking,
    staleTime: Number.POSITIVE_INFINITY,
    placeholderData: keepPreviousData,
  });
  const current = value.trim().toLowerCase();
  // A place already chosen needs no list of itself.
  const options =
    asksForSuggestions(value) && suggestions.data
      ? suggestions.data.map(placeLabel).filter((label) => label.toLowerCase() !== current)
      : [];

  return (
    <>
      <Autocomplete
        {...props}
        value={value}
        onChange={onChange}
        data={options}
        // The server has already matched the text; Mantine's own filter would hide "Springfield QLD 4300" for "springfield qld".
        filter={({ options: all }) => all}
        autoComplete="off"
        // At most 8 places, so the list never scrolls: a scrolling list would need a tab stop of its
        // own (focus stays in the input, aria-activedescendant points at the option).
        withScrollArea={false}
        maxDropdownHeight="none"
        onFocus={(event) => {
          setFocused(true);
          onFocus?.(event);
        }}
        onBlur={(event) => {
          setFocused(false);
          onBlur?.(event);
        }}
      />
      <VisuallyHidden aria-live="polite" aria-atomic="true">
        {isFocused ? suggestionsAnnouncement(options.length) : ''}
      </VisuallyHidden>
    </>
  );
}
