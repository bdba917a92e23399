import { Text, Title } from '@mantine/core';
import { HomeSection } from './home-section';
import classes from './home-page.module.css';

/** Section 4 of spec 2.9: find a worker, connect, manage and pay online, build your team. */
const steps = [
  {
    title: 'Find a worker',
    text: 'Search for workers near you, or post a job and let workers who fit come to you.',
  },
  {
    title: 'Connect',
    text: 'Message the workers you like, meet them, and agree the support, the hours and the rate together.',
  },
  {
    title: 'Manage and pay online',
    text: 'Book shifts, read shift notes, approve hours and pay, all in one place.',
  },
  {
    title: 'Build your team',
    text: 'Add more workers as your needs change, so there is always someone you know and trust.',
  },
] as const;

export function HowItWorksSection() {
  return (
    <HomeSection title="How it works">
      <ol className={classes.steps}>
        {steps.map((step) => (
          <li key={step.title} className={classes.step}>
            <Title order={3} size="h4">
              {step.title}
            </Title>
            <Text mt="xs">{step.text}</Text>
          </li>
        ))}
      </ol>
    </HomeSection>
  );
}
