import { Anchor, Card, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { WorkerCard as WorkerCardData } from '@tendly/domain/api/workers';
import { truncateBlurb } from '@tendly/domain/format';
import classes from './worker-card.module.css';
import { workerProfilePath } from './worker-profile-path';

/**
 * One worker as a card (spec 2.9): first name, photo, suburb and state abbreviation, and the bio
 * cut to 100 characters. The whole card opens the profile; the link itself is the "View
 * profile" text, so its name says where it goes. The photo has empty alt text because the name
 * is written right beside it.
 */
export function WorkerCard({ worker }: { worker: WorkerCardData }) {
  return (
    <Card component="article" withBorder padding="lg" radius="md" className={classes.card}>
      <img src={worker.avatar} alt="" width={88} height={88} loading="lazy" className={classes.avatar} />
      <Title order={3} size="h4" mt="md">
        {worker.firstName}
      </Title>
      <Text size="sm" fw={600} c="tendlyTeal.8">
        {worker.suburb} {worker.state}
      </Text>
      <Text mt="xs" className={classes.blurb}>
        {truncateBlurb(worker.description)}
      </Text>
      <Anchor component={Link} to={workerProfilePath(worker.carerId)} fw={700} mt="md" className={classes.profileLink}>
        View {worker.firstName}&rsquo;s profile
      </Anchor>
    </Card>
  );
}
