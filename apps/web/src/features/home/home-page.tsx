import { Box, Button, Container, Group, SimpleGrid, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { seesCareSeekerCallsToAction } from '@tendly/domain/menus';
import { useViewer } from '../../platform/session';
import { sitePath, useSiteConfig } from '../../platform/site-config';
import classes from './home-page.module.css';

/**
 * The home page (spec 2.9). For now the hero and the pitch of spec section 1: choice, control,
 * affordability, and paying with NDIS or aged care funding. The full ten sections come later.
 */
const valuePoints = [
  {
    title: 'You choose who supports you',
    text: 'Read worker profiles, rates and reviews, then meet the people you like before you decide. Every worker has passed a police check and the screening checks their work needs.',
  },
  {
    title: 'You stay in control',
    text: 'Agree the tasks, days and hourly rates directly with your worker, and change them as your needs change. Approve hours and pay online.',
  },
  {
    title: 'Your funding goes further',
    text: 'Independent workers set their own rates, so your NDIS plan, Support at Home budget or your own money can pay for more hours of support.',
  },
] as const;

export default function HomePage() {
  const site = useSiteConfig();
  const viewer = useViewer();
  // Spec section 6: Post a Job is offered to visitors and care seekers only.
  const canPostJob = seesCareSeekerCallsToAction(viewer);

  return (
    <>
      <Box className={classes.hero}>
        <Container size="lg" py={64}>
          <Title order={1} className={classes.heading}>
            Find care and support workers you choose
          </Title>
          <Text size="xl" mt="md" maw={640}>
            Hire trusted, independent aged care, disability and mental health support workers near you. Pay with
            your NDIS plan, your aged care funding or your own money.
          </Text>
          <Group mt="xl" gap="md">
            <Button component={Link} to={sitePath(site, 'workerSearch')} size="lg">
              Find Workers
            </Button>
            {canPostJob && (
              <Button component={Link} to={sitePath(site, 'postJob')} size="lg" variant="outline" bg="white">
                Post a Job
              </Button>
            )}
          </Group>
        </Container>
      </Box>

      <Container size="lg" py={48}>
        <Title order={2} mb="lg">
          Why people choose {site.brandName}
        </Title>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="xl">
          {valuePoints.map((point) => (
            <Box key={point.title}>
              <Title order={3} size="h4">
                {point.title}
              </Title>
              <Text mt="xs">{point.text}</Text>
            </Box>
          ))}
        </SimpleGrid>
      </Container>
    </>
  );
}
