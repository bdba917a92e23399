import { useMemo, type ReactNode } from 'react';
import { Stack, Text, Title, type TitleOrder } from '@mantine/core';
import type { Job } from '@tendly/domain/api/jobs';
import { experienceLevels, genderPreferences, restrictivePracticesOptions, supportCategories } from '@tendly/domain/job-options';
import { languageLabel } from '@tendly/domain/languages';
import { requirementLabel } from '@tendly/domain/requirements';
import { skillLabel } from '@tendly/domain/skills';
import { taskLabel } from '@tendly/domain/tasks';
import { formatCalendarDate } from '@tendly/domain/format';
import { formatHoursPerDay, formatHoursPerWeek, formatJobRate, payingForCareLabel } from './job-format';
import { JobScheduleTable } from './job-schedule-table';
import { sanitiseJobDescription } from './sanitise-job-description';
import classes from './job-facts.module.css';
import tagListClasses from './tag-list.module.css';

/**
 * A whole job, section by section, as workers see it: on the job's page, and in the post-a-job
 * wizard's review before it is posted, so that what the poster checks is what goes live.
 */

function labelOf<C extends string>(options: readonly { code: C; label: string }[], code: C): string {
  return options.find((option) => option.code === code)?.label ?? code;
}

export function JobSection({
  id,
  title,
  headingOrder = 2,
  children,
}: {
  id: string;
  title: string;
  /** 2 on the job's page; 3 where the job sits under a heading of its own (the wizard's review). */
  headingOrder?: TitleOrder;
  children: ReactNode;
}) {
  const headingId = `job-${id}-heading`;
  return (
    <section aria-labelledby={headingId} className={classes.section}>
      <Title order={headingOrder} size="h3" id={headingId} mb="sm">
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
    <ul className={tagListClasses.tags} aria-label={label}>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

/**
 * The description's HTML with the poster's formatting. It is cleaned here whatever its source
 * (sanitise-job-description.ts): the server cleans a posted job's too, but a draft in the review
 * has not been to the server yet.
 */
export function JobDescription({ html }: { html: string }) {
  const clean = useMemo(() => sanitiseJobDescription(html), [html]);
  return <div className={classes.description} dangerouslySetInnerHTML={{ __html: clean }} />;
}

/** What of a job its facts show: a posted job, or a draft in the wizard's review. */
export type JobFactsFields = Pick<
  Job,
  | 'supportCategory'
  | 'supportType'
  | 'tasks'
  | 'availability'
  | 'approxHoursPerDay'
  | 'approxHoursPerWeek'
  | 'approxStartDate'
  | 'hourlyRate'
  | 'payingForCareType'
  | 'ndisFundingCode'
  | 'gender'
  | 'experience'
  | 'languages'
  | 'other_requirements'
  | 'medicationRequired'
  | 'behaviourOfConcern'
  | 'restrictivePractices'
  | 'goal'
  | 'isGoalVisible'
  | 'isOwner'
>;

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/**
 * Everything public about a job, section by section: the support and tasks, when, the pay, the
 * worker they hope for, health and safety, and the goal when the poster shares it. Health and
 * safety shows only whether each need exists; the details go to the worker the poster chooses.
 */
export function JobFacts({ job, headingOrder = 2 }: { job: JobFactsFields; headingOrder?: TitleOrder }) {
  return (
    <Stack gap="xl">
      <JobSection id="support" title="The support needed" headingOrder={headingOrder}>
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

      <JobSection id="when" title="When" headingOrder={headingOrder}>
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

      <JobSection id="pay" title="Pay" headingOrder={headingOrder}>
        <Facts
          facts={[
            ['Rate', formatJobRate(job.hourlyRate)],
            ['Paid by', payingForCareLabel(job.payingForCareType)],
            ['NDIS support item', job.ndisFundingCode || null],
          ]}
        />
      </JobSection>

      <JobSection id="worker" title="The worker they hope to find" headingOrder={headingOrder}>
        <Facts
          facts={[
            ['Gender', labelOf(genderPreferences, job.gender)],
            ['Experience', labelOf(experienceLevels, job.experience)],
            ['Languages', job.languages.length > 0 ? job.languages.map(languageLabel).join(', ') : 'No preference'],
            ['Also needed', job.other_requirements.length > 0 ? job.other_requirements.map(requirementLabel).join(', ') : 'Nothing else'],
          ]}
        />
      </JobSection>

      <JobSection id="health" title="Health and safety" headingOrder={headingOrder}>
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
        <JobSection id="goal" title="Their goal" headingOrder={headingOrder}>
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

/**
 * What of a job only its owner sees, set apart under a heading that says so: on the job's page,
 * and in the wizard's review. A fact left blank is not listed.
 */
export function PrivateJobDetails({
  intro,
  facts,
  headingOrder = 2,
}: {
  intro: string;
  facts: readonly (readonly [term: string, value: ReactNode | null])[];
  headingOrder?: TitleOrder;
}) {
  return (
    <section aria-labelledby="job-private-heading" className={classes.private}>
      <Title order={headingOrder} size="h3" id="job-private-heading">
        Only you can see this
      </Title>
      <Text mt={4} mb="md">
        {intro}
      </Text>
      <Facts facts={facts} />
    </section>
  );
}
