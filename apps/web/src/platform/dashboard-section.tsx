import { Anchor, List, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Viewer } from '@tendly/domain/access';
import type { MenuItem } from '@tendly/domain/menus';
import type { SiteConfig } from '@tendly/domain/site-config';
import { FormSection } from './form-section';
import { MenuLink } from './menu-link';
import classes from './dashboard-section.module.css';

/** A link on a dashboard, with a sentence saying what is behind it. */
export interface DashboardLink {
  readonly to: string;
  readonly label: string;
  readonly text: string;
}

/** A part of a role's dashboard (care seeker, worker, support coordinator), named by its heading. */
export function DashboardSection({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <FormSection id={id} title={heading} headingGap="sm">
      {children}
    </FormSection>
  );
}

/** The dashboard's links, each with what it is for; `false` stands for a link this person does not get. */
export function DashboardLinks({ links }: { links: readonly (DashboardLink | false)[] }) {
  return (
    <List spacing="sm">
      {links
        .filter((link) => link !== false)
        .map((link) => (
          <List.Item key={link.label}>
            <Anchor component={Link} to={link.to} fw={600}>
              {link.label}
            </Anchor>
            <Text size="sm">{link.text}</Text>
          </List.Item>
        ))}
    </List>
  );
}

/** The links of a dashboard's side menu, as a list; the one for the current page says so. */
export function DashboardMenuList({ items, site, viewer }: { items: readonly MenuItem[]; site: SiteConfig; viewer: Viewer | null }) {
  return (
    <ul className={classes.sideList}>
      {items.map((item) => (
        <li key={item.label}>
          <MenuLink item={item} site={site} viewer={viewer} />
        </li>
      ))}
    </ul>
  );
}
