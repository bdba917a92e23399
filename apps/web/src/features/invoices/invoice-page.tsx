import { Anchor, Button, Container, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { routePath } from '@tendly/domain/routes';
import { ApiError, errorText } from '../../platform/api-client';
import { InvoiceView } from '../../platform/invoice-view';
import { fetchInvoice, invoiceQueryKeys } from '../../platform/invoices-api';
import { Notice } from '../../platform/notice';
import { useViewer } from '../../platform/session';
import { InvoicePaymentPanel } from './invoice-payment-panel';
import { LoadingStatus } from '../../platform/page-load-state';

const NOT_FOUND_MESSAGE = 'We could not find that invoice. It may not exist, or it is not one of yours.';

/** /invoice/:invoiceId (issue 14): one invoice or credit note, for the worker who issued it or the care seeker it was issued to. */
export default function InvoicePage() {
  const { invoiceId = '' } = useParams();
  const worker = useViewer()?.role === 'CR';
  const invoice = useQuery({ queryKey: invoiceQueryKeys.one(invoiceId), queryFn: ({ signal }) => fetchInvoice(invoiceId, signal) });
  const notFound = invoice.error instanceof ApiError && (invoice.error.status === 404 || invoice.error.status === 400);
  const listPath = routePath(worker ? 'workerInvoices' : 'pendingInvoices');

  return (
    <Container size="lg" py="xl">
      {invoice.data ? (
        <Stack gap="xl">
          <InvoiceView invoice={invoice.data} party={worker ? 'WORKER' : 'CARE_SEEKER'} />
          {invoice.data.kind === 'INVOICE' && invoice.data.status !== 'CREDITED' && <InvoicePaymentPanel invoice={invoice.data} party={worker ? 'WORKER' : 'CARE_SEEKER'} />}
        </Stack>
      ) : (
        <>
          <Title order={1}>Invoice</Title>
          {invoice.isError ? (
            <Stack gap="sm" mt="md" align="flex-start">
              <Notice tone="error" role="alert">
                <Text>{notFound ? NOT_FOUND_MESSAGE : errorText(invoice.error)}</Text>
              </Notice>
              {!notFound && (
                <Button variant="outline" onClick={() => void invoice.refetch()}>
                  Try again
                </Button>
              )}
            </Stack>
          ) : (
            <LoadingStatus what="the invoice">
              <Skeleton height={360} mt="xl" radius="md" aria-hidden="true" />
            </LoadingStatus>
          )}
        </>
      )}
      {/* Under the invoice once it is in: below the loading one it was pushed off a phone's screen. */}
      {!invoice.isPending && (
        <Anchor component={Link} to={listPath} mt="xl" display="inline-block">
          {worker ? 'All your invoices' : 'Your unpaid invoices'}
        </Anchor>
      )}
    </Container>
  );
}
