import { Button, Text } from '@mantine/core';
import { Link } from 'react-router';
import { aiWorkerMatchLink } from '@tendly/domain/menus';
import { menuHref } from '../../platform/menu-link';
import { useSiteConfig } from '../../platform/site-config';
import { HomeSection } from './home-section';

/**
 * Section 5 of spec 2.9. The page shows it only to visitors and care seekers (spec section 6: the
 * AI worker match link appears to them only).
 */
export function AiMatchSection() {
  const site = useSiteConfig();
  const href = menuHref(aiWorkerMatchLink, site);
  const to = href.kind === 'internal' ? href.to : href.href;
  return (
    <HomeSection title="Meet the AI worker match" tone="tinted">
      <Text size="lg" mt="sm" maw={720}>
        Not sure where to start? Tell the AI worker match, in your own words, who needs support, what help would make
        a difference and when. It looks through the workers near you and suggests the ones whose skills, experience
        and availability fit.
      </Text>
      <Text mt="sm" maw={720}>
        It is there to save you time, not to decide for you: you read the profiles, talk to the workers and choose.
      </Text>
      <Button component={Link} to={to} size="lg" mt="lg">
        Try the AI worker match
      </Button>
    </HomeSection>
  );
}
