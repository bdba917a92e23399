import { Anchor, Box, Button, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { states } from '@tendly/domain/states';
import { InfoPage } from '../../platform/info-page';
import { sitePath, useSiteConfig } from '../../platform/site-config';
import { CupOfTeaIllustration } from './company-illustrations';
import classes from './company-pages.module.css';
import { TitledSection } from '../../platform/titled-section';
import { PanelGrid } from './panel-grid';

/**
 * /about-us: who we are, why we exist (the pitch of spec section 1), how we differ, our values,
 * our NDIS registration and aged care partnerships, and where we work (all eight states and
 * territories, spec README).
 */
const reasons = [
  {
    title: 'Choice and control',
    text: 'You choose who supports you. Read profiles, message workers and meet them before you decide, and change your arrangements as your life changes.',
  },
  {
    title: 'Support you can afford',
    text: 'Independent workers set their own rates, and you pay those rates and nothing on top. Your NDIS plan, aged care budget or own money can stretch to more hours of support.',
  },
  {
    title: 'Independent workers',
    text: 'Workers run their own small businesses. They decide their rates, hours and the kind of work they take on, so they can build lasting relationships with the people they support.',
  },
  {
    title: 'Paying online',
    text: 'Workers submit their hours after each shift. You approve them and pay online, or we send the invoice to your plan manager or aged care provider. No cash, no chasing paperwork.',
  },
  {
    title: 'Checked before they start',
    text: 'Every worker gives us a national police check and an NDIS Worker Screening Check, a working with children check where they support children, two references, and completes our onboarding.',
  },
  {
    title: 'Insured while they work',
    text: 'Workers are covered by public liability and accident insurance while they work through the platform, so everyone can get on with the support.',
  },
] as const;

const differences = [
  'You pick the person, not a roster. The worker you meet is the worker who comes.',
  'You see a worker’s rates, skills, languages and checks before you get in touch.',
  'The same worker can support you week after week, so you don’t have to explain yourself to someone new every time.',
  'Messages, agreements, bookings, shift notes, hours and invoices live in one place that you, your family or your support coordinator can see.',
  'Workers keep more of what they earn, which helps good people stay in the work.',
] as const;

const values = [
  {
    title: 'People are the experts in their own lives',
    text: 'We start from what you want, not from what is easiest to schedule. Dignity, privacy and your right to make your own decisions come first.',
  },
  {
    title: 'Trust is earned',
    text: 'Checks, references, honest reviews and clear records are how trust is built between strangers. We don’t cut corners on them.',
  },
  {
    title: 'Fair for everyone',
    text: 'Care seekers should get value for their money, and workers should be paid properly and on time for skilled, important work.',
  },
  {
    title: 'Say it plainly',
    text: 'No jargon, no fine print surprises. If something costs money or changes your rights, we tell you up front.',
  },
  {
    title: 'Listen and keep improving',
    text: 'Your feedback and complaints change how we work. When we get something wrong, we own it and fix it.',
  },
] as const;

export default function AboutUsPage() {
  const site = useSiteConfig();
  const brand = site.brandName;

  return (
    <InfoPage
      title={`About ${brand}`}
      lead={`${brand} is an Australian online marketplace where older people, people with disability and people living with mental illness, and the families and professionals who help them, find, hire and pay independent care and support workers they choose.`}
      illustration={<CupOfTeaIllustration />}
    >
      <TitledSection id="who-we-are-heading" heading="Who we are">
        <Stack gap="sm" mt="sm" maw={760}>
          <Text>
            We are a small Australian team. Between us we have been family carers, support workers and people
            who sat on the phone for hours trying to arrange support for someone we love. We built {brand} to
            make that easier, and to make good support feel personal again.
          </Text>
          <Text>
            People use {brand} in different ways. Families and NDIS participants post jobs and search for
            workers. Support coordinators, case workers and social workers find support for their clients and
            manage it with them. Providers partner with us so their clients can choose their own workers. And
            independent workers use {brand} to find clients, agree their rates and get paid.
          </Text>
          <Anchor component={Link} to={sitePath(site, 'founders')} fw={600}>
            Read how {brand} started
          </Anchor>
        </Stack>
      </TitledSection>

      <TitledSection id="why-we-exist-heading" heading="Why we exist">
        <Text mt="sm" maw={760}>
          Everyone deserves support that fits their life, from someone they trust, at a price that lets their
          funding go further. Here is how we go about it.
        </Text>
        <PanelGrid items={reasons} cols={{ base: 1, sm: 2, md: 3 }} />
      </TitledSection>

      <TitledSection id="how-different-heading" heading="How we are different" className={classes.tinted}>
        <Text mt="sm" maw={760}>
          A traditional agency sends whoever is free. On {brand}, you are the one choosing.
        </Text>
        <List mt="md" spacing="sm" maw={760}>
          {differences.map((difference) => (
            <List.Item key={difference}>{difference}</List.Item>
          ))}
        </List>
      </TitledSection>

      <TitledSection id="values-heading" heading="Our values">
        <SimpleGrid component="ul" className={classes.plainList} cols={{ base: 1, sm: 2, md: 3 }} spacing="lg" mt="lg">
          {values.map((value) => (
            <Box component="li" key={value.title}>
              <Title order={3} size="h4">
                {value.title}
              </Title>
              <Text mt="xs">{value.text}</Text>
            </Box>
          ))}
        </SimpleGrid>
      </TitledSection>

      <TitledSection id="registration-heading" heading="NDIS registered provider and aged care partner" className={classes.warm}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl" mt="md">
          <Box>
            <Title order={3} size="h4">
              For NDIS participants
            </Title>
            <Text mt="xs">
              {brand} is an NDIS registered provider. We follow the NDIS Practice Standards and the NDIS Code of
              Conduct, and we are overseen by the NDIS Quality and Safeguards Commission. You can use {brand}{' '}
              whether your plan is self-managed, plan-managed or managed by the NDIA.
            </Text>
            <Anchor component={Link} to={sitePath(site, 'ndisFundedSupport')} mt="xs" display="inline-block" fw={600}>
              Using your NDIS plan
            </Anchor>
          </Box>
          <Box>
            <Title order={3} size="h4">
              For older people
            </Title>
            <Text mt="xs">
              We partner with aged care providers, so you can use your Support at Home budget, or a Home Care
              Package, on a worker you choose. Your provider agrees the services with you and pays the invoices.
            </Text>
            <Anchor component={Link} to={sitePath(site, 'homeCarePackage')} mt="xs" display="inline-block" fw={600}>
              Using Support at Home or a Home Care Package
            </Anchor>
          </Box>
        </SimpleGrid>
        <Text mt="lg">You can also pay privately, with your own money, for any support you need.</Text>
      </TitledSection>

      <TitledSection id="where-heading" heading="Where we work">
        <Text mt="sm" maw={760}>
          {brand} works right across Australia, in all eight states and territories, in cities, regional
          towns and the bush. Who is available depends on the workers near you, so search by your suburb to see
          who is close.
        </Text>
        <SimpleGrid component="ul" className={classes.plainList} cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" mt="md">
          {states.map((state) => (
            <li key={state.code} className={classes.stateName}>
              <span className={classes.stateCode} aria-hidden="true">
                {state.code}
              </span>
              <Text component="span">{state.name}</Text>
            </li>
          ))}
        </SimpleGrid>
      </TitledSection>

      <TitledSection id="more-heading" heading="Get to know us">
        <Group mt="md" gap="md">
          <Button component={Link} to={sitePath(site, 'workers')} variant="outline">
            Our care and support workers
          </Button>
          <Button component={Link} to={sitePath(site, 'testimonials')} variant="outline">
            Stories from our community
          </Button>
          <Button component={Link} to={sitePath(site, 'contactUs')} variant="outline">
            Contact us
          </Button>
        </Group>
      </TitledSection>
    </InfoPage>
  );
}
