import { useState, type FormEvent } from 'react';
import { Button, NativeSelect, TextInput } from '@mantine/core';
import { isOneOf } from '@tendly/domain/coded-options';
import { locationTypeCodes, locationTypes } from '@tendly/domain/job-options';
import { PlaceField } from '../../platform/place-field';
import type { SearchFilters } from './search-filters';
import classes from './worker-search-page.module.css';

export const LOCATION_INPUT_ID = 'search-location';
export const KEYWORD_INPUT_ID = 'search-keyword';

/**
 * Where and what: a suburb or postcode with a radius, and keywords. Typed text is applied when the
 * form is sent (not on every keystroke, which would fill the history with half-typed places).
 * When the URL changes (Back, a cleared filter), the fields take its values again.
 * The place field suggests suburbs as it is typed. A place the API cannot use comes back as
 * `locationError`, shown at the field and cleared when the field gets focus (spec section 5).
 */
export function SearchForm({
  filters,
  onSearch,
  locationError,
}: {
  filters: SearchFilters;
  onSearch: (filters: SearchFilters) => void;
  locationError: string | null;
}) {
  const [location, setLocation] = useState(filters.location);
  const [locationType, setLocationType] = useState(filters.locationType);
  const [keyword, setKeyword] = useState(filters.keyword);
  const [dismissedError, setDismissedError] = useState<string | null>(null);
  const searched = `${filters.location}|${filters.locationType}|${filters.keyword}`;
  const [shownSearch, setShownSearch] = useState(searched);
  if (shownSearch !== searched) {
    // Adjusting state while rendering (not in an effect) so the old values never flash.
    setShownSearch(searched);
    setLocation(filters.location);
    setLocationType(filters.locationType);
    setKeyword(filters.keyword);
  }
  const shownError = locationError !== null && locationError !== dismissedError ? locationError : null;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setDismissedError(null);
    onSearch({ ...filters, location: location.trim(), locationType, keyword: keyword.trim() });
  }

  return (
    <form role="search" aria-label="Workers" onSubmit={submit} className={classes.searchForm}>
      <PlaceField
        id={LOCATION_INPUT_ID}
        label="Suburb or postcode"
        placeholder="e.g. Marrickville or 2204"
        value={location}
        onChange={setLocation}
        onFocus={() => setDismissedError(locationError)}
        error={shownError}
        maxLength={100}
        className={classes.locationField}
      />
      <NativeSelect
        label="Distance"
        data={locationTypes.map((option) => ({ value: option.code, label: option.label }))}
        value={locationType}
        onChange={(event) => {
          const value = event.currentTarget.value;
          if (isOneOf(locationTypeCodes, value)) setLocationType(value);
        }}
      />
      <TextInput
        id={KEYWORD_INPUT_ID}
        label="Keywords"
        placeholder="e.g. gardening, cooking"
        value={keyword}
        onChange={(event) => setKeyword(event.currentTarget.value)}
        maxLength={200}
        className={classes.keywordField}
      />
      <Button type="submit" className={classes.searchButton}>
        Search
      </Button>
    </form>
  );
}
