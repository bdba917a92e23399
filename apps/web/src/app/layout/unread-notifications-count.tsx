import { useUnreadNotifications } from '../../platform/unread-notifications';
import { UnreadBadge } from './unread-badge';

/** The unread count inside the header's notifications bell ("Notifications, 3 unread"). */
export default function UnreadNotificationsCount() {
  return <UnreadBadge count={useUnreadNotifications(true)} />;
}
