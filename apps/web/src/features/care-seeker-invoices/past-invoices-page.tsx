import { Container, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { InvoiceList } from '../../platform/invoice-list';

/** /past-invoices (issue 14): invoices paid, and those credited (corrected by a credit note). */
export default function PastInvoicesPage() {
  const [tab, setTab] = useState<'PAID' | 'CREDITED'>('PAID');
  return (
    <Container size="md" py="xl">
      <Title order={1}>Past invoices</Title>
      <Text size="lg" mt="xs">
        Invoices that have been paid, and invoices a worker has credited to correct them.
      </Text>
      <Tabs value={tab} onChange={(value) => value && setTab(value as 'PAID' | 'CREDITED')} mt="xl" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="PAID">Paid</Tabs.Tab>
          <Tabs.Tab value="CREDITED">Credited</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="PAID" pt="md">
          <InvoiceList status="PAID" party="CARE_SEEKER" label="Paid invoices" emptyText="No paid invoices yet." />
        </Tabs.Panel>
        <Tabs.Panel value="CREDITED" pt="md">
          <InvoiceList status="CREDITED" party="CARE_SEEKER" label="Credited invoices" emptyText="No credited invoices." />
        </Tabs.Panel>
      </Tabs>
    </Container>
  );
}
