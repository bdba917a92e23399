import { Box, Button, Group, SimpleGrid, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { Notice } from '../../platform/notice';
import { InfoPage } from '../../platform/info-page';
import { sitePath, useSiteConfig } from '../../platform/site-config';
import { StoriesIllustration } from './company-illustrations';
import classes from './company-pages.module.css';
import { TitledSection } from '../../platform/titled-section';

/**
 * /testimonials. These are illustrative stories, written from the kinds of things clients,
 * families, coordinators and workers tell us, with first names only. They are not quotes from
 * real, identifiable people, and the page says so before the first story.
 */
interface Story {
  readonly name: string;
  /** Who they are, without anything that identifies them. */
  readonly who: string;
  readonly title: string;
  readonly text: string;
}

interface StoryGroup {
  readonly id: string;
  readonly heading: string;
  readonly stories: readonly Story[];
}

const storyGroups: readonly StoryGroup[] = [
  {
    id: 'clients-families',
    heading: 'Clients and families',
    stories: [
      {
        name: 'Margaret',
        who: 'Lives at home with help from a Support at Home budget',
        title: 'The same face at the door',
        text: 'After months of different carers, Margaret chose one worker who comes three mornings a week. They do the shopping together and finish with a cuppa. What matters most to her is not having to explain how she likes things done every single time.',
      },
      {
        name: 'Daniel',
        who: 'NDIS participant, self-managed plan',
        title: 'Support that fits his week',
        text: 'Daniel wanted someone who could help with cooking and get him to basketball on Thursday nights. He posted a job, met two workers for a coffee, and picked the one who shared his sense of humour. He approves his hours on his phone after each shift.',
      },
      {
        name: 'Priya',
        who: 'Daughter and family carer',
        title: 'Help in the language her dad thinks in',
        text: 'Priya’s father is more relaxed speaking his first language. She searched for workers who speak it, found one twenty minutes from his place, and now gets shift notes after every visit, so she knows how his day went even on the days she can’t call.',
      },
    ],
  },
  {
    id: 'coordinators',
    heading: 'Support coordinators',
    stories: [
      {
        name: 'Hannah',
        who: 'Support coordinator',
        title: 'Everything for a client in one place',
        text: 'Hannah manages supports for a number of clients. Being able to act for a linked client, see their bookings and check invoices against the plan saves her a lot of back-and-forth, and her clients still make the final call on who supports them.',
      },
      {
        name: 'Joel',
        who: 'Support coordinator in a regional area',
        title: 'Finding someone when the agencies were full',
        text: 'Agencies near one of Joel’s clients had waiting lists. He posted a job describing the support needed and heard from local workers within days, including one with experience in acquired brain injury.',
      },
    ],
  },
  {
    id: 'workers',
    heading: 'Care and support workers',
    stories: [
      {
        name: 'Grace',
        who: 'Independent disability support worker',
        title: 'Her rates, her hours',
        text: 'Grace moved to independent work so she could fit shifts around her kids’ school hours. She sets her own rates, chooses the clients she works with, and likes that her hours turn into invoices without extra paperwork at the end of the week.',
      },
      {
        name: 'Sam',
        who: 'Aged care worker and nursing student',
        title: 'Getting to know people properly',
        text: 'Sam supports a handful of older clients between university classes. Seeing the same people every week means Sam notices when something has changed, and has time to sit and talk instead of rushing to the next job.',
      },
    ],
  },
];

export default function TestimonialsPage() {
  const site = useSiteConfig();

  return (
    <InfoPage
      title="Stories from our community"
      lead={`What people tell us about finding, giving and arranging support through ${site.brandName}.`}
      illustration={<StoriesIllustration />}
    >
      <Notice tone="info" role="region" aria-labelledby="stories-note-heading">
        <Title order={2} size="h4" id="stories-note-heading">
          About these stories
        </Title>
        <Text mt="xs">
          These stories are illustrations, based on the kinds of experiences clients, families, support
          coordinators and workers share with us. Names and details have been changed to protect people’s
          privacy, and they are not quotes from real, identifiable people.
        </Text>
      </Notice>

      {storyGroups.map((group) => (
        <section key={group.id} aria-labelledby={`${group.id}-heading`}>
          <Title order={2} id={`${group.id}-heading`}>
            {group.heading}
          </Title>
          <SimpleGrid component="ul" className={classes.plainList} cols={{ base: 1, md: 2, lg: 3 }} spacing="lg" mt="lg">
            {group.stories.map((story) => (
              <li key={story.name}>
                <Box component="article" className={classes.story} aria-labelledby={`story-${story.name}`}>
                  <Title order={3} size="h4" id={`story-${story.name}`}>
                    {story.title}
                  </Title>
                  <Text fw={700} c="tendlyTeal.8" mt={4}>
                    {story.name}
                  </Text>
                  <Text size="sm">{story.who}</Text>
                  <Text mt="sm">{story.text}</Text>
                </Box>
              </li>
            ))}
          </SimpleGrid>
        </section>
      ))}

      <TitledSection id="share-story-heading" heading="Tell us about your experience" className={classes.tinted}>
        <Text mt="sm" maw={760}>
          Good or bad, we want to hear how {site.brandName} is working for you. It helps us improve, and it helps
          other people know what to expect.
        </Text>
        <Group mt="md" gap="md">
          <Button component={Link} to={sitePath(site, 'feedback')}>
            Give feedback
          </Button>
          <Button component={Link} to={sitePath(site, 'workerSearch')} variant="outline" bg="white">
            Find workers
          </Button>
        </Group>
      </TitledSection>
    </InfoPage>
  );
}
