import { lazy, Suspense, useState } from 'react';
import { Anchor, Box, Burger, Container, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link } from 'react-router';
import type { Viewer } from '@tendly/domain/access';
import { headerMenu, type MenuItem } from '@tendly/domain/menus';
import { useSiteConfig } from '../../platform/site-config';
import { useSession, useViewer } from '../../platform/session';
import { useSignOut } from '../../platform/sign-out';
import { useIsRouteBuilt, useMenuItems } from '../../platform/built-routes';
import { MenuLink } from '../../platform/menu-link';
import { AccountMenu, accountItemsFor } from './account-menu';
import { MessagesLink } from './messages-link';
import { NotificationsLink } from './notifications-link';
import classes from './site-header.module.css';

const MobileMenu = lazy(() => import('./mobile-menu'));
const noItems: readonly MenuItem[] = [];

/**
 * The site header: the brand as a home link and the menu for the viewer's role (spec 2.8, 6),
 * each item shown once its screen is built.
 */
export function SiteHeader() {
  const site = useSiteConfig();
  const viewer = useViewer();
  const { user } = useSession();
  const signOut = useSignOut();
  const items = useMenuItems(headerMenu(viewer));
  const accountItems = useMenuItems(user ? accountItemsFor(user, viewer) : noItems);
  const [isMenuOpen, menu] = useDisclosure(false);
  const [hasOpenedMenu, setHasOpenedMenu] = useState(false);
  const isMessagesBuilt = useIsRouteBuilt('messages');
  const showsMessages = isMessagesBuilt && user !== null && hasMessages(viewer);
  const showsNotifications = useIsRouteBuilt('notifications') && user !== null;

  return (
    <Box component="header" className={classes.header}>
      <Container size="lg" className={classes.inner}>
        <Anchor component={Link} to="/" className={classes.brand} underline="never">
          {site.brandName}
        </Anchor>

        <div className={classes.actions}>
          <Group gap="lg" visibleFrom="sm">
            <Box component="nav" aria-label="Main">
              <ul className={classes.menu}>
                {items.map((item) => (
                  <li key={item.label}>
                    <MenuLink item={item} site={site} className={classes.link} />
                  </li>
                ))}
              </ul>
            </Box>
            {user && <AccountMenu user={user} viewer={viewer} site={site} onSignOut={() => void signOut()} />}
          </Group>

          {showsMessages && <MessagesLink />}
          {showsNotifications && <NotificationsLink />}
          <Burger
            opened={isMenuOpen}
            onClick={() => {
              setHasOpenedMenu(true);
              menu.toggle();
            }}
            hiddenFrom="sm"
            aria-label={isMenuOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={isMenuOpen}
          />
        </div>
      </Container>

      {/* Loaded on the first open: most visitors on a wide screen never need it. */}
      {hasOpenedMenu && (
        <Suspense fallback={null}>
          <MobileMenu
            opened={isMenuOpen}
            onClose={menu.close}
            items={items}
            accountItems={accountItems}
            user={user}
            site={site}
            onSignOut={() => void signOut()}
          />
        </Suspense>
      )}
    </Box>
  );
}

/** Care seekers and active workers have messages; so does a coordinator acting for a client (who is a care seeker). */
function hasMessages(viewer: Viewer | null): boolean {
  return viewer !== null && (viewer.role === 'CS' || viewer.role === 'CR') && !viewer.isInactiveWorker;
}
