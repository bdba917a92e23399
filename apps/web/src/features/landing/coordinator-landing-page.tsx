import { Anchor, Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import { PageIntro } from '../../platform/page-intro';
import { sitePath, useSiteConfig } from '../../platform/site-config';
import { CallToActionBand } from './call-to-action-band';
import { FaqAccordion, type FaqEntry } from './faq-accordion';
import { CoordinatorIllustration } from './landing-illustrations';
import { LandingSection } from './landing-section';
import { PointGrid, type LandingPoint } from './point-grid';
import { StepsList, type LandingStep } from './steps-list';

/**
 * The support coordinator landing page (/support-coordinator). What a coordinator can do for
 * their clients (spec 2.7 and workflows.md "People and accounts"): find workers, act for linked
 * clients, add or link clients, post jobs and have invoices go to plan managers.
 */

const steps: readonly LandingStep[] = [
  { title: 'Register', text: 'Create your support coordinator account and verify your email address.' },
  {
    title: 'Add or link your clients',
    text: 'Set up an account for a new client, or ask a client who already has one to link it to you.',
  },
  {
    title: 'Find the right worker',
    text: 'Post a job for your client or search for workers, then compare profiles and talk to the ones who fit.',
  },
  {
    title: 'Agree the supports',
    text: 'Offer a service agreement with the supports, rates and NDIS items, and book shifts once the worker accepts.',
  },
  {
    title: 'Hours and invoices flow',
    text: 'The worker submits hours, they are approved, and the invoice goes where your client’s funding says it should.',
  },
];

export default function CoordinatorLandingPage() {
  const site = useSiteConfig();
  const registerPath = sitePath(site, 'coordinatorRegister');
  const loginPath = sitePath(site, 'login');

  const features: readonly LandingPoint[] = [
    {
      title: 'Find and compare workers',
      text: 'Search independent workers by location, skills, languages and availability, and narrow it to those with an NDIS Worker Screening clearance, a driver’s licence or personal care experience. Compare profiles, rates and reviews side by side.',
    },
    {
      title: 'Act for your linked clients',
      text: 'Step into a linked client’s account to post jobs, message workers, offer contracts and approve hours for them. A banner shows whose account you are in, you can step back out at any time, and the record shows that you acted.',
    },
    {
      title: 'Add a client or request linking',
      text: 'Add a new client and manage their account for them, or send a linking request to a client who already has an account. They accept it, and their supports appear on your dashboard.',
    },
    {
      title: 'Post jobs for clients',
      text: 'Describe the support your client needs, where and when, and the worker they would feel comfortable with. Matching workers nearby hear about the job and apply.',
    },
    {
      title: 'Plan-managed invoicing',
      text: `When hours are approved, the invoice goes straight to the plan manager on your client’s account, with the NDIS support item on each line. For participants whose plan the NDIA manages, ${site.brandName} claims as a registered provider.`,
    },
    {
      title: 'Everything in one dashboard',
      text: 'Your SC dashboard lists your clients with quick links to add a client, request linking, make a referral and reach the help centre.',
    },
  ];

  const faqs: readonly FaqEntry[] = [
    {
      question: 'Does it cost my client more to use a worker through this marketplace?',
      answer: `No. Your client pays the rates agreed with the worker and nothing more. ${site.brandName}'s platform fee comes out of the worker’s payment, so NDIS-funded invoices stay within the price limits.`,
    },
    {
      question: 'What is the difference between adding a client and linking one?',
      answer:
        'Add a client when they have no account yet: you create it and manage it for them. Request linking when they already have an account: they keep it, and accepting your request lets you act for them.',
    },
    {
      question: 'Can my client keep a worker they already know?',
      answer:
        'Yes. The worker registers and completes their checks, and then your client, or you acting for them, can offer them a service agreement.',
    },
    {
      question: 'Can I refer a client without signing up?',
      answer: (
        <>
          Yes. Use our{' '}
          <Anchor component={Link} to={sitePath(site, 'referrals')} inherit>
            referral form
          </Anchor>{' '}
          and our team will get in touch with your client.
        </>
      ),
    },
  ];

  return (
    <>
      <PageIntro
        title="Find the right workers for every client"
        lead="Search and compare independent support workers, post jobs for your clients and keep each client’s supports, hours and invoices in one place."
        illustration={<CoordinatorIllustration />}
      >
        <Group mt="xl" gap="md">
          <Button component={Link} to={registerPath} size="lg">
            Register as a support coordinator
          </Button>
          <Button component={Link} to={loginPath} size="lg" variant="outline" bg="white">
            Log in
          </Button>
        </Group>
      </PageIntro>

      <LandingSection title="What you can do for your clients">
        <PointGrid points={features} />
      </LandingSection>

      <LandingSection tinted title="How it works">
        <StepsList steps={steps} />
      </LandingSection>

      <LandingSection title="Questions support coordinators ask">
        <FaqAccordion entries={faqs} />
      </LandingSection>

      <CallToActionBand
        title="Bring your clients’ supports together"
        text="Set up your account now and add your first client in a few minutes."
      >
        <Button component={Link} to={registerPath} size="lg" variant="white">
          Register as a support coordinator
        </Button>
        <Button component={Link} to={loginPath} size="lg" variant="outline" color="white">
          Log in
        </Button>
      </CallToActionBand>
    </>
  );
}
