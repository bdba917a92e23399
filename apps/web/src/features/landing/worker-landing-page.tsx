import { Anchor, Button, Group, List, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PageIntro } from '../../platform/page-intro';
import { sitePath, useSiteConfig } from '../../platform/site-config';
import { CallToActionBand } from './call-to-action-band';
import { FaqAccordion, type FaqEntry } from './faq-accordion';
import { WorkerIllustration } from './landing-illustrations';
import { LandingSection } from './landing-section';
import { PointGrid, type LandingPoint } from './point-grid';
import { StepsList, type LandingStep } from './steps-list';

/**
 * The care worker landing page (/careworker and /carer, spec 2.2). What working independently
 * through the marketplace means, what a worker needs (workflows.md "Worker onboarding") and how
 * it works, with the sign-up at /careworker/register.
 */

const requirements = [
  {
    title: 'An ABN',
    text: 'You work as an independent contractor, so you need your own Australian Business Number. You can apply for one online for free through the Australian Business Register.',
  },
  {
    title: 'A national police check',
    text: 'A Nationally Coordinated Criminal History Check issued in the last 12 months, renewed every 3 years.',
  },
  {
    title: 'An NDIS Worker Screening Check',
    text: 'A clearance from the screening unit in your state or territory. It lasts 5 years and goes with you from job to job.',
  },
  {
    title: 'A working with children check, if you support anyone under 18',
    text: 'Its name depends on where you live: a Working with Children Check in NSW, Victoria, WA and SA, a Blue Card in Queensland, a Working with Vulnerable People registration in the ACT and Tasmania, and an Ochre Card in the NT.',
  },
  {
    title: 'Two referees',
    text: 'People who know your work, such as a past supervisor or a client’s family. We email each of them a short reference form.',
  },
  {
    title: 'Onboarding',
    text: 'You accept our terms of engagement, the NDIS Code of Conduct and the Aged Care Code of Conduct, and our team checks your documents before your profile goes live.',
  },
] as const;

const steps: readonly LandingStep[] = [
  { title: 'Register', text: 'Create your account with your contact details and verify your email address.' },
  {
    title: 'Build your profile',
    text: 'Add a friendly photo, a short bio, your skills, languages, rates, the days you are free and how far you will travel.',
  },
  {
    title: 'Add your checks',
    text: 'Upload your documents and name your referees. Once our team approves them, your profile shows in search.',
  },
  {
    title: 'Find work that suits you',
    text: 'Get emails about jobs near you that match your skills, apply with a message, and meet clients before you agree to anything.',
  },
  {
    title: 'Agree a contract',
    text: 'Your client offers a service agreement with the supports, rates and cancellation terms. You accept it when it is right for you.',
  },
  {
    title: 'Work, submit hours, get paid',
    text: 'After each shift, submit your hours and a shift note. When your client approves them, the invoice goes out and you are paid.',
  },
];

