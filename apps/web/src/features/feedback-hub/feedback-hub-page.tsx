import { Anchor, Box, Button, List, SimpleGrid, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { Notice } from '../../platform/notice';
import { InfoPage } from '../../platform/info-page';
import { sitePath, useSiteConfig } from '../../platform/site-config';
import { ThreeWaysIllustration } from './feedback-hub-illustration';
import classes from './feedback-hub-page.module.css';
import { TitledSection } from '../../platform/titled-section';
import { telHref } from '../../platform/phone-link';

/**
 * /feedback-complaints-incident-reports: the three ways to tell us something (feedback, a
 * complaint, an incident report), when to use which, what happens next, and who else can help.
 * The response times are our service commitments; incidents get a 24-hour response because some
 * must be notified to the NDIS Commission within 24 hours (domain/workflows.md).
 */
const ways = [
  {
    id: 'feedback',
    routeId: 'feedback',
    title: 'Give feedback',
    when: 'You want to tell us what is working well, or suggest how we could do better.',
    examples: ['A worker went above and beyond', 'Something on the website was hard to use', 'An idea for a new feature'],
    response: 'We read every piece of feedback. If you ask us to, we reply within 5 business days.',
  },
  {
    id: 'complaint',
    routeId: 'makeComplaint',
    title: 'Make a complaint',
    when: 'You are unhappy with a worker, a service, an invoice or with us, and you want it put right.',
    examples: ['A worker often arrives late or misses shifts', 'An invoice looks wrong', 'You were not treated with respect'],
    response: 'We acknowledge your complaint within 2 business days and aim to resolve it within 21 days. If it will take longer, we tell you why.',
  },
  {
    id: 'incident',
    routeId: 'reportIncident',
    title: 'Report an incident',
    when: 'Something happened during support that hurt someone, could have hurt someone, or put someone at risk.',
    examples: ['A fall, injury or medication error', 'Abuse, neglect or unexplained injuries', 'Property damage or a near miss'],
    response: 'We respond within 24 hours. Serious incidents involving NDIS participants are reported to the NDIS Commission as the law requires.',
  },
] as const;

const nextSteps = [
  'You receive a reference number straight away, so you can follow up with us at any time.',
  'A member of our team reads what you sent and contacts you if they need more details. You can ask for a phone call instead of emails.',
  'For complaints and incidents, we look into what happened, talk with the people involved, and keep you informed along the way.',
  'We tell you what we found and what we will do about it. If you are not happy with the outcome, you can ask for it to be reviewed by someone who was not involved.',
  'We use what we learn to improve, and we never treat you differently because you spoke up.',
] as const;

export default function FeedbackHubPage() {
  const site = useSiteConfig();

  return (
    <InfoPage
      title="Feedback, complaints and incident reports"
      lead="Whether something went well, went wrong or put someone at risk, we want to know. Choose the option that fits, and we will take it from there."
      illustration={<ThreeWaysIllustration />}
    >
      <Notice tone="warning" role="region" aria-labelledby="emergency-heading">
        <Title order={2} size="h3" id="emergency-heading">
          In an emergency, call 000
        </Title>
        <Text mt="xs">
          If someone is in danger or needs urgent medical help, call{' '}
          <Anchor href="tel:000" fw={700} inherit>
            000
          </Anchor>{' '}
          now. When everyone is safe, report the incident to us.
        </Text>
      </Notice>

      <TitledSection id="three-ways-heading" heading="Three ways to tell us">
        <SimpleGrid component="ul" className={classes.plainList} cols={{ base: 1, md: 3 }} spacing="lg" mt="lg">
          {ways.map((way) => (
            <Box component="li" key={way.id} className={classes.way}>
              <Title order={3} size="h4">
                {way.title}
              </Title>
              <Text mt="xs">
                <strong>Use this when</strong> {way.when.charAt(0).toLowerCase() + way.when.slice(1)}
              </Text>
              <Text mt="sm" fw={600} size="sm">
                For example:
              </Text>
              <List size="sm" spacing={2} mt={4}>
                {way.examples.map((example) => (
                  <List.Item key={example}>{example}</List.Item>
                ))}
              </List>
              <Text mt="sm" mb="md" size="sm">
                {way.response}
              </Text>
              <Button component={Link} to={sitePath(site, way.routeId)} className={classes.wayButton}>
                {way.title}
              </Button>
            </Box>
          ))}
        </SimpleGrid>
        <Text mt="lg" maw={760}>
          Not sure which to choose? Pick the one that feels closest; we will treat it the right way. You can also
          call us on{' '}
          <Anchor href={telHref(site.supportPhone)} fw={600}>
            {site.supportPhone}
          </Anchor>{' '}
          or email{' '}
          <Anchor href={`mailto:${site.supportEmail}`} fw={600}>
            {site.supportEmail}
          </Anchor>
          , and we will fill in the form with you.
        </Text>
      </TitledSection>

      <TitledSection id="what-next-heading" heading="What happens next">
        <List type="ordered" mt="md" spacing="sm" maw={760}>
          {nextSteps.map((step) => (
            <List.Item key={step}>{step}</List.Item>
          ))}
        </List>
        <Text mt="md" maw={760}>
          You can give feedback or complain anonymously, and you can have a family member, friend, advocate or
          interpreter help you or speak for you. Read our{' '}
          <Anchor component={Link} to={sitePath(site, 'complaintsPolicy')}>
            complaints policy
          </Anchor>{' '}
          and{' '}
          <Anchor component={Link} to={sitePath(site, 'yourRights')}>
            your rights
          </Anchor>{' '}
          for the details.
        </Text>
      </TitledSection>

      <TitledSection id="advocacy-heading" heading="Support to speak up" className={classes.tinted}>
        <List mt="md" spacing="sm" maw={760}>
          <List.Item>
            <strong>Disability advocacy:</strong> an independent advocate can help you raise a concern and make sure
            you are heard. The Australian Government’s Disability Advocacy Finder lists free advocacy services near
            you.
          </List.Item>
          <List.Item>
            <strong>Older Persons Advocacy Network (OPAN):</strong> free, independent advocacy for older people
            receiving aged care, on <Anchor href="tel:1800700600">1800 700 600</Anchor>.
          </List.Item>
          <List.Item>
            <strong>Interpreters:</strong> call TIS National on <Anchor href="tel:131450">131 450</Anchor> and ask
            them to call us with you.
          </List.Item>
          <List.Item>
            <strong>Hearing or speech impairment:</strong> you can contact us through the National Relay Service.
          </List.Item>
        </List>
      </TitledSection>

      <TitledSection id="external-heading" heading="Taking it further">
        <Text mt="sm" maw={760}>
          You can contact these independent bodies at any time. You don’t have to come to us first, and contacting
          them will not affect your support.
        </Text>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" mt="md">
          <Box className={classes.way}>
            <Title order={3} size="h4">
              NDIS Quality and Safeguards Commission
            </Title>
            <Text mt="xs">For concerns about NDIS supports or services, or about any NDIS provider or worker.</Text>
            <Text mt="xs" fw={700}>
              <Anchor href="tel:1800035544">1800 035 544</Anchor>
            </Text>
          </Box>
          <Box className={classes.way}>
            <Title order={3} size="h4">
              Aged Care Quality and Safety Commission
            </Title>
            <Text mt="xs">For concerns about aged care services, including care at home with Support at Home or a Home Care Package.</Text>
            <Text mt="xs" fw={700}>
              <Anchor href="tel:1800951822">1800 951 822</Anchor>
            </Text>
          </Box>
        </SimpleGrid>
      </TitledSection>
    </InfoPage>
  );
}
