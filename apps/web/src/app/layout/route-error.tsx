import { useEffect } from 'react';
import { Button, Container, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { markFirstScreenRendered } from '../../platform/deferred-content';

/** A screen that failed to load or render, shown inside the layout. */
export function RouteError() {
  const error = useRouteError();
  // The page has its first screen, if not the one asked for: what waits for it may load.
  useEffect(markFirstScreenRendered, []);
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <Container size="sm" py="xl">
      <Title order={1}>Something went wrong</Title>
      <Text mt="md">
        This page could not be shown. This can happen after we release an update. Reloading the page usually
        fixes it.
      </Text>
      <Button mt="lg" onClick={() => window.location.reload()}>
        Reload the page
      </Button>
    </Container>
  );
}
