import type { ReactNode } from 'react';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { sitePath, useSiteConfig } from './site-config';

/** The link at the foot of a short page that leads on from it (back to log in, to the dashboard). */
export function PageEndLink({ routeId, children }: { routeId: string; children: ReactNode }) {
  const site = useSiteConfig();
  return (
    <Anchor component={Link} to={sitePath(site, routeId)} mt="lg" display="inline-block">
      {children}
    </Anchor>
  );
}
