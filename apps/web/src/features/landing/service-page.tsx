import { Anchor, Group, SimpleGrid, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { skillGroups } from '@tendly/domain/skills';
import { taskGroups } from '@tendly/domain/tasks';
import { PageIntro } from '../../platform/page-intro';
import { sitePath, useSiteConfig } from '../../platform/site-config';
import { CallToActionBand } from './call-to-action-band';
import { FindCareActions } from './find-care-actions';
import { ServiceIllustration } from './landing-illustrations';
import { LandingSection } from './landing-section';
import { PointGrid, type LandingPoint } from './point-grid';
import { serviceRouteIds, servicePages, type FundingKind, type ServiceRouteId } from './service-pages';
import { StepsList, type LandingStep } from './steps-list';
import classes from './landing.module.css';

/**
 * The service pages (/services/disability-support-workers, /services/mental-health-support-workers,
 * /services/aged-care-workers): one component, three routes. Which one it is comes from the path.
 */

function normalisePath(path: string): string {
  return path.replace(/\/+$/, '').toLowerCase() || '/';
}

const steps: readonly LandingStep[] = [
  {
    title: 'Search or post a job',
    text: 'Search workers near you by skills, languages and availability, or post a job and let workers who fit come to you.',
  },
  {
    title: 'Read their profiles',
    text: 'See each worker’s experience, rates, checks and reviews from other clients.',
  },
  {
    title: 'Meet before you decide',
    text: 'Message the workers you like and meet them, so you know it feels right before anyone starts.',
  },
  {
    title: 'Agree and book',
    text: 'Offer a service agreement with the tasks, days and rates you agreed, then book shifts on your calendar.',
  },
  {
    title: 'Approve hours and pay online',
    text: 'Your worker submits hours and a shift note after each shift. You approve them and payment happens online.',
  },
];

export default function ServicePage() {
  const site = useSiteConfig();
  const { pathname } = useLocation();
  const routeId: ServiceRouteId =
    serviceRouteIds.find((id) => normalisePath(sitePath(site, id)) === normalisePath(pathname)) ??
    'disabilitySupportWorkers';
  const page = servicePages[routeId];

  const fundingPoints: Record<FundingKind, LandingPoint> = {
    ndis: {
      title: 'NDIS funding',
      text: (
        <>
          Self-managed, plan-managed and agency-managed plans can all pay, within the NDIS price limits.{' '}
          <Anchor component={Link} to={sitePath(site, 'ndisFundedSupport')} inherit>
            How NDIS funding pays
          </Anchor>
          .
        </>
      ),
    },
    supportAtHome: {
      title: 'Support at Home',
      text: (
        <>
          Your approved aged care provider agrees to pay and receives the invoices. People with a Home Care
          Package kept a matching budget.{' '}
          <Anchor component={Link} to={sitePath(site, 'homeCarePackage')} inherit>
            How Support at Home pays
          </Anchor>
          .
        </>
      ),
    },
    private: {
      title: 'Your own money',
      text: 'Pay each approved invoice by saved card or by bank transfer. No referral or plan needed.',
    },
  };

  const tasksShown = page.taskGroups.flatMap((code) => taskGroups.filter((group) => group.code === code));
  const skillsShown = page.skillGroups.flatMap((code) => skillGroups.filter((group) => group.code === code));

  return (
    <>
      <PageIntro
        title={page.heading}
        lead={page.lead.replace('{brand}', site.brandName)}
        illustration={<ServiceIllustration art={page.art} />}
      >
        <Group mt="xl" gap="md">
          <FindCareActions />
        </Group>
      </PageIntro>

      <LandingSection title="What support can look like" intro={page.supportIntro}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
          {tasksShown.map((group) => (
            <div key={group.code}>
              <Title order={3} size="h4">
                {group.label} help
              </Title>
              <ul className={classes.list}>
                {group.tasks.map((task) => (
                  <li key={task.code}>
                    <Text component="span">{task.label}</Text>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </SimpleGrid>
      </LandingSection>

      <LandingSection tinted title="Experience workers bring" intro={page.skillsIntro}>
        {skillsShown.map((group) => (
          <div key={group.code}>
            <Title order={3} size="h4" mt="md">
              {group.label}
            </Title>
            <Group component="ul" gap="xs" mt="xs" p={0} style={{ listStyle: 'none' }}>
              {group.skills.map((skill) => (
                <li key={skill.code}>
                  <span className={classes.chip}>{skill.label}</span>
                </li>
              ))}
            </Group>
          </div>
        ))}
      </LandingSection>

      <LandingSection title="How to find and choose a worker">
        <StepsList steps={steps} />
      </LandingSection>

      <LandingSection tinted title="Funding that can pay">
        <PointGrid points={page.funding.map((kind) => fundingPoints[kind])} columns={2} />
        {routeId === 'agedCareWorkers' && (
          <Text mt="lg" maw={820}>
            Commonwealth Home Support Programme (CHSP) funding cannot pay for support through {site.brandName}.
          </Text>
        )}
      </LandingSection>

      <CallToActionBand
        title="Find the right person"
        text="Post a job and hear from local workers who fit, or start browsing profiles now."
      >
        <FindCareActions onDark />
      </CallToActionBand>
    </>
  );
}
