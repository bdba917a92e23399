import { useSiteConfig } from '../../platform/site-config';
import { FeatureList, type Feature } from './feature-list';
import { HomeSection } from './home-section';

/** Section 8 of spec 2.9. */
function safetyPoints(brandName: string, supportPhone: string): readonly Feature[] {
  return [
    {
      title: 'Background checks',
      text: 'Workers need a current police check and a disability worker screening check, plus a working with children check where they support young people. We keep track of when each is due for renewal.',
    },
    {
      title: 'References',
      text: 'Every worker gives two references, and we check them before the worker’s profile goes live.',
    },
    {
      title: 'Insurance',
      text: `Workers are covered by public liability and accident insurance for the work they do through ${brandName}.`,
    },
    {
      title: 'Ratings and reviews',
      text: 'Read what other clients say about a worker before you choose, and leave your own review after a shift.',
    },
    {
      title: 'Secure online payments',
      text: 'Hours are approved and paid online. Your card details are held by our payment provider, never stored by us.',
    },
    {
      title: 'A support team on your side',
      text: `If something does not feel right, call us on ${supportPhone} and a real person will help you sort it out.`,
    },
  ];
}

export function SafetySection() {
  const site = useSiteConfig();
  return (
    <HomeSection title="Your safety is a priority">
      <FeatureList features={safetyPoints(site.brandName, site.supportPhone)} />
    </HomeSection>
  );
}
