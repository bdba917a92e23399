import { Anchor, List, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A link on a dashboard, with a sentence saying what is behind it. */
export interface DashboardLink {
  readonly to: string;
  readonly label: string;
  readonly text: string;
}

/** A part of a role's dashboard (care seeker, worker, support coordinator), named by its heading. */
export function DashboardSection({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <Title order={2} size="h3" id={id} mb="sm">
        {heading}
      </Title>
      {children}
    </section>
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
