import { Anchor, Group } from '@mantine/core';
import { Link } from 'react-router';
import { PageIntro } from '../../platform/page-intro';
import { sitePath, useSiteConfig } from '../../platform/site-config';
import { CallToActionBand } from './call-to-action-band';
import { FaqAccordion, type FaqEntry } from './faq-accordion';
import { FindCareActions } from './find-care-actions';
import { HomeCareIllustration } from './landing-illustrations';
import { LandingSection } from './landing-section';
import { PointGrid, type LandingPoint } from './point-grid';
import { StepsList, type LandingStep } from './steps-list';

/**
 * Support at Home and Home Care Packages (/home-care-package). Support at Home replaced Home
 * Care Packages on 1 November 2025 (/work/shared/domain/ndis.md "Aged care"): the client's
 * approved provider agrees to pay and receives the invoices; CHSP cannot pay through us.
 * Budget amounts are left out on purpose: they are indexed and change, and the client's
 * provider or My Aged Care gives the figure that applies to them.
 */
export default function HomeCarePackagePage() {
  const site = useSiteConfig();

  const changes: readonly LandingPoint[] = [
    {
      title: 'One program for care at home',
      text: 'Support at Home took the place of Home Care Packages on 1 November 2025. It pays for help at home so older people can keep living independently.',
    },
    {
      title: 'Eight budget levels',
      text: 'An assessment places you in one of eight classifications. Each comes with a budget for every quarter of the year, so you plan your support three months at a time.',
    },
    {
      title: 'Care management is set aside',
      text: 'Ten per cent of each quarterly budget goes to your provider for care management: planning your care with you, checking in and keeping things on track.',
    },
    {
      title: 'If you had a Home Care Package',
      text: 'You keep a budget that matches your old package level (1 to 4), so the support you rely on carries on.',
    },
  ];

  const steps: readonly LandingStep[] = [
    {
      title: 'Talk to your provider',
      text: `Let your approved aged care provider know you would like to use a worker you choose through ${site.brandName}, and ask them to agree to pay for it. They can contact us with any questions.`,
    },
    {
      title: 'Find a worker you like',
      text: 'Post a job describing the help you want, or search for workers near you. Read their profiles, rates and reviews, and meet the ones you like.',
    },
    {
      title: 'Agree the details',
      text: 'Offer your chosen worker a service agreement with the tasks, days and rates. Keep the hours within your quarterly budget, leaving room for your provider’s care management.',
    },
    {
      title: 'Support begins',
      text: 'Your worker submits their hours after each visit, and you, a family member or your nominee approve them.',
    },
    {
      title: 'Your provider pays',
      text: 'Once hours are approved, the invoice is emailed to the provider named in your account, who pays it from your budget.',
    },
  ];

  const faqs: readonly FaqEntry[] = [
    {
      question: 'Do I have to change providers?',
      answer:
        'No. Your approved provider stays your provider and keeps managing your budget. You choose the worker, and your provider pays the invoices.',
    },
    {
      question: 'What if my provider has not heard of us?',
      answer: (
        <>
          Point them to our{' '}
          <Anchor component={Link} to={sitePath(site, 'providers')} inherit>
            page for providers
          </Anchor>
          , or{' '}
          <Anchor component={Link} to={sitePath(site, 'contactUs')} inherit>
            contact us
          </Anchor>{' '}
          and we will talk to them with you.
        </>
      ),
    },
    {
      question: 'Can I use Commonwealth Home Support Programme (CHSP) services?',
      answer:
        'CHSP funding cannot pay for support through our marketplace. If you have CHSP services, you can still hire a worker here and pay for them yourself.',
    },
    {
      question: 'Will I pay anything extra?',
      answer: `Invoices show your worker’s agreed rates and nothing more. ${site.brandName}'s platform fee comes out of the worker’s payment. Your provider’s own charges are set by your agreement with them.`,
    },
    {
      question: 'Can I pay for extra hours myself?',
      answer: 'Yes. You can pay for support with your own money by card or bank transfer, on its own or alongside your budget.',
    },
  ];

  return (
    <>
      <PageIntro
        title="Use your Support at Home budget on a worker you choose"
        lead={`Support at Home has replaced Home Care Packages. With your provider’s agreement, you can use your budget to pay an independent worker you choose through ${site.brandName}, for the help you want, when you want it.`}
        illustration={<HomeCareIllustration />}
      >
        <Group mt="xl" gap="md">
          <FindCareActions />
        </Group>
      </PageIntro>

      <LandingSection title="What changed on 1 November 2025">
        <PointGrid points={changes} columns={2} />
      </LandingSection>

      <LandingSection
        tinted
        title="How to use a worker you choose"
        intro="Your provider still manages your budget. You choose who comes to your home."
      >
        <StepsList steps={steps} />
      </LandingSection>

      <LandingSection title="Questions about Support at Home">
        <FaqAccordion entries={faqs} />
      </LandingSection>

      <CallToActionBand
        title="Find help at home you feel good about"
        text="Tell local workers what you need, or browse their profiles now."
      >
        <FindCareActions onDark />
      </CallToActionBand>
    </>
  );
}
