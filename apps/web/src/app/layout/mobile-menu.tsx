import { useEffect, useState } from 'react';
import { Box, Button, Drawer, Text } from '@mantine/core';
import type { MenuItem } from '@tendly/domain/menus';
import type { SiteConfig } from '@tendly/domain/site-config';
import { MenuLink } from '../../platform/menu-link';
import type { SessionUser } from '../../platform/session';
import classes from './site-header.module.css';

/** The header's menu on narrow screens: a drawer with the role's menu and the account items. */
export default function MobileMenu({
  opened,
  onClose,
  items,
  accountItems,
  user,
  site,
  onSignOut,
}: {
  opened: boolean;
  onClose: () => void;
  items: readonly MenuItem[];
  accountItems: readonly MenuItem[];
  user: SessionUser | null;
  site: SiteConfig;
  onSignOut: () => void;
}) {
  useFocusReturnOnFirstClose(opened);
  // Compound parts so the drawer's header is not a second banner landmark (axe).
  return (
    <Drawer.Root opened={opened} onClose={onClose} position="right" size="xs" hiddenFrom="sm">
      <Drawer.Overlay />
      <Drawer.Content>
        <Drawer.Header role="none">
          <Drawer.Title>Menu</Drawer.Title>
          <Drawer.CloseButton aria-label="Close menu" />
        </Drawer.Header>
        <Drawer.Body>
          <nav aria-label="Main">
            <ul className={classes.drawerMenu}>
              {items.map((item) => (
                <li key={item.label}>
                  <MenuLink item={item} site={site} className={classes.drawerLink} onNavigate={onClose} />
                </li>
              ))}
            </ul>
          </nav>
          {user && (
            <Box mt="lg">
              <Text fw={700}>{user.name}</Text>
              {accountItems.length > 0 && (
                <nav aria-label="My Account">
                  <ul className={classes.drawerMenu}>
                    {accountItems.map((item) => (
                      <li key={item.label}>
                        <MenuLink item={item} site={site} className={classes.drawerLink} onNavigate={onClose} />
                      </li>
                    ))}
                  </ul>
                </nav>
              )}
              <Button
                mt="md"
                variant="outline"
                onClick={() => {
                  onClose();
                  onSignOut();
                }}
              >
                Log out
              </Button>
            </Box>
          )}
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}

/**
 * Mantine's Drawer remembers what had focus only when `opened` turns true after it has mounted.
 * This menu is loaded on its first open, so it mounts already open, and its first close left focus
 * on the page rather than on the menu button. The button is remembered here, at the first render
 * (before the drawer takes focus), and given focus back as Mantine does: unless something else,
 * such as the page a link opened, has taken it in the meantime.
 */
function useFocusReturnOnFirstClose(opened: boolean): void {
  const [opener] = useState(() => (opened ? document.activeElement : null));
  const [hasClosed, setHasClosed] = useState(false);
  useEffect(() => {
    if (opened || hasClosed || !(opener instanceof HTMLElement)) return;
    const focusedAtClose = document.activeElement;
    const timeout = window.setTimeout(() => {
      setHasClosed(true);
      const focused = document.activeElement;
      if (focused === null || focused === document.body || focused === focusedAtClose) opener.focus({ preventScroll: true });
    }, 10);
    return () => window.clearTimeout(timeout);
  }, [opened, hasClosed, opener]);
}
