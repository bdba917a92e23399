import { useState, type FormEvent } from 'react';
import { Button, NativeSelect, TextInput } from '@mantine/core';
import { isOneOf } from '@tendly/domain/coded-options';
import { locationTypeCodes, locationTypes, type LocationType } from '@tendly/domain/job-options';
import { PlaceField } from './place-field';
import { locationFieldError } from './place-problem';
import { SearchFormFold, searchSummary } from './search-form-fold';
import classes from './search-page.module.css';

/** Where and what a search looks for: the part of its filters that the search form edits. */
export interface PlaceSearch {
  readonly location: string;
  readonly locationType: LocationType;
  readonly keyword: string;
}

/** What tells one search's form from another's. */
export interface PlaceSearchFields {
  /** The search landmark's name, e.g. "Jobs". */
  readonly name: string;
  readonly ids: { readonly location: string; readonly keyword: string };
  readonly placeholders: { readonly location: string; readonly keyword: string };
  /** Said under the distance while no place is typed. */
  readonly distanceHint?: string;
}

/**
 * Where and what (the worker search, the job board): a suburb or postcode with a distance, and
 * keywords. Typed text is applied when the form is sent, not on every keystroke (which would fill
 * the history with half-typed places); when the URL changes (Back, a cleared filter), the fields
 * take its values again. The place field suggests suburbs as it is typed. A place the API could
 * not use (`searchError`) is shown at the field and cleared when the field gets focus (spec
 * section 5). With `foldOnPhone`, the form folds to one line on a phone once a search is made
 * (`SearchFormFold`), but not while the search failed.
 */
export function PlaceSearchForm<F extends PlaceSearch>({
  fields,
  filters,
  onSearch,
  searchError,
  foldOnPhone = false,
  extraAction,
}: {
  fields: PlaceSearchFields;
  /** The search as the URL has it. */
  filters: F;
  onSearch: (filters: F) => void;
  searchError: unknown;
  foldOnPhone?: boolean;
  /**
   * A second button beside Search (the job board's "Jobs near …"). A page that passes one, even
   * null while it has none to offer, gets its buttons in a row; without it, Search stands alone
   * and takes the row's width on a phone.
   */
  extraAction?: { readonly label: string; readonly onClick: () => void } | null;
}) {
  const locationError = locationFieldError(searchError, filters.location);
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

  const searchButton = (
    <Button type="submit" className={extraAction === undefined ? classes.searchButton : undefined}>
      Search
    </Button>
  );

  const form = (
    <form role="search" aria-label={fields.name} onSubmit={submit} className={classes.searchForm}>
      <PlaceField
        id={fields.ids.location}
        label="Suburb or postcode"
        placeholder={fields.placeholders.location}
        value={location}
        onChange={setLocation}
        onFocus={() => setDismissedError(locationError)}
        error={shownError}
        maxLength={100}
      />
      <NativeSelect
        label="Distance"
        description={location.trim() ? undefined : fields.distanceHint}
        data={locationTypes.map((option) => ({ value: option.code, label: option.label }))}
        value={locationType}
        onChange={(event) => {
          const value = event.currentTarget.value;
          if (isOneOf(locationTypeCodes, value)) setLocationType(value);
        }}
      />
      <TextInput
        id={fields.ids.keyword}
        label="Keywords"
        placeholder={fields.placeholders.keyword}
        value={keyword}
        onChange={(event) => setKeyword(event.currentTarget.value)}
        maxLength={200}
      />
      {extraAction === undefined ? (
        searchButton
      ) : (
        <div className={classes.searchButtons}>
          {searchButton}
          {extraAction && (
            <Button
              variant="outline"
              onClick={() => {
                setDismissedError(null);
                extraAction.onClick();
              }}
            >
              {extraAction.label}
            </Button>
          )}
        </div>
      )}
    </form>
  );
  if (!foldOnPhone) return form;
  return (
    <SearchFormFold summary={searchSummary(filters)} canFold={Boolean(filters.location || filters.keyword) && !searchError} focusId={fields.ids.location}>
      {form}
    </SearchFormFold>
  );
}
