import { seesCareSeekerCallsToAction } from '@tendly/domain/menus';
import { useViewer } from '../../platform/session';
import { AiMatchSection } from './ai-match-section';
import { CommunitySection } from './community-section';
import { HeroSection } from './hero-section';
import { HelpCardsSection } from './help-cards-section';
import { HowItWorksSection } from './how-it-works-section';
import { MoneySection } from './money-section';
import { SafetySection } from './safety-section';
import { TasksSection } from './tasks-section';
import { WhatIsSection } from './what-is-section';
import { WorkersSection } from './workers-section';

/** The home page (spec 2.9): its ten sections, in the spec's order. */
export default function HomePage() {
  const viewer = useViewer();
  return (
    <>
      <HeroSection />
      <HelpCardsSection />
      <WhatIsSection />
      <HowItWorksSection />
      {/* Spec section 6: the AI worker match appears to visitors and care seekers only. */}
      {seesCareSeekerCallsToAction(viewer) && <AiMatchSection />}
      <TasksSection />
      <MoneySection />
      <SafetySection />
      <WorkersSection />
      <CommunitySection />
    </>
  );
}
