import { Anchor, Card, SimpleGrid, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { sitePath, useSiteConfig } from '../../platform/site-config';
import { HomeSection } from './home-section';
import classes from './home-page.module.css';

/** Section 2 of spec 2.9: four cards, to worker search, the worker page, referrals and providers. */
const helpCards = [
  {
    routeId: 'workerSearch',
    title: 'Find a support worker',
    text: 'Search independent workers near you by the help you need, the languages they speak and when they are free. Read their profiles and reviews before you get in touch.',
  },
  {
    routeId: 'workerLanding',
    title: 'Become a support worker',
    text: 'Set your own rates and hours, choose the people you support and get paid online for the work you do.',
  },
  {
    routeId: 'referrals',
    title: 'Make a referral',
    text: 'Support coordinators, case workers and health professionals can refer someone who needs support, and we will help find the right worker.',
  },
  {
    routeId: 'providers',
    title: 'Partner with us',
    text: 'Aged care and disability providers can give their clients a choice of independent workers, paid from their funding.',
  },
] as const;

export function HelpCardsSection() {
  const site = useSiteConfig();
  return (
    <HomeSection title="How can we help you?">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg" mt="xl" component="ul" className={classes.plainList}>
        {helpCards.map((card) => (
          <Card key={card.routeId} component="li" withBorder radius="lg" padding="lg" className={classes.linkCard}>
            <Title order={3} size="h4">
              <Anchor component={Link} to={sitePath(site, card.routeId)} className={classes.cardLink}>
                {card.title}
              </Anchor>
            </Title>
            <Text mt="xs">{card.text}</Text>
          </Card>
        ))}
      </SimpleGrid>
    </HomeSection>
  );
}
