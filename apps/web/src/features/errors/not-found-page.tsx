import { Anchor, Container, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { notFoundPageMeta } from '../../platform/page-meta';

/** Shown for an address the app does not know, and for routes whose screen is not built yet. */
export default function NotFoundPage() {
  return (
    <Container size="sm" py={48}>
      <Title order={1}>{notFoundPageMeta.title}</Title>
      <Text mt="md" size="lg">
        We could not find that page. It may have moved, or the address may have a typo.
      </Text>
      <Anchor component={Link} to="/" mt="lg" display="inline-block" size="lg">
        Go to the home page
      </Anchor>
    </Container>
  );
}
