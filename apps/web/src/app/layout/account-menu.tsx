import { Box, Button, Divider, Paper, Text, UnstyledButton } from '@mantine/core';
import { careSeekerAccountMenu, visibleItems, workerAccountMenu } from '@tendly/domain/menus';
import type { Viewer } from '@tendly/domain/access';
import type { SiteConfig } from '@tendly/domain/site-config';
import { useMenuItems } from '../../platform/built-routes';
import { MenuLink } from '../../platform/menu-link';
import type { SessionUser } from '../../platform/session';
import { useDisclosureMenu } from '../../platform/use-disclosure-menu';
import classes from './account-menu.module.css';

/**
 * The My Account items: a care worker's (spec 2.8), without those an inactive profile hides (spec
 * 4), and a care seeker's (issue 17), also when a coordinator acts for them.
 */
export function accountItemsFor(user: SessionUser, viewer: Viewer | null) {
  if (user.role === 'CR' && viewer?.role === 'CR') return visibleItems(workerAccountMenu, viewer);
  // A coordinator acting for a client is shown as the client (the viewer), whose screens these are.
  if (viewer?.role === 'CS') return careSeekerAccountMenu;
  return [];
}

/**
 * The signed-in user's menu in the header: their name opens it; a care worker and a care seeker
 * find their My Account items in it; everyone finds Log out. A disclosure (a button that shows a list of links), the
 * pattern that suits site navigation; Escape closes it and returns focus to the button.
 */
export function AccountMenu({
  user,
  viewer,
  site,
  onSignOut,
}: {
  user: SessionUser;
  viewer: Viewer | null;
  site: SiteConfig;
  onSignOut: () => void;
}) {
  const { panelId, isOpen, setIsOpen, containerProps, toggleProps } = useDisclosureMenu();
  const accountItems = useMenuItems(accountItemsFor(user, viewer));

  return (
    <Box {...containerProps} className={classes.root}>
      <Button {...toggleProps} variant="subtle" color="dark">
        {user.name}
      </Button>
      {isOpen && (
        <Paper id={panelId} shadow="md" withBorder p="sm" className={classes.panel}>
          {accountItems.length > 0 && (
            <nav aria-label="My Account">
              <Text fw={700} size="sm" mb={4}>
                My Account
              </Text>
              <ul className={classes.list}>
                {accountItems.map((item) => (
                  <li key={item.label}>
                    <MenuLink item={item} site={site} viewer={viewer} onNavigate={() => setIsOpen(false)} />
                  </li>
                ))}
              </ul>
              <Divider my="xs" />
            </nav>
          )}
          <UnstyledButton
            className={classes.signOut}
            onClick={() => {
              setIsOpen(false);
              onSignOut();
            }}
          >
            Log out
          </UnstyledButton>
        </Paper>
      )}
    </Box>
  );
}
