import type { ReactNode } from 'react';
import { Anchor, Container, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { sitePath, useSiteConfig } from '../../platform/site-config';

/** A sign-up page's frame: its heading, what the account is for, and the way to log in instead. */
export function SignUpPage({ title, purpose, children }: { title: string; purpose: string; children: ReactNode }) {
  const site = useSiteConfig();
  return (
    <Container size="sm" py="xl">
      <Title order={1}>{title}</Title>
      <Text mt="sm" mb="lg">
        {purpose} All fields are required. Already registered?{' '}
        <Anchor component={Link} to={sitePath(site, 'login')}>
          Log in
        </Anchor>
      </Text>
      {children}
    </Container>
  );
}
