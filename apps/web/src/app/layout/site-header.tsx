import { Anchor, Box, Burger, Button, Container, Drawer, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link } from 'react-router';
import { headerMenu } from '@tendly/domain/menus';
import { useSiteConfig } from '../../platform/site-config';
import { useSession, useViewer } from '../../platform/session';
import { useSignOut } from '../../platform/sign-out';
import { MenuLink } from '../../platform/menu-link';
import { AccountMenu, accountItemsFor } from './account-menu';
import classes from './site-header.module.css';

/** The site header: the brand as a home link and the menu for the viewer's role (spec 2.8, 6). */
export function SiteHeader() {
  const site = useSiteConfig();
  const viewer = useViewer();
  const { user } = useSession();
  const signOut = useSignOut();
  const items = headerMenu(viewer);
  const accountItems = user ? accountItemsFor(user, viewer) : [];
  const [isMenuOpen, menu] = useDisclosure(false);

  return (
    <Box component="header" className={classes.header}>
      <Container size="lg" className={classes.inner}>
        <Anchor component={Link} to="/" className={classes.brand} underline="never">
          {site.brandName}
        </Anchor>

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

        <Burger
          opened={isMenuOpen}
          onClick={menu.toggle}
          hiddenFrom="sm"
          aria-label={isMenuOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={isMenuOpen}
        />
      </Container>

      {/* Compound parts so the drawer's header is not a second banner landmark (axe). */}
      <Drawer.Root opened={isMenuOpen} onClose={menu.close} position="right" size="xs" hiddenFrom="sm">
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
                    <MenuLink item={item} site={site} className={classes.drawerLink} onNavigate={menu.close} />
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
                          <MenuLink item={item} site={site} className={classes.drawerLink} onNavigate={menu.close} />
                        </li>
                      ))}
                    </ul>
                  </nav>
                )}
                <Button
                  mt="md"
                  variant="outline"
                  onClick={() => {
                    menu.close();
                    void signOut();
                  }}
                >
                  Log out
                </Button>
              </Box>
            )}
          </Drawer.Body>
        </Drawer.Content>
      </Drawer.Root>
    </Box>
  );
}
