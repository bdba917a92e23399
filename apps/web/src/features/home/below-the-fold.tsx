import { seesCareSeekerCallsToAction } from '@tendly/domain/menus';
import { useViewer } from '../../platform/session';
import { AiMatchSection } from './ai-match-section';
import { CommunitySection } from './community-section';
import { HelpCardsSection } from './help-cards-section';
import { HowItWorksSection } from './how-it-works-section';
import { MoneySection } from './money-section';
import { SafetySection } from './safety-section';
import { TasksSection } from './tasks-section';
import { WhatIsSection } from './what-is-section';
import { WorkersSection } from './workers-section';

/** Sections 2 to 10 of the home page (spec 2.9), in order: everything below the hero. */
export default function BelowTheFold() {
  const viewer = useViewer();
  return (
    <>
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
