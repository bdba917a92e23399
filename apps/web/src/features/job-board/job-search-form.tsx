import { useState, type FormEvent } from 'react';
import { Button, NativeSelect, TextInput } from '@mantine/core';
import { isOneOf } from '@tendly/domain/coded-options';
import { locationTypeCodes, locationTypes } from '@tendly/domain/job-options';
import { PlaceField } from '../../platform/place-field';
import type { JobFilters } from './job-filters';
import type { NearMe } from './use-near-me';
import classes from './job-board-page.module.css';

export const LOCATION_INPUT_ID = 'job-search-location';
export const KEYWORD_INPUT_ID = 'job-search-keyword';

/**
 * Where and what: a suburb or postcode with a distance, and keywords. Typed text is applied when
 * the form is sent, not on every keystroke (which would fill the history with half-typed places);
 * when the URL changes (Back, a cleared filter), the fields take its values again. The place field
 * suggests suburbs as it is typed. A place the API cannot use comes back as `locationError`, shown at the field and cleared when the field
 * gets focus (spec section 5). "Near me" fills in the worker's own suburb, when we know it.
 */
export function JobSearchForm({
  filters,
  onSearch,
  locationError,
  nearMe,
}: {
  filters: JobFilters;
  onSearch: (filters: JobFilters) => void;
  locationError: string | null;
  nearMe: NearMe | null;
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
  const isNearMe = nearMe !== null && filters.location === nearMe.location;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setDismissedError(null);
    onSearch({ ...filters, location: location.trim(), locationType, keyword: keyword.trim() });
  }

  return (
    <form role="search" aria-label="Jobs" onSubmit={submit} className={classes.searchForm}>
      <PlaceField
        id={LOCATION_INPUT_ID}
        label="Suburb or postcode"
        placeholder="e.g. Parramatta or 2150"
        value={location}
        onChange={setLocation}
        onFocus={() => setDismissedError(locationError)}
        error={shownError}
        maxLength={100}
      />
      <NativeSelect
        label="Distance"
        description={location.trim() ? undefined : 'Add a place to search within a distance'}
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
        placeholder="e.g. dementia, shopping, weekends"
        value={keyword}
        onChange={(event) => setKeyword(event.currentTarget.value)}
        maxLength={200}
      />
      <div className={classes.searchButtons}>
        <Button type="submit">Search</Button>
        {nearMe && !isNearMe && (
          <Button
            variant="outline"
            onClick={() => {
              setDismissedError(null);
              onSearch({ ...filters, location: nearMe.location, locationType: nearMe.locationType, sortType: 'nearest' });
            }}
          >
            Jobs near {nearMe.location}
          </Button>
        )}
      </div>
    </form>
  );
}
