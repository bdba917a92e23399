import { FeatureList, type Feature } from './feature-list';
import { HomeSection } from './home-section';

/** Section 7 of spec 2.9. No figures: the point is how the pricing works, not a promise of savings. */
const points: readonly Feature[] = [
  {
    title: 'Workers set their own rates',
    text: 'Independent workers choose their hourly rates and show them on their profiles, so you can compare before you decide.',
  },
  {
    title: 'No agency overheads',
    text: 'There is no agency in the middle adding its margin to every hour, so more of your money goes to the person doing the work.',
  },
  {
    title: 'Within the NDIS price limits',
    text: 'For NDIS-funded support, the rates you agree stay within the NDIS price limits, so your plan is used the way it is meant to be.',
  },
  {
    title: 'You pay your worker’s rate',
    text: 'Our platform fee comes out of the worker’s payout, not on top of your bill. You pay the rate you agreed with your worker and nothing more.',
  },
];

export function MoneySection() {
  return (
    <HomeSection title="Watch your money go further" tone="tinted">
      <FeatureList features={points} columns={2} />
    </HomeSection>
  );
}
