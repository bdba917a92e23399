import type { ReactNode } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import type { Job } from '@tendly/domain/api/jobs';
import { experienceLevels, genderPreferences, restrictivePracticesOptions, supportCategories } from '@tendly/domain/job-options';
import { languageLabel } from '@tendly/domain/languages';
import { requirementLabel } from '@tendly/domain/requirements';
import { skillLabel } from '@tendly/domain/skills';
import { taskLabel } from '@tendly/domain/tasks';
import {
  formatCalendarDate,
  formatHoursPerDay,
  formatHoursPerWeek,
  formatJobRate,
  payingForCareLabel,
} from '../../platform/job-format';
import { JobScheduleTable } from './job-schedule-table';
import classes from './job-details.module.css';

function labelOf<C extends string>(options: readonly { code: C; label: string }[], code: C): string {
  return options.find((option) => option.code === code)?.label ?? code;
}

export function JobSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const headingId = `job-${id}-heading`;
  return (
    <section aria-labelledby={headingId} className={classes.section}>
      <Title order={2} size="h3" id={headingId} mb="sm">
        {title}
      </Title>
      {children}
    </section>
  );
}

/** Term and description pairs; a fact without a value is left out. */
export function Facts({ facts }: { facts: readonly (readonly [term: string, value: ReactNode | null])[] }) {
  const shown = facts.filter(([, value]) => value !== null && value !== '');
  return (
    <dl className={classes.facts}>
      {shown.map(([term, value]) => (
        <div key={term} style={{ display: 'contents' }}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Tags({ items, label }: { items: readonly string[]; label: string }) {
  return (
    <ul className={classes.tags} aria-label={label}>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/**
 * Everything public about a job, section by section: the support and tasks, when, the pay, the
 * worker they hope for, health and safety, and the goal when the poster shares it. Health and
 * safety shows only whether each need exists; the details go to the worker the poster chooses.
 */
export function JobFacts({ job }: { job: Job }) {
  return (
    <Stack gap="xl">
      <JobSection id="support" title="The support needed">
        <Facts facts={[['Kind of support', labelOf(supportCategories, job.supportCategory)]]} />
        <Text fw={700} mt="md" mb={6}>
          Types of support
        </Text>
        <Tags items={job.supportType.map(skillLabel)} label="Types of support" />
        <Text fw={700} mt="md" mb={6}>
          Tasks
        </Text>
        {job.tasks.length > 0 ? <Tags items={job.tasks.map(taskLabel)} label="Tasks" /> : <Text>To be agreed with the worker.</Text>}
      </JobSection>

      <JobSection id="when" title="When">
        <JobScheduleTable availability={job.availability} />
        <div style={{ marginTop: 'var(--mantine-spacing-md)' }}>
          <Facts
            facts={[
              ['Hours a day', formatHoursPerDay(job.approxHoursPerDay)],
              ['Hours a week', formatHoursPerWeek(job.approxHoursPerWeek)],
              ['Starting', job.approxStartDate ? `From ${formatCalendarDate(job.approxStartDate)}` : 'As soon as the right worker is found'],
            ]}
          />
        </div>
      </JobSection>

      <JobSection id="pay" title="Pay">
        <Facts
          facts={[
            ['Rate', formatJobRate(job.hourlyRate)],
            ['Paid by', payingForCareLabel(job.payingForCareType)],
            ['NDIS support item', job.ndisFundingCode || null],
          ]}
        />
      </JobSection>

      <JobSection id="worker" title="The worker they hope to find">
        <Facts
          facts={[
            ['Gender', labelOf(genderPreferences, job.gender)],
            ['Experience', labelOf(experienceLevels, job.experience)],
            ['Languages', job.languages.length > 0 ? job.languages.map(languageLabel).join(', ') : 'No preference'],
            ['Also needed', job.other_requirements.length > 0 ? job.other_requirements.map(requirementLabel).join(', ') : 'Nothing else'],
          ]}
        />
      </JobSection>

      <JobSection id="health" title="Health and safety">
        <Facts
          facts={[
            ['Help with medication', yesNo(job.medicationRequired)],
            ['Behaviours of concern', yesNo(job.behaviourOfConcern)],
            ['Restrictive practices', labelOf(restrictivePracticesOptions, job.restrictivePractices)],
          ]}
        />
        {!job.isOwner && (job.medicationRequired || job.behaviourOfConcern || job.restrictivePractices !== 'NO') && (
          <Text mt="sm" size="sm">
            The details stay private. The person who posted the job shares them with the worker they choose.
          </Text>
        )}
      </JobSection>

      {job.goal && (
        <JobSection id="goal" title="Their goal">
          <Text className={classes.description} style={{ whiteSpace: 'pre-line' }}>
            {job.goal}
          </Text>
          {job.isOwner && !job.isGoalVisible && (
            <Text mt="xs" size="sm" fw={600}>
              Only you can see the goal: you chose to keep it from workers.
            </Text>
          )}
        </JobSection>
      )}
    </Stack>
  );
}
