import { Box, Button, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { MarkdownContent } from '../../platform/markdown-content';
import { InfoPage } from '../../platform/info-page';
import { sitePath, useSiteConfig } from '../../platform/site-config';
import { KitchenTableIllustration } from './company-illustrations';
import foundersStory from './founders-story.md?tree';
import classes from './company-pages.module.css';
import { TitledSection } from '../../platform/titled-section';
import { PanelGrid } from './panel-grid';

/**
 * /founders: the founding team's shared story. It is told as a story of roles and motivations
 * (a former support worker, an engineer whose father used home care, a long-distance family
 * carer), with no names, biographies or credentials that could be mistaken for real people's.
 */
const foundingRoles = [
  {
    title: 'The support worker',
    text: 'Years of disability support showed them how much difference it makes when the person being supported chooses who supports them.',
  },
  {
    title: 'The engineer',
    text: 'Watching their father meet a new face at the door almost every week made them want to build something that kept the same good worker coming back.',
  },
  {
    title: 'The family carer',
    text: 'Organising a parent’s dementia care from another state taught them how much time families lose to phone calls, rosters and paperwork.',
  },
] as const;

export default function FoundersPage() {
  const site = useSiteConfig();

  return (
    <InfoPage
      title="Our founders"
      lead={`${site.brandName} was started by people who have been on both sides of care: giving it, arranging it, and watching someone they love receive it.`}
      illustration={<KitchenTableIllustration />}
    >
      <Box maw={760}>
        <MarkdownContent content={foundersStory.content} />
      </Box>

      <TitledSection id="founding-team-heading" heading="The founding team" className={classes.tinted}>
        <Text mt="sm" maw={760}>
          We’d rather this page was about why we started than about our CVs, so here is who sat around that
          table, in a sentence each.
        </Text>
        <PanelGrid items={foundingRoles} cols={{ base: 1, md: 3 }} />
      </TitledSection>

      <TitledSection id="founders-next-heading" heading="Where to from here">
        <Text mt="sm" maw={760}>
          Find out more about what we do, or see whether there are workers near you.
        </Text>
        <Group mt="md" gap="md">
          <Button component={Link} to={sitePath(site, 'aboutUs')} variant="outline">
            About {site.brandName}
          </Button>
          <Button component={Link} to={sitePath(site, 'workerSearch')}>
            Find workers
          </Button>
        </Group>
      </TitledSection>
    </InfoPage>
  );
}
