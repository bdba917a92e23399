import { Anchor, Card, Group, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { WorkerCard as WorkerCardData } from '@tendly/domain/api/workers';
import { truncateBlurb } from '@tendly/domain/format';
import { routePath } from '@tendly/domain/routes';
import classes from './home-page.module.css';

/**
 * A worker on the home page (spec 2.9): photo, first name, suburb and state, and the blurb cut to
 * 100 characters. The name links to the public profile and the whole card is its click target.
 * The photo's alternative text is empty because the name beside it already says who it is.
 */
export function WorkerCard({ worker }: { worker: WorkerCardData }) {
  return (
    <Card component="li" withBorder radius="lg" padding="lg" className={classes.linkCard}>
      <Group wrap="nowrap" gap="md" align="center">
        <img src={worker.avatar} alt="" width={72} height={72} className={classes.avatar} loading="lazy" />
        <div>
          <Title order={3} size="h4">
            <Anchor
              component={Link}
              to={routePath('workerPublicProfile', { carerId: worker.carerId })}
              className={classes.cardLink}
            >
              {worker.firstName}
            </Anchor>
          </Title>
          <Text size="sm" c="dimmed">
            {worker.suburb} {worker.state}
          </Text>
        </div>
      </Group>
      <Text mt="md">{truncateBlurb(worker.description)}</Text>
    </Card>
  );
}
