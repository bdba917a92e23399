import { useUnreadMessages } from '../../platform/unread-messages';
import { UnreadBadge } from './unread-badge';

/** The unread count inside the header's Messages link ("Messages, 3 unread"). */
export default function UnreadCount() {
  return <UnreadBadge count={useUnreadMessages(true)} />;
}
