import { Anchor, Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import { PageIntro } from '../../platform/page-intro';
import { sitePath, useSiteConfig } from '../../platform/site-config';
import { CallToActionBand } from './call-to-action-band';
import { FaqAccordion, type FaqEntry } from './faq-accordion';
import { ProviderIllustration } from './landing-illustrations';
import { LandingSection } from './landing-section';
import { PointGrid, type LandingPoint } from './point-grid';
import { StepsList, type LandingStep } from './steps-list';

/**
 * The providers page (/providers and /csproviders, spec 2.3). Aged care and NDIS providers
 * partner so their clients can choose their own workers; the provider receives and pays the
 * invoices (workflows.md "Paying and getting paid"). Providers sign in on a separate platform
 * (spec section 1), linked from here.
 */
export default function ProvidersPage() {
  const site = useSiteConfig();
  const contactPath = sitePath(site, 'contactUs');
  const providerPlatform = site.links.providerPlatform;

  const reasons: readonly LandingPoint[] = [
    {
      title: 'Choice for the people you support',
      text: 'Your clients can choose an independent worker they know and like, for the days and times that suit them, while you stay their provider.',
    },
    {
      title: 'Checks done before the first shift',
      text: 'Every worker holds a national police check, an NDIS Worker Screening clearance, a working with children check where needed, two references and an ABN before they can work.',
    },
    {
      title: 'Clear invoices, paid one way',
      text: 'Each approved set of hours becomes one itemised invoice, emailed to you. You pay it by bank transfer, and we pay the worker.',
    },
    {
      title: 'Records you can rely on',
      text: 'Contracts, bookings, approved hours and shift notes are kept together and can be downloaded, so you have what you need for your own records and reviews.',
    },
  ];

  const steps: readonly LandingStep[] = [
    {
      title: 'Talk to us',
      text: 'Tell us about your organisation and the clients who would like to choose their own workers.',
    },
    {
      title: 'Agree how it will work',
      text: 'We agree which clients and services are included, who approves hours, and where invoices go.',
    },
    {
      title: 'Your client chooses a worker',
      text: 'Your client, their family or you post a job or search, meet workers and agree a contract with rates that fit their budget.',
    },
    {
      title: 'Support is delivered',
      text: 'The worker submits hours and a shift note after each shift, and your client or their nominee approves them.',
    },
    {
      title: 'You receive the invoice',
      text: 'The invoice is emailed to you with each shift’s date, times, rate and any travel. You pay it, and the worker is paid.',
    },
  ];

  const compliance: readonly LandingPoint[] = [
    {
      title: 'Invoicing',
      text: 'Invoices are priced from the worker’s contract and split by time of day and day of the week. GST is added only when the worker is registered for GST. For NDIS-funded clients each line carries its NDIS support item.',
    },
    {
      title: 'Worker compliance',
      text: 'We keep each worker’s checks with their expiry dates, remind workers before a document lapses, and take a worker’s profile offline when a required check runs out.',
    },
    {
      title: 'Insurance',
      text: `Workers are covered by public liability and personal accident insurance while they work through ${site.brandName}.`,
    },
    {
      title: 'Incidents and complaints',
      text: (
        <>
          Anyone can{' '}
          <Anchor component={Link} to={sitePath(site, 'reportIncident')} inherit>
            report an incident
          </Anchor>{' '}
          or make a complaint. Our team responds, and incidents that may need reporting to the NDIS Quality and
          Safeguards Commission are treated as urgent.
        </>
      ),
    },
  ];

  const faqs: readonly FaqEntry[] = [
    {
      question: 'Which providers can partner with us?',
      answer:
        'Approved aged care providers delivering Support at Home (and Home Care Packages before it), and NDIS providers whose participants would like to choose their own independent workers.',
    },
    {
      question: 'Does the client pay more when they choose their own worker?',
      answer: `The invoice shows the worker’s agreed rates and nothing more. ${site.brandName}'s platform fee comes out of the worker’s payment, not out of the client’s budget.`,
    },
    {
      question: 'Can Commonwealth Home Support Programme (CHSP) funding be used?',
      answer:
        'No. CHSP funding cannot pay for support through the marketplace. Clients with Support at Home, a Home Care Package, NDIS funding or their own money can.',
    },
    {
      question: 'Where do I sign in?',
      answer: (
        <>
          Partner providers sign in to our separate{' '}
          <Anchor href={providerPlatform} inherit>
            provider platform
          </Anchor>
          .
        </>
      ),
    },
  ];

  return (
    <>
      <PageIntro
        title="Partner with us so your clients can choose their own workers"
        lead={`Home care and NDIS providers partner with ${site.brandName} so the people they support can choose independent workers they know and trust, while the provider keeps oversight of the funding.`}
        illustration={<ProviderIllustration />}
      >
        <Group mt="xl" gap="md">
          <Button component={Link} to={contactPath} size="lg">
            Enquire about partnering
          </Button>
          <Button component="a" href={providerPlatform} size="lg" variant="outline" bg="white">
            Provider platform login
          </Button>
        </Group>
      </PageIntro>

      <LandingSection title="Why providers partner with us">
        <PointGrid points={reasons} columns={2} />
      </LandingSection>

      <LandingSection tinted title="How it works">
        <StepsList steps={steps} />
      </LandingSection>

      <LandingSection title="How invoicing and compliance work">
        <PointGrid points={compliance} columns={2} />
      </LandingSection>

      <LandingSection tinted title="Questions providers ask">
        <FaqAccordion entries={faqs} />
      </LandingSection>

      <CallToActionBand
        title="Let’s talk"
        text="Tell us about your organisation and your clients, and we will get back to you to talk it through."
      >
        <Button component={Link} to={contactPath} size="lg" variant="white">
          Enquire about partnering
        </Button>
        <Button component="a" href={providerPlatform} size="lg" variant="outline" color="white">
          Provider platform login
        </Button>
      </CallToActionBand>
    </>
  );
}
