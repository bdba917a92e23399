import { Anchor, Badge, Button, Card, Container, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  complianceEntrySchema,
  complianceSectionRule,
  complianceSectionSchema,
  isComplianceSectionKey,
  type ComplianceOverviewItem,
  type ComplianceSectionKey,
  type ComplianceSectionResponse,
} from '@tendly/domain/compliance-details';
import { parseShowingErrors, showServerFieldErrors } from '../../platform/form-state';
import { errorText } from '../../platform/api-client';
import { BusyButton } from '../../platform/busy-button';
import { formatLocalDay } from '../../platform/job-report-format';
import { LoadFailure, LoadingStatus } from '../../platform/page-load-state';
import { OutcomeAnnouncement, type Outcome } from '../../platform/outcome-announcement';
import { SubmitRow, submitFailure } from '../../platform/submit-row';
import {
  addComplianceEntry,
  complianceQueryKeys,
  downloadCompliancePdf,
  fetchComplianceHistory,
  fetchComplianceOverview,
  fetchComplianceSection,
  saveComplianceSection,
} from '../../platform/compliance-details-api';
import { bodyOf, ComplianceFieldInputs, ComplianceSectionValues, formatSavedOn, formValuesOf, type FormValues } from '../../platform/compliance-fields';
import { FormSection } from '../../platform/form-section';

export function StatusBadges({ item }: { item: Pick<ComplianceOverviewItem, 'complete' | 'required' | 'dueForReview' | 'reviewDueOn'> }) {
  return (
    <Group gap="xs">
      <Badge color={item.complete ? 'teal.9' : 'gray.7'} variant={item.complete ? 'filled' : 'outline'}>
        {item.complete ? 'Complete' : 'Not filled in'}
      </Badge>
      <Badge color={item.required ? 'red.9' : 'gray.7'} variant="outline">
        {item.required ? 'Required' : 'Optional'}
      </Badge>
      {item.dueForReview && item.reviewDueOn && (
        <Badge color="yellow.9" variant="outline">
          Review due {formatLocalDay(item.reviewDueOn)}
        </Badge>
      )}
    </Group>
  );
}

function Loading({ what }: { what: string }) {
  return (
    <LoadingStatus what={what}>
      <Skeleton height={200} mt="xl" radius="md" aria-hidden="true" />
    </LoadingStatus>
  );
}

function LoadError({ query, what }: { query: { refetch: () => unknown }; what: string }) {
  return (
    <LoadFailure query={query} mt="md">
      {`We could not load ${what} just now. Please try again in a minute.`}
    </LoadFailure>
  );
}

/**
 * /compliance-details and /compliance-details/{section} (issue 16): the care seeker's compliance
 * records (or their client's, for a coordinator acting for them). The overview shows each
 * section's state; a section is a form saved as a new version, with its history and a PDF.
 */
export default function ComplianceDetailsPage() {
  const { section } = useParams();
  if (section === undefined) return <ComplianceOverviewPage />;
  if (!isComplianceSectionKey(section)) {
    return (
      <Container size="sm" py="xl">
        <Title order={1}>Compliance details</Title>
        <Text mt="md">There is no such compliance section.</Text>
        <Anchor component={Link} to="/compliance-details" mt="md" display="inline-block">
          Back to compliance details
        </Anchor>
      </Container>
    );
  }
  return <ComplianceSectionPage key={section} sectionKey={section} />;
}

