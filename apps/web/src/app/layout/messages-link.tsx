import { lazy, Suspense } from 'react';
import { Anchor } from '@mantine/core';
import { NavLink } from 'react-router';
import { sitePath, useSiteConfig } from '../../platform/site-config';
import classes from './site-header.module.css';

// The count brings the unread-count query, its schema and live updates: loaded only for those
// who see this link, never for visitors.
const UnreadCount = lazy(() => import('./unread-count'));

/**
 * The header's link to Messages with the unread count, for a signed-in care seeker or worker (and
 * a coordinator acting for a client). The link shows at once; the count joins it when loaded. Its
 * accessible name carries the count ("Messages, 3 unread").
 */
export function MessagesLink() {
  const site = useSiteConfig();
  return (
    <Anchor component={NavLink} to={sitePath(site, 'messages')} className={`${classes.link} ${classes.messagesLink}`}>
      Messages
      <Suspense fallback={null}>
        <UnreadCount />
      </Suspense>
    </Anchor>
  );
}
