import { lazy, Suspense } from 'react';
import { Anchor, Box, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { Role } from '@tendly/domain/roles';
import { blogLink } from '@tendly/domain/menus';
import { routeTable } from '@tendly/domain/routes';
import { DeferredContent } from '../../platform/deferred-content';
import { sitePath, useSiteConfig } from '../../platform/site-config';
import { helpCentreUrl, MenuLink } from '../../platform/menu-link';
import classes from './site-footer.module.css';
import { telHref } from '../../platform/phone-link';

/** The newsletter form loads after the first screen (`DeferredContent`): no one needs it sooner. */
const NewsletterSignup = lazy(() => import('./newsletter-signup'));
const newsletterPlaceholder = <div className={classes.newsletterPlaceholder} aria-hidden="true" />;

/** Company pages linked from every page, by route id (titles come from the route table). */
const companyRouteIds = ['aboutUs', 'contactUs', 'feedbackHub'] as const;
const policyRoutes = routeTable.filter((route) => route.screen === 'policy');

/** Spec 2.8: help centre links, one per role, each to that role's section of the help centre. */
const helpCentreRoles: readonly { role: Role; label: string }[] = [
  { role: 'CS', label: 'Help for care seekers and families' },
  { role: 'CR', label: 'Help for care workers' },
  { role: 'SUPPORT', label: 'Help for support coordinators' },
];

export function SiteFooter() {
  const site = useSiteConfig();
  const titleOf = (id: string) => routeTable.find((route) => route.id === id)?.title ?? id;

  return (
    <Box component="footer" className={classes.footer}>
      <Container size="lg" py="xl">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="xl">
          <Stack gap="xs">
            <Text fw={800} size="lg">
              {site.brandName}
            </Text>
            <Text size="sm">
              An Australian marketplace for aged care, disability and mental health support, with NDIS and aged
              care funding welcome.
            </Text>
            <Title order={2} size="h5" mt="sm">
              Talk to us
            </Title>
            <Text size="sm">
              Phone{' '}
              <Anchor href={telHref(site.supportPhone)} inherit>
                {site.supportPhone}
              </Anchor>
            </Text>
            <Text size="sm">
              Email{' '}
              <Anchor href={`mailto:${site.supportEmail}`} inherit>
                {site.supportEmail}
              </Anchor>
            </Text>
          </Stack>

          <nav aria-label="Company">
            <Title order={2} size="h5">
              {site.brandName}
            </Title>
            <ul className={classes.list}>
              {companyRouteIds.map((id) => (
                <li key={id}>
                  <Anchor component={Link} to={sitePath(site, id)} size="sm">
                    {titleOf(id)}
                  </Anchor>
                </li>
              ))}
              <li>
                <MenuLink item={blogLink} site={site} className={classes.smallLink} />
              </li>
            </ul>
          </nav>

          <nav aria-label="Help centre">
            <Title order={2} size="h5">
              Help centre
            </Title>
            <ul className={classes.list}>
              {helpCentreRoles.map(({ role, label }) => (
                <li key={role}>
                  <Anchor href={helpCentreUrl(site, { role, isInactiveWorker: false })} size="sm">
                    {label}
                  </Anchor>
                </li>
              ))}
            </ul>
          </nav>

          <nav aria-label="Policies">
            <Title order={2} size="h5">
              Policies
            </Title>
            <ul className={classes.list}>
              {policyRoutes.map((route) => (
                <li key={route.id}>
                  <Anchor component={Link} to={sitePath(site, route.id)} size="sm">
                    {route.title}
                  </Anchor>
                </li>
              ))}
            </ul>
          </nav>

          <DeferredContent placeholder={newsletterPlaceholder}>
            <Suspense fallback={newsletterPlaceholder}>
              <NewsletterSignup />
            </Suspense>
          </DeferredContent>
        </SimpleGrid>

        <Text size="sm" mt="xl">
          © {new Date().getFullYear()} {site.brandName}. All rights reserved.
        </Text>
      </Container>
    </Box>
  );
}
