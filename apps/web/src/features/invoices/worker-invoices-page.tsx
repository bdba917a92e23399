import { Anchor, Container, Tabs, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { invoiceStatusCodes, invoiceStatusLabels, type InvoiceStatus } from '@tendly/domain/api/invoices';
import { routePath } from '@tendly/domain/routes';
import { InvoiceList } from '../../platform/invoice-list';
import { isOneOf } from '@tendly/domain/coded-options';

const ALL = 'ALL';

const emptyText: Record<InvoiceStatus, string> = { ISSUED: 'No unpaid invoices.', PAID: 'No paid invoices yet.', CREDITED: 'No credited invoices.' };

/** The filter's tabs: all invoices, then one per status (Unpaid, Paid, Credited). */
const filters: readonly { value: string; status: InvoiceStatus | null; label: string; listLabel: string; emptyText: string }[] = [
  { value: ALL, status: null, label: 'All', listLabel: 'All invoices', emptyText: 'No invoices yet. An invoice is issued when the care seeker approves your hours.' },
  ...invoiceStatusCodes.map((code) => ({ value: code, status: code, label: invoiceStatusLabels[code], listLabel: `${invoiceStatusLabels[code]} invoices`, emptyText: emptyText[code] })),
];

/**
 * /invoices (issue 14): every invoice issued for the worker's hours, newest first, with a filter
 * by status kept in the address (?status=ISSUED), so a filtered list can be bookmarked or shared.
 */
export default function WorkerInvoicesPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('status');
  const status: InvoiceStatus | null = isOneOf(invoiceStatusCodes, requested) ? requested : null;
  const tab = status ?? ALL;

  return (
    <Container size="md" py="xl">
      <Title order={1}>Invoices</Title>
      <Text size="lg" mt="xs">
        The invoices issued for your approved hours, with what you receive after the platform fee.{' '}
        <Anchor component={Link} to={routePath('unapprovedInvoices')}>
          Hours waiting for approval
        </Anchor>{' '}
        are in your job reports.
      </Text>
      <Tabs
        value={tab}
        onChange={(value) => setParams(isOneOf(invoiceStatusCodes, value) ? { status: value } : {}, { replace: true })}
        mt="xl"
        keepMounted={false}
      >
        <Tabs.List>
          {filters.map((filter) => (
            <Tabs.Tab key={filter.value} value={filter.value}>
              {filter.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {filters.map((filter) => (
          <Tabs.Panel key={filter.value} value={filter.value} pt="md">
            <InvoiceList status={filter.status} party="WORKER" label={filter.listLabel} emptyText={filter.emptyText} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Container>
  );
}
