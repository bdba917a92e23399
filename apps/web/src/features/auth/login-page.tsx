import { useEffect, useRef, useState } from 'react';
import { Anchor, Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { readRedirectState } from '../../platform/redirect-state';
import { sitePath, useSiteConfig } from '../../platform/site-config';
import { LoginForm } from './login-form';
import { Notice } from '../../platform/notice';

type Step = { readonly kind: 'choose' } | { readonly kind: 'form'; readonly isCoordinator: boolean };

/**
 * The login screen (spec 2.1), in two steps. Step 1 asks who is logging in: care workers and care
 * seekers, or support coordinators, go on to the form; providers leave for the provider platform.
 * A message a redirect carried (the route guard's "please login") is shown here.
 */
export default function LoginPage() {
  const site = useSiteConfig();
  const { message } = readRedirectState(useLocation().state);
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const hasChangedStep = useRef(false);

  // Moving between the steps replaces the content under the keyboard user's focus; take focus to
  // the new step's heading so they hear where they are (WCAG 2.4.3).
  useEffect(() => {
    if (!hasChangedStep.current) return;
    stepHeading.current?.focus();
  }, [step]);

  function goTo(next: Step) {
    hasChangedStep.current = true;
    setStep(next);
  }

  return (
    <Container size="xs" py="xl">
      <Title order={1}>Log in</Title>
      {message && (
        <Notice tone="info" role="status" mt="md">
          {message}
        </Notice>
      )}

      {step.kind === 'choose' ? (
        <Stack gap="md" mt="lg">
          <Title order={2} size="h3" ref={stepHeading} tabIndex={-1}>
            Who is logging in?
          </Title>
          <Button size="lg" onClick={() => goTo({ kind: 'form', isCoordinator: false })}>
            Care workers and care seekers
          </Button>
          <Button size="lg" onClick={() => goTo({ kind: 'form', isCoordinator: true })}>
            Support coordinators
          </Button>
          <Button size="lg" variant="outline" component="a" href={site.links.providerPlatform}>
            Providers
          </Button>
          <Text size="sm">Providers log in on our separate provider platform.</Text>
          <Anchor component={Link} to={sitePath(site, 'providers')}>
            Find out how providers partner with {site.brandName}
          </Anchor>
        </Stack>
      ) : (
        <Stack gap="md" mt="lg">
          <Title order={2} size="h3" ref={stepHeading} tabIndex={-1}>
            {step.isCoordinator ? 'Log in as a support coordinator' : 'Log in as a care worker or care seeker'}
          </Title>
          <LoginForm isCoordinator={step.isCoordinator} onBack={() => goTo({ kind: 'choose' })} />
        </Stack>
      )}
    </Container>
  );
}
