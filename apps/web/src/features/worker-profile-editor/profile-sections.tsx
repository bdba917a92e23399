import { Button, Checkbox, MultiSelect, NativeSelect, NumberInput, Switch, Table, Text, Textarea, TextInput } from '@mantine/core';
import { Fragment } from 'react';
import type { WorkerProfileEditor } from '@tendly/domain/api/worker-onboarding';
import type { Availability } from '@tendly/domain/days';
import { languages } from '@tendly/domain/languages';
import { genders } from '@tendly/domain/profile-options';
import { qualifications } from '@tendly/domain/qualifications';
import { skillGroups } from '@tendly/domain/skills';
import { suggestRatesFromWeekday } from '@tendly/domain/suggested-rates';
import { offersPersonalCare, PERSONAL_CARE_TASK, taskGroups } from '@tendly/domain/tasks';
import { BIO_MAX_LENGTH, BIO_MIN_LENGTH } from '@tendly/domain/worker-onboarding';
import {
  centsToDollars,
  DEFAULT_TRAVEL_RADIUS_KM,
  dollarsToCents,
  TRAVEL_RADIUS_MAX_KM,
  TRAVEL_RADIUS_MIN_KM,
  workerProfileSectionSchemas as schemas,
} from '@tendly/domain/validation/worker-profile';
import { PlaceField } from '../../platform/place-field';
import { WeekSlotsGrid } from '../../platform/week-slots-table';
import { EditorSection } from './editor-section';
import { useSectionForm } from './use-section-form';

type Props = { profile: WorkerProfileEditor };

const skillData = skillGroups.map((group) => ({ group: group.label, items: group.skills.map((s) => ({ value: s.code, label: s.label })) }));
const taskData = taskGroups.map((group) => ({ group: group.label, items: group.tasks.map((t) => ({ value: t.code, label: t.label })) }));
const qualificationData = qualifications.map((q) => ({ value: q.code, label: q.label }));
const languageData = languages.map((l) => ({ value: l.code, label: l.label }));

export function AboutSection({ profile }: Props) {
  const form = useSectionForm({ section: 'about', schema: schemas.about, initialValues: { headline: profile.headline ?? '', bio: profile.bio ?? '' } });
  return (
    <EditorSection id="about" title="About you" description="Care seekers read this first: the first 100 characters of your bio show on your card." {...form}>
      <TextInput id="about-headline" label="Headline" description="One line about the support you give" value={form.values.headline} onChange={(e) => form.setValue('headline', e.currentTarget.value)} {...form.errorOf('headline')} />
      <Textarea
        id="about-bio"
        label="Bio"
        description={`${BIO_MIN_LENGTH} to ${BIO_MAX_LENGTH.toLocaleString('en-AU')} characters. You have written ${form.values.bio.trim().length}.`}
        rows={6}
        value={form.values.bio}
        onChange={(e) => form.setValue('bio', e.currentTarget.value)}
        {...form.errorOf('bio')}
      />
    </EditorSection>
  );
}

export function SkillsSection({ profile }: Props) {
  const form = useSectionForm({ section: 'skills', schema: schemas.skills, initialValues: { skills: profile.skills as string[], tasks: profile.tasks as string[] } });
  return (
    <EditorSection id="skills" title="Support and skills" description="The kinds of support you offer and the tasks you help with." {...form}>
      {/* The same answer as the personal care task below, asked plainly: care seekers who filter
          for personal care (or ask the match for help with showering) find the workers who tick it. */}
      <Checkbox
        id="skills-personal-care"
        label="I offer personal care"
        description="Help with showering, dressing, toileting and grooming. Care seekers who need it can find you."
        checked={offersPersonalCare(form.values.tasks)}
        onChange={(event) => {
          const others = form.values.tasks.filter((task) => task !== PERSONAL_CARE_TASK);
          form.setValue('tasks', event.currentTarget.checked ? [...others, PERSONAL_CARE_TASK] : others);
        }}
      />
      <MultiSelect id="skills-skills" label="Support categories and skills" data={skillData} searchable value={form.values.skills} onChange={(value) => form.setValue('skills', value)} {...form.errorOf('skills')} />
      <MultiSelect id="skills-tasks" label="Tasks you help with" data={taskData} searchable value={form.values.tasks} onChange={(value) => form.setValue('tasks', value)} {...form.errorOf('tasks')} />
    </EditorSection>
  );
}

