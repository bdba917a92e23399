import { lazy, Suspense } from 'react';
import { Anchor, Box, Container, Group, SimpleGrid, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { seesCareSeekerCallsToAction } from '@tendly/domain/menus';
import { DeferredContent } from '../../platform/deferred-content';
import { useViewer } from '../../platform/session';
import { sitePath, useSiteConfig } from '../../platform/site-config';
import { GetStartedChooser } from './get-started-chooser';
import { HeroCarouselStill } from './hero-carousel-still';
import { heroSlides } from './hero-slides';
import classes from './home-page.module.css';

/** The moving carousel is not needed for the first view: its still first picture is (issue 4 budget). */
const HeroCarousel = lazy(() => import('./hero-carousel').then((module) => ({ default: module.HeroCarousel })));
const CAROUSEL_LABEL = 'People and their support workers';

/** Section 1 of spec 2.9: the page's one h1, the Get started chooser and the carousel beside it. */
export function HeroSection() {
  const site = useSiteConfig();
  // Spec section 6: Post a Job is offered to visitors and care seekers only.
  const canPostJob = seesCareSeekerCallsToAction(useViewer());
  return (
    <Box className={classes.hero}>
      <Container size="lg" py={{ base: 40, md: 64 }}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48}>
          <div>
            <Title order={1} className={classes.heading}>
              Find care and support workers you choose
            </Title>
            <Text size="xl" mt="md" maw={560}>
              Hire trusted, independent aged care, disability and mental health support workers near you. Pay with
              your NDIS plan, your aged care funding or your own money.
            </Text>
            <Box mt="xl">
              <GetStartedChooser />
            </Box>
            <Group gap="xs" mt="md">
              <Text span>Know what you need?</Text>
              <Anchor component={Link} to={sitePath(site, 'workerSearch')} fw={600}>
                Find Workers
              </Anchor>
              {canPostJob && (
                <>
                  <Text span>or</Text>
                  <Anchor component={Link} to={sitePath(site, 'postJob')} fw={600}>
                    Post a Job
                  </Anchor>
                </>
              )}
            </Group>
          </div>
          <DeferredContent placeholder={<HeroCarouselStill slides={heroSlides} label={CAROUSEL_LABEL} />}>
            <Suspense fallback={<HeroCarouselStill slides={heroSlides} label={CAROUSEL_LABEL} />}>
              <HeroCarousel slides={heroSlides} label={CAROUSEL_LABEL} />
            </Suspense>
          </DeferredContent>
        </SimpleGrid>
      </Container>
    </Box>
  );
}
