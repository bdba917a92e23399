import { Anchor, Box, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { blogLink } from '@tendly/domain/menus';
import { routeTable } from '@tendly/domain/routes';
import { sitePath, useSiteConfig } from '../../platform/site-config';
import { MenuLink } from '../../platform/menu-link';
import classes from './site-footer.module.css';

/** Company pages linked from every page, by route id (titles come from the route table). */
const companyRouteIds = ['aboutUs', 'contactUs', 'feedbackHub'] as const;
const policyRoutes = routeTable.filter((route) => route.screen === 'policy');

function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

export function SiteFooter() {
  const site = useSiteConfig();
  const titleOf = (id: string) => routeTable.find((route) => route.id === id)?.title ?? id;

  return (
    <Box component="footer" className={classes.footer}>
      <Container size="lg" py="xl">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
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
        </SimpleGrid>

        <Text size="sm" mt="xl">
          © {new Date().getFullYear()} {site.brandName}. All rights reserved.
        </Text>
      </Container>
    </Box>
  );
}
