import { lazy, Suspense } from 'react';
import { Anchor, VisuallyHidden } from '@mantine/core';
import { NavLink } from 'react-router';
import { sitePath, useSiteConfig } from '../../platform/site-config';
import classes from './site-header.module.css';

// Like the Messages link's count: the query and live updates load only for those who see the bell.
const UnreadNotificationsCount = lazy(() => import('./unread-notifications-count'));

/**
 * The header's bell (issue 17): a link to /notifications for anyone signed in, with the unread
 * count. Its accessible name is "Notifications" or "Notifications, 3 unread"; the bell is drawn.
 */
export function NotificationsLink() {
  const site = useSiteConfig();
  return (
    <Anchor component={NavLink} to={sitePath(site, 'notifications')} className={`${classes.link} ${classes.messagesLink}`}>
      <svg aria-hidden="true" focusable="false" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
        <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      </svg>
      <VisuallyHidden>Notifications</VisuallyHidden>
      <Suspense fallback={null}>
        <UnreadNotificationsCount />
      </Suspense>
    </Anchor>
  );
}
