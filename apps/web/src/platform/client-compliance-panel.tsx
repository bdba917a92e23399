import { Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { complianceSectionRule, type ComplianceOverviewItem } from '@tendly/domain/compliance-details';
import { errorText } from './api-client';
import { BusyButton } from './busy-button';
import { OutcomeAnnouncement, type Outcome } from './outcome-announcement';
import { complianceQueryKeys, downloadClientCompliancePdf, fetchClientCompliance, fetchClientComplianceSection } from './compliance-details-api';
import { ComplianceSectionValues, formatSavedOn } from './compliance-fields';
import { FormSection } from './form-section';

/**
 * On an ACTIVE agreement's page, for its worker (issue 16): the client's support plan, medication
 * forms and emergency plan, read only, each openable in place and downloadable as a PDF.
 */
export function ClientCompliancePanel({ contractId }: { contractId: string }) {
  const client = useQuery({ queryKey: complianceQueryKeys.client(contractId), queryFn: ({ signal }) => fetchClientCompliance(contractId, signal), retry: false });
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  if (client.isPending) return null;
  return (
    <FormSection id="client-compliance-heading" title="Care information">
      {client.isError && <Text>The client’s care information cannot be shown just now.</Text>}
      {client.data && (
        <Stack gap="sm">
          <Text>{`What ${client.data.clientName}’s records say about their support, medication and emergencies. Read only.`}</Text>
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {client.data.sections.map((item) => (
              <li key={item.key}>
                <ClientSection contractId={contractId} item={item} onOutcome={setOutcome} />
              </li>
            ))}
          </Stack>
          <OutcomeAnnouncement outcome={outcome} />
        </Stack>
      )}
    </FormSection>
  );
}

function ClientSection({ contractId, item, onOutcome }: { contractId: string; item: ComplianceOverviewItem; onOutcome: (outcome: Outcome | null) => void }) {
  const [open, setOpen] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const section = useQuery({
    queryKey: complianceQueryKeys.clientSection(contractId, item.key),
    queryFn: ({ signal }) => fetchClientComplianceSection(contractId, item.key, signal),
    enabled: open && item.complete,
  });
  if (!item.complete) return <Text>{`${item.label}: not filled in yet.`}</Text>;

  async function download() {
    setDownloading(true);
    onOutcome(null);
    try {
      const fileName = await downloadClientCompliancePdf(contractId, item.key);
      onOutcome({ tone: 'success', text: `${item.label} has been downloaded as ${fileName}.` });
    } catch (error) {
      onOutcome({ tone: 'error', text: errorText(error) });
    } finally {
      setDownloading(false);
    }
  }

  return (
    <details onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{`${item.label}${item.updatedAt ? `, updated ${formatSavedOn(item.updatedAt)}` : ''}`}</summary>
      <Stack gap="xs" p="sm">
        {section.isPending && <Text>Loading…</Text>}
        {section.isError && <Text>This record cannot be shown just now.</Text>}
        {section.data?.data && <ComplianceSectionValues rule={complianceSectionRule(item.key)} data={section.data.data} />}
        <Group>
          <BusyButton variant="outline" size="xs" busy={downloading} onClick={() => void download()}>
            {`Download ${item.label.toLowerCase()} (PDF)`}
          </BusyButton>
        </Group>
      </Stack>
    </details>
  );
}