export default function WorkerLandingPage() {
  const site = useSiteConfig();
  const registerPath = sitePath(site, 'workerRegister');

  const reasons: readonly LandingPoint[] = [
    {
      title: 'Set your own rates and hours',
      text: 'Choose your hourly rates for weekdays, evenings, weekends and public holidays, and the times you are available. Your rates show on your profile, so clients know where they stand from the start.',
    },
    {
      title: 'Choose who you work with',
      text: 'Apply for the jobs that fit your skills and your area, meet the person first, and only take on work that feels right for you both.',
    },
    {
      title: 'Get paid through invoices and remittances',
      text: 'Submit your hours online. Once your client approves them we issue the invoice, collect the payment and pay you, with a remittance that lists each invoice, any fee taken and the amount paid.',
    },
    {
      title: 'A platform fee you can see',
      text: `${site.brandName} keeps a set percentage of the hourly amounts you earn, taken from your payment. There is no fee on travel, expenses or GST, and your clients pay the rates you set and nothing more. Your account shows the fee on its Platform fee page.`,
    },
    {
      title: 'Insurance while you work',
      text: (
        <>
          While you work through {site.brandName} you are covered by public liability and personal accident
          insurance. Our{' '}
          <Anchor component={Link} to={sitePath(site, 'insurancePolicy')} inherit>
            insurance policy
          </Anchor>{' '}
          explains what is covered.
        </>
      ),
    },
    {
      title: 'Keep learning',
      text: 'The learning hub has training and guides for independent workers, including the NDIS induction you need before supporting participants whose plans the NDIA manages.',
    },
  ];

  const faqs: readonly FaqEntry[] = [
    {
      question: `Will I be an employee of ${site.brandName}?`,
      answer: `No. You work as an independent contractor with your own ABN. You choose your clients, your rates and your hours, and you look after your own tax and super. ${site.brandName} connects you with clients, handles the invoicing and payments, and supports you along the way.`,
    },
    {
      question: 'How much can I charge?',
      answer:
        'You set your own rates. For clients who pay with NDIS funding, what is claimed for each support cannot go over the NDIS price limit for that support, time and place, so keep your rates for those clients within the limits.',
    },
    {
      question: 'When do I get paid?',
      answer:
        'Once your client approves your hours, we issue the invoice. When the payment reaches us, we pay it into your bank account and send you a remittance. If a client does not approve or query your hours in time, they are approved automatically, so you are never left waiting.',
    },
    {
      question: 'Do I need qualifications?',
      answer:
        'Not always. Many clients look for the right person as much as a certificate. Add the qualifications you have, such as a Certificate III or IV in Individual Support or first aid, because clients can search for them.',
    },
    {
      question: 'What happens if a client cancels at short notice?',
      answer:
        'Your contract sets the cancellation policy. Unless you agree otherwise, it follows the NDIS rule: if a shift is cancelled with less than 7 clear days’ notice, or the client is not there when you arrive, up to the full shift can be charged.',
    },
    {
      question: 'Do I need a car?',
      answer:
        'No, but many jobs ask for a driver. Say on your profile whether you drive and have your own car. Travel by car can be charged per kilometre at the rate you agree in your contract.',
    },
  ];

  return (
    <>
      <PageIntro
        title="Work your way as an independent support worker"
        lead={`Choose the people you support, set your own rates and hours, and get paid for every approved shift. ${site.brandName} takes care of the invoices and payments, so you can get on with the work you love.`}
        illustration={<WorkerIllustration />}
      >
        <Group mt="xl" gap="md">
          <Button component={Link} to={registerPath} size="lg">
            Register as a worker
          </Button>
          <Button component={Link} to={sitePath(site, 'login')} size="lg" variant="outline" bg="white">
            Log in
          </Button>
        </Group>
      </PageIntro>

      <LandingSection title={`Why work independently through ${site.brandName}`}>
        <PointGrid points={reasons} />
      </LandingSection>

      <LandingSection
        tinted
        title="What you need"
        intro="Clients trust the workers they find here because every worker holds the same checks. Here is what we ask for before your profile goes live. We remind you 30 days before any of your documents expires."
      >
        <List spacing="md" maw={820} listStyleType="disc">
          {requirements.map((item) => (
            <List.Item key={item.title}>
              <Text fw={700} component="span">
                {item.title}.
              </Text>{' '}
              {item.text}
            </List.Item>
          ))}
        </List>
      </LandingSection>

      <LandingSection title="How it works">
        <StepsList steps={steps} />
      </LandingSection>

      <LandingSection tinted title="Questions workers ask">
        <FaqAccordion entries={faqs} />
      </LandingSection>

      <CallToActionBand
        title="Ready to start?"
        text="Registering takes a few minutes. You can finish your profile and add your checks at your own pace."
      >
        <Button component={Link} to={registerPath} size="lg" variant="white">
          Register as a worker
        </Button>
      </CallToActionBand>
    </>
  );
}