export function ExperienceSection({ profile }: Props) {
  const form = useSectionForm({
    section: 'experience',
    schema: schemas.experience,
    initialValues: { experienceYears: profile.experienceYears === null ? '' : String(profile.experienceYears), qualifications: profile.qualifications as string[] },
    toPayload: (v) => ({ experienceYears: v.experienceYears.trim() === '' ? null : Number(v.experienceYears), qualifications: v.qualifications }),
  });
  return (
    <EditorSection id="experience" title="Experience" {...form}>
      <TextInput id="experience-years" label="Years of experience in care and support" inputMode="numeric" value={form.values.experienceYears} onChange={(e) => form.setValue('experienceYears', e.currentTarget.value)} {...form.errorOf('experienceYears')} />
      <MultiSelect id="experience-qualifications" label="Qualifications" data={qualificationData} searchable value={form.values.qualifications} onChange={(value) => form.setValue('qualifications', value)} {...form.errorOf('qualifications')} />
    </EditorSection>
  );
}

export function LanguagesSection({ profile }: Props) {
  const form = useSectionForm({ section: 'languages', schema: schemas.languages, initialValues: { languages: profile.languages as string[] } });
  return (
    <EditorSection id="languages" title="Languages" {...form}>
      <MultiSelect id="languages-languages" label="Languages you speak" data={languageData} searchable value={form.values.languages} onChange={(value) => form.setValue('languages', value)} {...form.errorOf('languages')} />
    </EditorSection>
  );
}

const NOT_SAYING = 'NOT_SAYING';

export function GenderSection({ profile }: Props) {
  const form = useSectionForm({
    section: 'gender',
    schema: schemas.gender,
    initialValues: { gender: profile.gender ?? NOT_SAYING },
    toPayload: (v) => ({ gender: v.gender === NOT_SAYING ? null : v.gender }),
  });
  return (
    <EditorSection id="gender" title="Gender" description="Some care seekers prefer a worker of a particular gender." {...form}>
      <NativeSelect
        id="gender-gender"
        label="Gender"
        data={[...genders.map((g) => ({ value: g.code, label: g.label })), { value: NOT_SAYING, label: 'Prefer not to say' }]}
        value={form.values.gender}
        onChange={(e) => form.setValue('gender', e.currentTarget.value)}
        {...form.errorOf('gender')}
      />
    </EditorSection>
  );
}

export function LocationSection({ profile }: Props) {
  const form = useSectionForm({
    section: 'location',
    schema: schemas.location,
    initialValues: { location: profile.location?.label ?? '', travelRadiusKm: profile.travelRadiusKm ?? DEFAULT_TRAVEL_RADIUS_KM },
  });
  return (
    <EditorSection id="location" title="Where you work" description="Your home suburb is never shown exactly: care seekers see the suburb and how far away you are." {...form}>
      <PlaceField id="location-location" label="Home suburb or postcode" value={form.values.location} onChange={(value) => form.setValue('location', value)} {...form.errorOf('location')} />
      <NumberInput
        id="location-radius"
        label="How far you will travel, in km"
        min={TRAVEL_RADIUS_MIN_KM}
        max={TRAVEL_RADIUS_MAX_KM}
        allowDecimal={false}
        value={form.values.travelRadiusKm}
        onChange={(value) => form.setValue('travelRadiusKm', typeof value === 'number' ? value : Number.NaN)}
        {...form.errorOf('travelRadiusKm')}
      />
    </EditorSection>
  );
}

export function TransportSection({ profile }: Props) {
  const form = useSectionForm({ section: 'transport', schema: schemas.transport, initialValues: { hasDriversLicence: profile.hasDriversLicence, hasCar: profile.hasCar } });
  return (
    <EditorSection id="transport" title="Transport" {...form}>
      <Switch id="transport-licence" label="I have a driver licence" checked={form.values.hasDriversLicence} onChange={(e) => form.setValue('hasDriversLicence', e.currentTarget.checked)} />
      <Switch id="transport-car" label="I have my own car" checked={form.values.hasCar} onChange={(e) => form.setValue('hasCar', e.currentTarget.checked)} />
    </EditorSection>
  );
}

