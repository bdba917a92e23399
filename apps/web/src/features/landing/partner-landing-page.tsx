import { Anchor, Box, Container, Group, List, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { PARTNER_OFFER_CENTS } from '@tendly/domain/constants';
import { formatCents } from '@tendly/domain/format';
import { findRoute } from '@tendly/domain/routes';
import { usePageMetaOverride, type PageMeta } from '../../platform/page-meta';
import { PageIntro } from '../../platform/page-intro';
import { sitePath, useSiteConfig } from '../../platform/site-config';
import { CallToActionBand } from './call-to-action-band';
import { FindCareActions } from './find-care-actions';
import { PartnerIllustration } from './landing-illustrations';
import { LandingSection } from './landing-section';
import { partnerFromPath, type Partner, type PartnerKey } from './partner-from-path';
import { PointGrid, type LandingPoint } from './point-grid';
import { StepsList, type LandingStep } from './steps-list';
import classes from './landing.module.css';

/**
 * The partner landing pages (/{partnerOne} and /{partnerTwo}, spec 2.3): a welcome for customers
 * of a partner organisation. Partner one's customers get $250 towards support worker payments
 * (spec section 9, PARTNER_OFFER_CENTS); partner two has no offer.
 */

/** A whole-dollar amount reads better without cents in a headline: "$250", not "$250.00". */
function offerAmount(): string {
  return formatCents(PARTNER_OFFER_CENTS).replace(/\.00$/, '');
}

/** The page's title and description, naming the partner (the route table's are generic). */
export function partnerPageMeta(partner: Partner | null, key: PartnerKey | null): PageMeta {
  const route = findRoute(key === 'two' ? 'partnerTwo' : 'partnerOne');
  if (!partner) return { title: route.title, description: route.description };
  if (key === 'one') {
    return {
      title: `${partner.name} customers: ${offerAmount()} towards support workers`,
      description: `${partner.name} customers get ${offerAmount()} towards support worker payments. Find, choose and pay independent support workers online.`,
    };
  }
  return {
    title: `Support workers for ${partner.name} customers`,
    description: `${partner.name} customers can find, choose and pay independent support workers online.`,
  };
}

function PartnerOffer({ partner }: { partner: Partner }) {
  const site = useSiteConfig();
  const amount = offerAmount();
  return (
    <Box component="section" aria-labelledby="partner-offer-heading">
      <Container size="lg" py={{ base: 40, md: 56 }}>
        <Box className={classes.offer} maw={860}>
          <Title order={2} id="partner-offer-heading" className={classes.offerAmount}>
            {amount} towards support worker payments
          </Title>
          <Text size="lg" mt="sm">
            As a {partner.name} customer who is new to {site.brandName}, you get {amount} off what you pay your
            support workers, to help you get started.
          </Text>
          <Title order={3} size="h4" mt="lg">
            The terms, in plain words
          </Title>
          <List spacing="xs" mt="xs" listStyleType="disc">
            <List.Item>
              The offer is for new {site.brandName} customers who are customers of {partner.name}. It is one
              credit per person receiving support.
            </List.Item>
            <List.Item>
              Tell us you are a {partner.name} customer when you sign up, or call us on {site.supportPhone}, and
              we will add the credit to your account.
            </List.Item>
            <List.Item>
              The credit comes off your first invoices for support worker payments until all {amount} is used.
            </List.Item>
            <List.Item>
              It has no cash value: it cannot be swapped for cash, refunded or passed to someone else.
            </List.Item>
            <List.Item>
              Our{' '}
              <Anchor component={Link} to={sitePath(site, 'termsConditions')} inherit>
                terms and conditions
              </Anchor>{' '}
              also apply.
            </List.Item>
          </List>
        </Box>
      </Container>
    </Box>
  );
}

export default function PartnerLandingPage() {
  const site = useSiteConfig();
  const { pathname } = useLocation();
  const key = partnerFromPath(pathname, site.partners);
  const partner = key ? site.partners[key] : null;
  // The partner's name in the title and description (the route table's are generic).
  usePageMetaOverride(partnerPageMeta(partner, key));

  const partnerName = partner?.name ?? 'our partner organisations';

  const steps: readonly LandingStep[] = [
    { title: 'Post a job', text: 'Tell us what help you need, where and when. It takes a few minutes.' },
    {
      title: 'Meet workers',
      text: 'Local workers who fit apply to you. Read their profiles, rates and reviews, and meet the ones you like.',
    },
    {
      title: 'Agree the details',
      text: 'Offer your chosen worker a service agreement with the tasks, days and rates you have agreed together.',
    },
    {
      title: 'Approve hours and pay online',
      text: 'Your worker submits their hours after each shift. You approve them, and payment is made online.',
    },
  ];

  const funding: readonly LandingPoint[] = [
    {
      title: 'NDIS funding',
      text: (
        <>
          Self-managed, plan-managed or agency-managed.{' '}
          <Anchor component={Link} to={sitePath(site, 'ndisFundedSupport')} inherit>
            How NDIS funding pays
          </Anchor>
          .
        </>
      ),
    },
    {
      title: 'Support at Home',
      text: (
        <>
          With your aged care provider’s agreement.{' '}
          <Anchor component={Link} to={sitePath(site, 'homeCarePackage')} inherit>
            How Support at Home pays
          </Anchor>
          .
        </>
      ),
    },
    { title: 'Your own money', text: 'Pay each invoice by saved card or by bank transfer.' },
  ];

  return (
    <>
      <PageIntro
        title={partner ? `Welcome, ${partner.name} customers` : 'Welcome'}
        lead={`${site.brandName} works with ${partnerName} to help you find independent support workers you choose, for help at home, personal care, getting out and about and more. You agree the rates and times with your worker and pay online.`}
        illustration={<PartnerIllustration />}
      >
        <Group mt="xl" gap="md">
          <FindCareActions />
        </Group>
      </PageIntro>

      {key === 'one' && partner && <PartnerOffer partner={partner} />}

      <LandingSection tinted title="How it works">
        <StepsList steps={steps} />
      </LandingSection>

      <LandingSection title="Ways to pay">
        <PointGrid points={funding} />
      </LandingSection>

      <CallToActionBand
        title="Find support that suits you"
        text="Post a job and hear from local workers, or browse their profiles now."
      >
        <FindCareActions onDark />
      </CallToActionBand>
    </>
  );
}