function ComplianceOverviewPage() {
  const overview = useQuery({ queryKey: complianceQueryKeys.overview, queryFn: ({ signal }) => fetchComplianceOverview(signal) });
  const sections = overview.data?.sections ?? [];
  const missing = sections.filter((item) => item.required && !item.complete).length;
  const due = sections.filter((item) => item.complete && item.dueForReview).length;
  return (
    <Container size="lg" py="xl">
      <Title order={1}>Compliance details</Title>
      <Text size="lg" mt="xs">
        Service agreements, plans and other records that your providers keep for your support. Each one is saved with its history and can be downloaded as a PDF.
      </Text>
      {overview.isError && <LoadError what="your compliance details" query={overview} />}
      {overview.isPending && <Loading what="your compliance details" />}
      {overview.data && (
        <>
          <Text mt="md" fw={700}>
            {missing === 0 ? 'Every required record is filled in.' : `${missing} required record${missing === 1 ? ' is' : 's are'} not filled in yet.`}
            {due > 0 ? ` ${due} ${due === 1 ? 'is' : 'are'} due for review.` : ''}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} mt="lg" component="ul" aria-label="Compliance sections" style={{ listStyle: 'none', padding: 0 }}>
            {sections.map((item) => (
              <Card component="li" key={item.key} withBorder radius="md" padding="lg">
                <Stack gap="xs">
                  <Title order={2} size="h4">
                    <Anchor component={Link} to={`/compliance-details/${item.key}`}>
                      {item.label}
                    </Anchor>
                  </Title>
                  <StatusBadges item={item} />
                  <Text size="sm">{item.description}</Text>
                  <Text size="sm" c="dimmed">
                    {item.updatedAt ? `Last updated ${formatSavedOn(item.updatedAt)} (version ${item.version ?? 1})` : 'Not filled in yet'}
                    {item.reviewDueOn && !item.dueForReview ? `. Review by ${formatLocalDay(item.reviewDueOn)}` : ''}
                  </Text>
                  {item.workerReadable && (
                    <Text size="sm" c="dimmed">
                      Your workers with an active agreement can read this.
                    </Text>
                  )}
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        </>
      )}
    </Container>
  );
}

function ComplianceSectionPage({ sectionKey }: { sectionKey: ComplianceSectionKey }) {
  const rule = complianceSectionRule(sectionKey);
  const section = useQuery({ queryKey: complianceQueryKeys.section(sectionKey), queryFn: ({ signal }) => fetchComplianceSection(sectionKey, signal) });
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [downloading, setDownloading] = useState(false);

  async function download() {
    setDownloading(true);
    setOutcome(null);
    try {
      const fileName = await downloadCompliancePdf(sectionKey);
      setOutcome({ tone: 'success', text: `${rule.label} has been downloaded as ${fileName}.` });
    } catch (error) {
      setOutcome({ tone: 'error', text: errorText(error) });
    } finally {
      setDownloading(false);
    }
  }

  return (
    <Container size="sm" py="xl">
      <Anchor component={Link} to="/compliance-details">
        All compliance details
      </Anchor>
      <Title order={1} mt="sm">
        {rule.label}
      </Title>
      <Text size="lg" mt="xs">
        {rule.description}
      </Text>
      {section.isError && <LoadError what={rule.label.toLowerCase()} query={section} />}
      {section.isPending && <Loading what={rule.label.toLowerCase()} />}
      {section.data && (
        <Stack gap="lg" mt="md">
          <StatusBadges item={{ complete: section.data.version !== null, required: section.data.required, dueForReview: section.data.dueForReview, reviewDueOn: section.data.reviewDueOn }} />
          <Text size="sm">
            {section.data.updatedAt
              ? `Version ${section.data.version ?? 1}, saved ${formatSavedOn(section.data.updatedAt)}${section.data.updatedByName ? ` by ${section.data.updatedByName}` : ''}.`
              : 'Not filled in yet.'}
            {section.data.reviewDueOn ? ` Review by ${formatLocalDay(section.data.reviewDueOn)}.` : ''}
          </Text>
          <Group>
            <BusyButton variant="outline" busy={downloading} onClick={() => void download()}>
              Download PDF
            </BusyButton>
          </Group>
          <OutcomeAnnouncement outcome={outcome} />
          {rule.isList ? <EntriesSection sectionKey={sectionKey} section={section.data} /> : <SectionForm sectionKey={sectionKey} section={section.data} />}
          <History sectionKey={sectionKey} />
        </Stack>
      )}
    </Container>
  );
}

function useFormState(fields: ReturnType<typeof complianceSectionRule>['fields'], data: Record<string, unknown> | null) {
  const [values, setValues] = useState<FormValues>(() => formValuesOf(fields, data));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const refs = useRef<Record<string, HTMLElement | null>>({});
  const focusFirst = (found: Record<string, string>, prefix = '') => {
    const first = fields.find((field) => found[`${prefix}${field.name}`]);
    if (first) refs.current[first.name]?.focus();
  };
  const onChange = (name: string, value: string | boolean | null) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => (current[name] ? { ...current, [name]: '' } : current));
  };
  const inputRef = (name: string, element: HTMLElement | null) => {
    if (element || !(name in refs.current)) refs.current[name] = element;
  };
  return { values, setValues, errors, setErrors, focusFirst, onChange, inputRef };
}

function SectionForm({ sectionKey, section }: { sectionKey: ComplianceSectionKey; section: ComplianceSectionResponse }) {
  const rule = complianceSectionRule(sectionKey);
  const queryClient = useQueryClient();
  const form = useFormState(rule.fields, section.data);
  const [saved, setSaved] = useState(false);
  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) => saveComplianceSection(sectionKey, body),
    onSuccess: (answer) => {
      queryClient.setQueryData(complianceQueryKeys.section(sectionKey), answer);
      void queryClient.invalidateQueries({ queryKey: complianceQueryKeys.overview, exact: true });
      void queryClient.invalidateQueries({ queryKey: complianceQueryKeys.history(sectionKey) });
      setSaved(true);
    },
    onError: showServerFieldErrors(form.setErrors, form.focusFirst),
  });
  const overall = submitFailure(save.error, rule.fields.map((field) => field.name));
  return (
    <form
      noValidate
      aria-label={rule.label}
      onSubmit={(event) => {
        event.preventDefault();
        if (save.isPending) return;
        setSaved(false);
        const body = parseShowingErrors(complianceSectionSchema(sectionKey), bodyOf(rule.fields, form.values), form.setErrors, form.focusFirst);
        if (body) save.mutate(body);
      }}
    >
      <Stack gap="md">
        <ComplianceFieldInputs fields={rule.fields} values={form.values} errors={form.errors} onChange={(name, value) => { form.onChange(name, value); setSaved(false); }} idPrefix={sectionKey} inputRef={form.inputRef} />
        <SubmitRow busy={save.isPending} label={`Save ${rule.label.toLowerCase()}`} failure={overall} saved={saved ? 'Saved as a new version.' : null} />
      </Stack>
    </form>
  );
}

