import { useSiteConfig } from '../../platform/site-config';
import { FeatureList, type Feature } from './feature-list';
import { HomeSection } from './home-section';

/** Section 3 of spec 2.9: what the product is, the pitch of spec section 1. */
function pitch(brandName: string): readonly Feature[] {
  return [
    {
      title: 'Choice and control',
      text: 'You choose who supports you. Read profiles, rates and reviews, meet the workers you like, and agree the tasks, days and times that suit you.',
    },
    {
      title: 'Affordable support',
      text: 'Independent workers set their own rates, so your NDIS plan, home care funding or your own money can stretch to more hours of support.',
    },
    {
      title: 'Pay online',
      text: 'Approve your worker’s hours and pay online. No cash, no chasing invoices, and a clear record of every shift.',
    },
    {
      title: 'The AI worker match',
      text: 'Tell our AI worker match about the support you need and it suggests workers who fit. You always make the final choice.',
    },
    {
      title: 'Background checks',
      text: 'Workers hold a current police check and a disability worker screening check, and a working with children check where they support young people.',
    },
    {
      title: 'References and onboarding',
      text: 'Every worker gives us two references and completes our onboarding before they can start taking on work.',
    },
    {
      title: 'Insured workers',
      text: `Workers are covered by public liability and accident insurance for the work they do through ${brandName}.`,
    },
    {
      title: 'NDIS and aged care funding',
      text: `${brandName} is a registered NDIS provider and partners with aged care providers, so you can use your NDIS plan or home care funding on the worker you choose.`,
    },
  ];
}

export function WhatIsSection() {
  const site = useSiteConfig();
  return (
    <HomeSection
      title={`What is ${site.brandName}?`}
      intro={`${site.brandName} is an Australian online marketplace that connects older people, people with disability and people living with mental illness, and the families and professionals who help them, with independent care and support workers.`}
      tone="tinted"
    >
      <FeatureList features={pitch(site.brandName)} columns={2} />
    </HomeSection>
  );
}
