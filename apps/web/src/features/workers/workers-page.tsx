import { Anchor, Box, Button, Group, List, SimpleGrid, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { languages } from '@tendly/domain/languages';
import { skillGroups } from '@tendly/domain/skills';
import { InfoPage } from '../../platform/info-page';
import { sitePath, useSiteConfig } from '../../platform/site-config';
import { MeetOurWorkers } from './meet-our-workers';
import { CheckedWorkerIllustration } from './workers-illustration';
import classes from './workers-page.module.css';
import { TitledSection } from '../../platform/titled-section';

/**
 * /workers, "Our care and support workers": what workers do, how they are checked (the checks of
 * domain/workflows.md, worker onboarding), the skills and languages they can offer (from the
 * domain's reference lists), and a few live worker cards.
 */
const everydayHelp = [
  'Personal care and help with morning and evening routines',
  'Cooking, meal preparation and domestic assistance',
  'Getting out and about: shopping, appointments, outings and community activities',
  'Social support and companionship',
  'Building skills to live as independently as you want to',
  'Support with mental health and recovery, at your pace',
] as const;

const checks = [
  {
    title: 'National police check',
    text: 'A Nationally Coordinated Criminal History Check issued in the last 12 months when they join, renewed at least every three years.',
  },
  {
    title: 'NDIS Worker Screening Check',
    text: 'The national clearance for people who work with NDIS participants, run by the screening unit in each state and territory.',
  },
  {
    title: 'Working with children check, where needed',
    text: 'Workers who support children or young people hold their state’s check, such as a Blue Card in Queensland or an Ochre Card in the Northern Territory.',
  },
  {
    title: 'Two references',
    text: 'Two referees who know their work answer a short reference form before the worker can be approved.',
  },
  {
    title: 'Onboarding and codes of conduct',
    text: 'Every worker completes our onboarding and agrees to the NDIS Code of Conduct and the Aged Care Code of Conduct. Our team reviews each profile before it appears in search.',
  },
  {
    title: 'Kept up to date',
    text: 'Each document has an expiry date. We remind workers before a check lapses, and a profile is paused until it is renewed.',
  },
] as const;

export default function WorkersPage() {
  const site = useSiteConfig();

  return (
    <InfoPage
      title="Our care and support workers"
      lead={`The workers on ${site.brandName} are independent aged care, disability and mental health support workers. They set their own rates and hours, and they choose the people they work with, just as you choose them.`}
      illustration={<CheckedWorkerIllustration />}
      afterLead={
        <Group mt="xl" gap="md">
          <Button component={Link} to={sitePath(site, 'workerSearch')} size="md">
            Find workers near you
          </Button>
          <Button component={Link} to={sitePath(site, 'workerLanding')} size="md" variant="outline" bg="white">
            Become a worker
          </Button>
        </Group>
      }
    >
      <TitledSection id="workers-do-heading" heading="What our workers do">
        <Text mt="sm" maw={720}>
          Some workers have decades in aged care or disability support; others are studying nursing, allied health
          or community services. Many speak more than one language. What they share is that they want to give
          support the way you want it given, in your home and out in your community.
        </Text>
        <List mt="md" spacing="xs" maw={720}>
          {everydayHelp.map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List>
      </TitledSection>

      <TitledSection id="workers-checks-heading" heading="How every worker is checked">
        <Text mt="sm" maw={720}>
          Before a worker’s profile can be found in search, they give us these checks and our team confirms them.
          You can see on each profile which checks a worker holds.
        </Text>
        <SimpleGrid component="ol" cols={{ base: 1, sm: 2, md: 3 }} spacing="lg" mt="lg" className={classes.checkList}>
          {checks.map((check, index) => (
            <Box component="li" key={check.title} className={classes.check}>
              <span className={classes.checkNumber} aria-hidden="true">
                {index + 1}
              </span>
              <Title order={3} size="h4">
                {check.title}
              </Title>
              <Text mt="xs">{check.text}</Text>
            </Box>
          ))}
        </SimpleGrid>
        <Text mt="lg">
          Workers are also covered by public liability and accident insurance while they work through{' '}
          {site.brandName}.{' '}
          <Anchor component={Link} to={sitePath(site, 'insurancePolicy')}>
            Read our insurance policy
          </Anchor>
          .
        </Text>
      </TitledSection>

      <TitledSection id="workers-skills-heading" heading="Skills and experience">
        <Text mt="sm" maw={720}>
          Workers list the conditions and kinds of support they have experience with, so you can search for
          someone who already understands what you live with.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg" mt="lg">
          {skillGroups.map((group) => (
            <Box key={group.code} className={classes.skillGroup}>
              <Title order={3} size="h4">
                {group.label}
              </Title>
              <List mt="xs" spacing={4} size="sm">
                {group.skills.map((skill) => (
                  <List.Item key={skill.code}>{skill.label}</List.Item>
                ))}
              </List>
            </Box>
          ))}
        </SimpleGrid>
      </TitledSection>

      <TitledSection id="workers-languages-heading" heading="Languages">
        <Text mt="sm" maw={720}>
          Support is easier in the language you think in. Workers can list the languages they speak from{' '}
          {languages.length} languages, including Auslan and Aboriginal and Torres Strait Islander languages, and
          you can search for workers by language.
        </Text>
      </TitledSection>

      <TitledSection id="workers-meet-heading" heading="Meet some of our workers">
        <Text mt="sm" mb="lg" maw={720}>
          A few of the workers on {site.brandName} today, in no particular order. Open a profile to see their
          skills, checks, rates and reviews.
        </Text>
        <MeetOurWorkers />
        <Button component={Link} to={sitePath(site, 'workerSearch')} size="md" mt="xl">
          Search all workers
        </Button>
      </TitledSection>
    </InfoPage>
  );
}
