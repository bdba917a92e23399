import { Container, Text, Title } from '@mantine/core';
import { InvoiceList } from '../../platform/invoice-list';

/** /pending-invoices (issue 14): the care seeker's unpaid invoices, newest first, each with what is due and when. */
export default function PendingInvoicesPage() {
  return (
    <Container size="md" py="xl">
      <Title order={1}>Pending invoices</Title>
      <Text size="lg" mt="xs" mb="xl">
        Invoices for approved hours that are waiting to be paid. Each one says how it will be paid, which depends on how the support is funded.
      </Text>
      <InvoiceList status="ISSUED" party="CARE_SEEKER" label="Unpaid invoices" emptyText="You have no unpaid invoices." />
    </Container>
  );
}