export function SupportsMinorsSection({ profile }: Props) {
  const form = useSectionForm({ section: 'supportsMinors', schema: schemas.supportsMinors, initialValues: { supportsMinors: profile.supportsMinors } });
  return (
    <EditorSection id="supports-minors" title="Children and young people" description="If you support people under 18, you also need a working with children check." {...form}>
      <Switch id="supports-minors" label="I support people under 18" checked={form.values.supportsMinors} onChange={(e) => form.setValue('supportsMinors', e.currentTarget.checked)} />
    </EditorSection>
  );
}

export function AvailabilitySection({ profile }: Props) {
  const form = useSectionForm({ section: 'availability', schema: schemas.availability, initialValues: { availability: profile.availability } });
  const toggle = (day: keyof Availability, slot: 'morning' | 'afternoon' | 'evening', checked: boolean) =>
    form.setValue('availability', { ...form.values.availability, [day]: { ...form.values.availability[day], [slot]: checked } });
  return (
    <EditorSection id="availability" title="Availability" description="Tick when you are usually free to work." {...form}>
      <WeekSlotsGrid
        caption="When you are available"
        dense
        renderCell={(day, slot) => (
          <Table.Td>
            <Checkbox
              aria-label={`${day.label} ${slot.label.toLowerCase()}`}
              checked={form.values.availability[day.code][slot.code]}
              onChange={(e) => toggle(day.code, slot.code, e.currentTarget.checked)}
            />
          </Table.Td>
        )}
      />
    </EditorSection>
  );
}

const rateFields = [
  { name: 'weekdayRateCents', label: 'Weekday rate, per hour' },
  { name: 'saturdayRateCents', label: 'Saturday rate, per hour' },
  { name: 'sundayRateCents', label: 'Sunday rate, per hour' },
  { name: 'publicHolidayRateCents', label: 'Public holiday rate, per hour' },
  { name: 'eveningRateCents', label: 'Evening rate, per hour' },
  { name: 'overnightRateCents', label: 'Active overnight rate, per hour (optional)' },
  { name: 'sleepoverRateCents', label: 'Sleepover rate, per night (optional)' },
  { name: 'travelPerKmCents', label: 'Travel, per km' },
] as const;
type RateName = (typeof rateFields)[number]['name'];

export function RatesSection({ profile }: Props) {
  const initialValues = Object.fromEntries(rateFields.map(({ name }) => [name, centsToDollars(profile.rates[name])])) as Record<RateName, string>;
  const form = useSectionForm({
    section: 'rates',
    schema: schemas.rates,
    initialValues,
    toPayload: (v) => Object.fromEntries(rateFields.map(({ name }) => [name, dollarsToCents(v[name])])),
  });
  const weekday = dollarsToCents(form.values.weekdayRateCents);
  const weekdayCents = typeof weekday === 'number' && Number.isInteger(weekday) && weekday > 0 ? weekday : null;
  const suggest = () => {
    if (weekdayCents === null) return;
    for (const [name, cents] of Object.entries(suggestRatesFromWeekday(weekdayCents))) form.setValue(name as RateName, centsToDollars(cents));
  };
  return (
    <EditorSection id="rates" title="Rates" description="In dollars, including GST if you are registered for it. Hourly rates are $20 to $300." {...form}>
      {rateFields.map(({ name, label }) => (
        <Fragment key={name}>
          <TextInput
            id={`rates-${name}`}
            label={label}
            leftSection={<Text aria-hidden="true">$</Text>}
            inputMode="decimal"
            value={form.values[name]}
            onChange={(e) => form.setValue(name, e.currentTarget.value)}
            {...form.errorOf(name)}
          />
          {name === 'weekdayRateCents' && (
            <div>
              <Button variant="default" disabled={weekdayCents === null} aria-describedby="rates-suggest-help" onClick={suggest}>
                Suggest my other rates from this one
              </Button>
              <Text id="rates-suggest-help" size="sm" mt={4}>
                Weekend, public holiday and evening rates loaded the way NDIS price limits are, and travel at $0.99 a km. You can change any of them.
              </Text>
            </div>
          )}
        </Fragment>
      ))}
    </EditorSection>
  );
}
