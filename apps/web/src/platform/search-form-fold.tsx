import { useId, useState, type ReactNode } from 'react';
import { Button, Text } from '@mantine/core';
import { locationTypes, type LocationType } from '@tendly/domain/job-options';
import classes from './search-form-fold.module.css';

/**
 * A search form that folds away on a phone once a search has been made, leaving one line that says
 * what was searched for and a button to change it, so the first results show without scrolling
 * (issue 11). On wider screens the form always shows. It never folds while `canFold` is false:
 * before anything was searched for, or while a field shows an error to fix.
 */
export function SearchFormFold({
  summary,
  canFold,
  focusId,
  children,
}: {
  /** What the search is, e.g. "Near 2204, any distance". */
  summary: string;
  canFold: boolean;
  /** The field that gets focus when the form is opened. */
  focusId: string;
  children: ReactNode;
}) {
  const formId = useId();
  const [isOpen, setOpen] = useState(false);
  const isFolded = canFold && !isOpen;

  return (
    <>
      {canFold && (
        <div className={classes.summary}>
          <Text fw={600}>{summary}</Text>
          <Button
            variant="outline"
            size="sm"
            aria-expanded={!isFolded}
            aria-controls={formId}
            onClick={() => {
              const opening = !isOpen;
              setOpen(opening);
              // Once the form shows, its first field takes the focus.
              if (opening) requestAnimationFrame(() => document.getElementById(focusId)?.focus());
            }}
          >
            {isOpen ? 'Hide the search' : 'Change the search'}
          </Button>
        </div>
      )}
      <div id={formId} className={classes.form} data-folded={isFolded || undefined}>
        {children}
      </div>
    </>
  );
}

/** The folded form's line: "Near 2204, within 10 km, for “gardening”". */
export function searchSummary({ location, locationType, keyword }: { location: string; locationType: LocationType; keyword: string }): string {
  const distance = locationTypes.find((option) => option.code === locationType)?.label.toLowerCase() ?? '';
  const parts = [location ? `Near ${location}, ${distance}` : '', keyword ? `for “${keyword}”` : ''].filter(Boolean);
  return parts.join(', ') || 'Everywhere';
}