function EntriesSection({ sectionKey, section }: { sectionKey: ComplianceSectionKey; section: ComplianceSectionResponse }) {
  const rule = complianceSectionRule(sectionKey);
  const entryKey = sectionKey === 'checkIns' ? 'checkIns' : 'incidentReports';
  const queryClient = useQueryClient();
  const form = useFormState(rule.fields, null);
  const [saved, setSaved] = useState(false);
  const add = useMutation({
    mutationFn: (entry: Record<string, unknown>) => addComplianceEntry(entryKey, entry),
    onSuccess: (answer) => {
      queryClient.setQueryData(complianceQueryKeys.section(sectionKey), answer);
      void queryClient.invalidateQueries({ queryKey: complianceQueryKeys.overview, exact: true });
      void queryClient.invalidateQueries({ queryKey: complianceQueryKeys.history(sectionKey) });
      form.setValues(formValuesOf(rule.fields, null));
      setSaved(true);
    },
    onError: showServerFieldErrors(form.setErrors, form.focusFirst),
  });
  const isCheckIns = sectionKey === 'checkIns';
  const noun = isCheckIns ? 'check-in' : 'incident report';
  const overall = submitFailure(add.error, rule.fields.map((field) => field.name));
  return (
    <>
      <section aria-labelledby="entries-heading">
        <Title order={2} size="h3" id="entries-heading" mb="sm">
          {isCheckIns ? 'Check-ins so far' : 'Incidents recorded'}
        </Title>
        {section.data ? <ComplianceSectionValues rule={rule} data={section.data} /> : <Text>None yet.</Text>}
      </section>
      <form
        noValidate
        aria-label={isCheckIns ? 'Add or update a check-in' : 'Add an incident report'}
        onSubmit={(event) => {
          event.preventDefault();
          if (add.isPending) return;
          setSaved(false);
          const entry = parseShowingErrors(complianceEntrySchema(sectionKey), bodyOf(rule.fields, form.values), form.setErrors, form.focusFirst);
          if (entry) add.mutate(entry);
        }}
      >
        <Stack gap="md">
          <Title order={2} size="h3">
            {isCheckIns ? 'Add or update a check-in' : 'Add an incident report'}
          </Title>
          {isCheckIns && <Text size="sm">A check-in with the same number and year replaces the one saved before.</Text>}
          <ComplianceFieldInputs fields={rule.fields} values={form.values} errors={form.errors} onChange={(name, value) => { form.onChange(name, value); setSaved(false); }} idPrefix={`${sectionKey}-entry`} inputRef={form.inputRef} />
          <SubmitRow busy={add.isPending} label={isCheckIns ? 'Save check-in' : 'Add incident report'} failure={overall} saved={saved ? `The ${noun} has been saved.` : null} />
        </Stack>
      </form>
    </>
  );
}

function History({ sectionKey }: { sectionKey: ComplianceSectionKey }) {
  const rule = complianceSectionRule(sectionKey);
  const [open, setOpen] = useState(false);
  const history = useQuery({ queryKey: complianceQueryKeys.history(sectionKey), queryFn: ({ signal }) => fetchComplianceHistory(sectionKey, signal), enabled: open });
  return (
    <FormSection id="history-heading" title="Version history" headingGap="sm">
      {!open && (
        <Button variant="subtle" onClick={() => setOpen(true)}>
          Show earlier versions
        </Button>
      )}
      {open && history.isPending && <Loading what="the version history" />}
      {open && history.isError && <LoadError what="the version history" query={history} />}
      {history.data && history.data.versions.length === 0 && <Text>Nothing has been saved yet.</Text>}
      {history.data && history.data.versions.length > 0 && (
        <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0 }}>
          {history.data.versions.map((version) => (
            <li key={version.version}>
              <details>
                <summary>{`Version ${version.version}, saved ${formatSavedOn(version.savedAt)}${version.savedByName ? ` by ${version.savedByName}` : ''}`}</summary>
                <div style={{ padding: '8px 0 8px 16px' }}>
                  <ComplianceSectionValues rule={rule} data={version.data} />
                </div>
              </details>
            </li>
          ))}
        </Stack>
      )}
    </FormSection>
  );
}
