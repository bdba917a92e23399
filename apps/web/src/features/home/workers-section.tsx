import { Button, SimpleGrid, Text } from '@mantine/core';
import { Link } from 'react-router';
import { Notice } from '../../platform/notice';
import { sitePath, useSiteConfig } from '../../platform/site-config';
import { HomeSection, SectionLoading } from './home-section';
import { useRandomWorkers } from './use-random-workers';
import { WorkerCard } from '../../platform/worker-card';
import classes from './home-page.module.css';

/** Spec section 4, word for word. */
export const WORKERS_LOADING_TEXT = 'Getting recent workers...';

/** Section 9 of spec 2.9: three workers picked at random, and a way to meet more. */
export function WorkersSection() {
  const site = useSiteConfig();
  const { isSearching, workers, alert } = useRandomWorkers();
  return (
    <HomeSection
      title="Meet our care and support workers"
      intro="A few of the independent workers who support people on the marketplace. Every visit brings new faces."
      tone="tinted"
    >
      <SectionLoading isLoading={isSearching} text={WORKERS_LOADING_TEXT} />
      {alert && (
        <Notice tone={alert.type} role="alert" mt="lg">
          <Text fw={700}>{alert.title}</Text>
          <Text>{alert.message}</Text>
        </Notice>
      )}
      {workers.length > 0 && (
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg" mt="lg" component="ul" className={classes.plainList}>
          {workers.map((worker) => (
            <li key={worker.carerId}>
              <WorkerCard worker={worker} />
            </li>
          ))}
        </SimpleGrid>
      )}
      <Button component={Link} to={sitePath(site, 'workers')} size="lg" variant="outline" bg="white" mt="xl">
        Learn more about our workers
      </Button>
    </HomeSection>
  );
}
