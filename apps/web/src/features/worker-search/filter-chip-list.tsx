import { useEffect, useRef, useState } from 'react';
import { CloseButton, Text, UnstyledButton } from '@mantine/core';
import type { FilterChip } from './filter-chips';
import classes from './worker-search-page.module.css';

/**
 * The filters in force as chips. Each chip's × takes its filter away; where `onEdit` is given and
 * the filter has a control, pressing the chip itself opens that control. After a chip goes, focus
 * moves to the chip that took its place (or, with none left, to the list's heading), so keyboard
 * users are not dropped at the top of the page.
 */
export function FilterChipList({
  chips,
  headingId,
  heading,
  headingLevel = 2,
  onRemove,
  onEdit,
  isEditable = () => false,
}: {
  chips: readonly FilterChip[];
  headingId: string;
  heading: string;
  /** 3 when the chips sit under the results' own heading. */
  headingLevel?: 2 | 3;
  onRemove: (chip: FilterChip) => void;
  onEdit?: (chip: FilterChip) => void;
  isEditable?: (chip: FilterChip) => boolean;
}) {
  const listRef = useRef<HTMLUListElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [removed, setRemoved] = useState<{ key: string; index: number } | null>(null);

  useEffect(() => {
    // Wait until the chip has gone: the URL, and so the chips, change a moment after the press.
    if (removed === null || chips.some((chip) => chip.key === removed.key)) return;
    const focusIndex = removed.index;
    const items = listRef.current?.querySelectorAll<HTMLElement>(':scope > li');
    const item = items && items.length > 0 ? items[Math.min(focusIndex, items.length - 1)] : undefined;
    const target = item?.querySelector<HTMLElement>('button') ?? headingRef.current;
    target?.focus();
    setRemoved(null);
  }, [removed, chips]);

  return (
    <div className={classes.chips}>
      <Text component={headingLevel === 3 ? 'h3' : 'h2'} id={headingId} ref={headingRef} tabIndex={-1} fw={700} size="md" className={classes.chipsHeading}>
        {heading}
      </Text>
      {chips.length === 0 ? (
        <Text size="sm" c="dimmed">
          None yet.
        </Text>
      ) : (
        <ul ref={listRef} aria-labelledby={headingId} className={classes.chipList}>
          {chips.map((chip, index) => (
            <li key={chip.key} className={classes.chip}>
              {onEdit && isEditable(chip) ? (
                <UnstyledButton className={classes.chipLabel} onClick={() => onEdit(chip)} aria-label={`Change “${chip.label}”`}>
                  {chip.label}
                </UnstyledButton>
              ) : (
                <span className={classes.chipLabel}>{chip.label}</span>
              )}
              <CloseButton
                size="sm"
                aria-label={`Remove “${chip.label}”`}
                className={classes.chipRemove}
                onClick={() => {
                  setRemoved({ key: chip.key, index });
                  onRemove(chip);
                }}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
