import { VisuallyHidden } from '@mantine/core';
import classes from './site-header.module.css';

/** More than this shows as "99+" in the badge (the words for screen readers keep the number). */
const BADGE_LIMIT = 99;

/**
 * An unread count inside a header link (Messages, the notifications bell): a badge for the eye
 * (hidden from assistive technology) and words for screen readers, so the link's name is
 * "Messages, 3 unread". Nothing when there is nothing unread, or while the count is not yet known.
 */
export function UnreadBadge({ count }: { count: number | undefined }) {
  if (count === undefined || count === 0) return null;
  return (
    <>
      <span className={classes.unreadBadge} aria-hidden="true">
        {count > BADGE_LIMIT ? `${BADGE_LIMIT}+` : count}
      </span>
      <VisuallyHidden>, {count} unread</VisuallyHidden>
    </>
  );
}
