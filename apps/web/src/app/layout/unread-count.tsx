import { VisuallyHidden } from '@mantine/core';
import { useUnreadMessages } from '../../platform/unread-messages';
import classes from './site-header.module.css';

/** More than this shows as "99+" in the badge (the words for screen readers keep the number). */
const BADGE_LIMIT = 99;

/**
 * The unread count inside the header's Messages link: a badge for the eye (hidden from assistive
 * technology) and words for screen readers, so the link's name is "Messages, 3 unread".
 */
export default function UnreadCount() {
  const unread = useUnreadMessages(true);
  if (unread === 0) return null;
  return (
    <>
      <span className={classes.unreadBadge} aria-hidden="true">
        {unread > BADGE_LIMIT ? `${BADGE_LIMIT}+` : unread}
      </span>
      <VisuallyHidden>, {unread} unread</VisuallyHidden>
    </>
  );
}
