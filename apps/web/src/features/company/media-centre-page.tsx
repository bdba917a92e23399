import { Anchor, Box, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { InfoPage } from '../../platform/info-page';
import { sitePath, useSiteConfig } from '../../platform/site-config';
import { MediaIllustration } from './company-illustrations';
import classes from './company-pages.module.css';
import { TitledSection } from '../../platform/titled-section';
import { telHref } from '../../platform/phone-link';

/**
 * /media-centre: how journalists reach us (the support contacts from configuration), a short
 * fact sheet, and what brand assets we can provide. No media releases are listed until real ones
 * are published.
 */
const helpWith = [
  'Background on how independent support work and online care marketplaces operate in Australia',
  'Comment on choice and control in the NDIS and in aged care at home',
  'How we check workers and keep clients safe',
  'Introductions to clients, families or workers who have chosen to share their experience, always with their consent',
] as const;

export default function MediaCentrePage() {
  const site = useSiteConfig();
  const brand = site.brandName;
  const mediaMailto = `mailto:${site.supportEmail}?subject=${encodeURIComponent('Media enquiry')}`;

  return (
    <InfoPage
      title="Media centre"
      lead={`For journalists, writers and producers covering care, disability, mental health and ageing in Australia. Here is how to reach ${brand} and the basics about who we are.`}
      illustration={<MediaIllustration />}
    >
      <TitledSection id="media-contacts-heading" heading="Media contacts" className={classes.tinted}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl" mt="md">
          <Box>
            <Title order={3} size="h4">
              Email
            </Title>
            <Text mt="xs">
              <Anchor href={mediaMailto} fw={600}>
                {site.supportEmail}
              </Anchor>
            </Text>
            <Text size="sm" mt={4}>
              Put “Media enquiry” in the subject line with your deadline, and we will pass it straight to the right
              person.
            </Text>
          </Box>
          <Box>
            <Title order={3} size="h4">
              Phone
            </Title>
            <Text mt="xs">
              <Anchor href={telHref(site.supportPhone)} fw={600}>
                {site.supportPhone}
              </Anchor>
            </Text>
            <Text size="sm" mt={4}>
              Say you are calling from the media, and our support team will take your details.
            </Text>
          </Box>
        </SimpleGrid>
      </TitledSection>

      <TitledSection id="fact-sheet-heading" heading="Fact sheet">
        <Box component="dl" className={classes.factSheet} mt="md" maw={900}>
          <dt>Name</dt>
          <dd>{brand}</dd>
          <dt>What we do</dt>
          <dd>
            An online marketplace that connects older people, people with disability and people living with mental
            illness, and the families, support coordinators and case workers who act for them, with independent
            care and support workers.
          </dd>
          <dt>How it works</dt>
          <dd>
            Care seekers post jobs or search for workers, agree a contract, book shifts, approve hours and pay
            online. Workers set their own rates and hours.
          </dd>
          <dt>Where</dt>
          <dd>All eight Australian states and territories.</dd>
          <dt>Registration</dt>
          <dd>NDIS registered provider, overseen by the NDIS Quality and Safeguards Commission.</dd>
          <dt>Aged care</dt>
          <dd>Partners with aged care providers so people can use Support at Home or Home Care Package funding on a worker they choose.</dd>
          <dt>Funding accepted</dt>
          <dd>NDIS (self-managed, plan-managed and NDIA-managed), Support at Home and Home Care Packages, and private payment.</dd>
          <dt>Worker checks</dt>
          <dd>
            National police check, NDIS Worker Screening Check, working with children check where needed, two
            references and onboarding. Workers are insured while they work through the platform.
          </dd>
        </Box>
      </TitledSection>

      <TitledSection id="brand-assets-heading" heading="Brand assets">
        <Stack gap="sm" mt="sm" maw={760}>
          <Text>
            Our logo is the {brand} name in a calm teal, on white or on a pale teal background. We can send the
            logo in colour and single-colour versions, along with product screenshots and illustrations.
          </Text>
          <Text>
            Please use the logo as we supply it, without changing its colours or proportions, and don’t use it
            in a way that suggests we endorse a person, product or point of view. Photos of clients and workers
            are only ever shared with their consent, so ask us before using any image of a person.
          </Text>
        </Stack>
      </TitledSection>

      <TitledSection id="reach-us-heading" heading="How we can help with your story">
        <List mt="md" spacing="xs" maw={760}>
          {helpWith.map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List>
        <Text mt="md" maw={760}>
          We never share personal information about our clients or workers. Media releases will be published on
          this page when we issue them. For anything else, our{' '}
          <Anchor component={Link} to={sitePath(site, 'contactUs')}>
            contact page
          </Anchor>{' '}
          has all the ways to reach us, or read more{' '}
          <Anchor component={Link} to={sitePath(site, 'aboutUs')}>
            about {brand}
          </Anchor>
          .
        </Text>
      </TitledSection>
    </InfoPage>
  );
}
