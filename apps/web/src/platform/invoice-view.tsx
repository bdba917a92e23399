import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Invoice, InvoiceLine } from '@tendly/domain/api/invoices';
import { formatAbn, formatCents, fullName } from '@tendly/domain/format';
import { routePath } from '@tendly/domain/routes';
import { stateTimeZone } from '@tendly/domain/states';
import { errorText } from './api-client';
import { BusyButton } from './busy-button';
import { CreditInvoiceDialog } from './credit-invoice-dialog';
import { howInvoiceIsPaid } from './how-invoices-are-paid';
import type { InvoiceParty } from './invoice-list';
import { TAX_INVOICE_BUYER_THRESHOLD_CENTS, invoiceLineLabel, isTaxInvoice } from '@tendly/domain/api/invoices';
import { formatBasisPoints, fundingLabel, gstLabel, invoiceHeading, isNdisFundingType } from './invoice-format';
import { InvoiceStatusBadge } from './invoice-status-badge';
import { downloadInvoicePdf, invoiceQueryKeys } from './invoices-api';
import { formatDateIn, formatLocalDay, formatQuantity, timeBandLabel } from './job-report-format';
import { Notice } from './notice';
import classes from './invoice-view.module.css';
import { FormSection } from './form-section';

type Announcement = { tone: 'success' | 'error'; text: string; creditNote?: Invoice };

/**
 * Why a line is marked, in words, each with a short badge (issue 14: a contract rate above the
 * NDIS price limit is capped at it; an item missing from the price guide in force is priced from
 * an earlier guide and flagged for review; a short-notice cancellation is claimed as CANC).
 */
export function lineMarks(line: InvoiceLine): { badge: string; text: string }[] {
  const marks: { badge: string; text: string }[] = [];
  if (line.capped) {
    const limit = line.priceLimitCents === null ? '' : ` of ${formatCents(line.priceLimitCents)}${line.unit === 'H' ? ' an hour' : ' each'}`;
    marks.push({ badge: 'Capped', text: `Capped at the NDIS price limit${limit}: the agreed rate is higher.` });
  }
  if (line.flagged && !line.capped) {
    marks.push({ badge: 'For review', text: `Priced from the ${line.edition ?? 'earlier'} NDIS price guide, because the guide in force on this date has no matching item.` });
  }
  if (line.claimType === 'CANC') {
    marks.push({ badge: 'Cancellation', text: `Short-notice cancellation (NDIS claim type CANC)${line.cancellationReason ? `: ${line.cancellationReason}` : ''}.` });
  }
  return marks;
}

function LineDescription({ line, gstRegistered }: { line: InvoiceLine; gstRegistered: boolean }) {
  // Issue 28: a true disbursement (paid as the client's agent) says so on its line (ATO GSTR 2000/37).
  const label = invoiceLineLabel(line, gstRegistered);
  return (
    <>
      <Text size="sm">{line.description}</Text>
      {label && (
        <Text size="sm" c="gray.7">
          {label}
        </Text>
      )}
      {line.supportItem && (
        <Text size="sm" c="gray.7">
          NDIS item {line.supportItem}
          {/* The item's name, unless the description already is (or contains) it. */}
          {line.supportItemName && !line.description.includes(line.supportItemName) ? `: ${line.supportItemName}` : ''}
        </Text>
      )}
      {lineMarks(line).map((mark) => (
        <div key={mark.badge} style={{ marginTop: 4 }}>
          <Badge component="span" variant="outline" color="red.9" radius="sm" tt="none">
            {mark.badge}
          </Badge>
          <Text size="sm">{mark.text}</Text>
        </div>
      ))}
    </>
  );
}

/** The lines' columns; the amounts are right-aligned. */
const lineColumns: readonly { label: string; className?: 'description' | 'number' }[] = [
  { label: 'Date' },
  { label: 'Time band' },
  { label: 'Description', className: 'description' },
  { label: 'Quantity', className: 'number' },
  { label: 'Unit price', className: 'number' },
  { label: 'Amount', className: 'number' },
  { label: 'GST', className: 'number' },
];

function Lines({ invoice }: { invoice: Invoice }) {
  return (
    <FormSection id="invoice-lines-heading" title="What is charged">
      {invoice.lines.length === 0 ? (
        <Text>This invoice has no lines.</Text>
      ) : (
        // A table on a wide screen (it scrolls sideways in its own box when the window is narrower
        // than its columns); on a phone each line stacks as a card with its labels, so the amounts
        // are on screen without scrolling (issue 31, item 10a). The roles keep it a table for
        // screen readers whichever way it is laid out.
        <div className={classes.linesScroll} tabIndex={0} role="region" aria-label={`Lines of ${invoiceHeading(invoice)}`}>
          <Table striped verticalSpacing="sm" className={classes.lines} role="table">
            <Table.Thead className={classes.linesHead} role="rowgroup">
              <Table.Tr role="row">
                {lineColumns.map((column) => (
                  <Table.Th key={column.label} scope="col" role="columnheader" className={column.className ? classes[column.className] : undefined}>
                    {column.label}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody role="rowgroup">
              {invoice.lines.map((line) => (
                <Table.Tr key={line.id} role="row" className={classes.line}>
                  <Table.Td role="cell" data-label="Date" className={classes.dateCell}>
                    {line.date ? formatLocalDay(line.date) : ''}
                  </Table.Td>
                  <Table.Td role="cell" data-label="Time band">
                    {timeBandLabel(line.timeBand)}
                  </Table.Td>
                  <Table.Td role="cell" data-label="Description" className={classes.descriptionCell}>
                    <LineDescription line={line} gstRegistered={invoice.worker.gstRegistered} />
                  </Table.Td>
                  <Table.Td role="cell" data-label="Quantity" className={classes.number}>
                    {formatQuantity(line.quantity, line.unit)}
                  </Table.Td>
                  <Table.Td role="cell" data-label="Unit price" className={classes.number}>
                    {formatCents(line.unitPriceCents)}
                  </Table.Td>
                  <Table.Td role="cell" data-label="Amount" className={`${classes.number} ${classes.amountCell}`}>
                    {formatCents(line.amountCents)}
                  </Table.Td>
                  <Table.Td role="cell" data-label="GST" className={classes.number}>
                    <span>
                      {formatCents(line.gstCents)}
                      <Text size="xs" c="gray.7" component="span" display="block">
                        {gstLabel(line.gstCode, invoice.worker.gstRegistered)}
                      </Text>
                    </span>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
    </FormSection>
  );
}

function Totals({ invoice, party }: { invoice: Invoice; party: InvoiceParty }) {
  return (
    <FormSection id="invoice-totals-heading" title="Totals">
      <dl className={classes.totals}>
        <dt>Subtotal</dt>
        <dd>{formatCents(invoice.subtotalCents)}</dd>
        <dt>GST</dt>
        <dd>{invoice.worker.gstRegistered ? formatCents(invoice.gstCents) : 'No GST: supplier not registered'}</dd>
        <dt className={classes.grandTotal}>{invoice.kind === 'CREDIT_NOTE' ? 'Total credited' : 'Total'}</dt>
        <dd className={classes.grandTotal}>{formatCents(invoice.totalCents)}</dd>
        {party === 'WORKER' && invoice.kind === 'CREDIT_NOTE' && (
          <>
            <dt>Platform fee credited back ({formatBasisPoints(invoice.platformFeeBasisPoints)} of the hourly amounts)</dt>
            <dd>{formatCents(Math.abs(invoice.platformFeeCents))}</dd>
          </>
        )}
        {party === 'WORKER' && invoice.kind === 'INVOICE' && (
          <>
            <dt>
              Platform fee ({formatBasisPoints(invoice.platformFeeBasisPoints)} of the hourly amounts, {formatCents(invoice.hourlyCents)})
            </dt>
            <dd>{formatCents(-invoice.platformFeeCents)}</dd>
            <dt className={classes.grandTotal}>You receive</dt>
            <dd className={classes.grandTotal}>{formatCents(invoice.workerReceivesCents)}</dd>
          </>
        )}
      </dl>
      <Text size="sm" mt="sm">
        {party === 'WORKER'
          ? 'The platform fee is taken from your payment, never from travel, expenses or GST, and is not added to what the care seeker pays.'
          : 'You pay the worker’s rates and nothing more: the platform fee comes out of the worker’s payment.'}{' '}
        <Anchor component={Link} to={routePath('platformFee')}>
          About the platform fee
        </Anchor>
      </Text>
    </FormSection>
  );
}

/**
 * The buyer a tax invoice of $1,000 or more names (ATO, GSTR 2013/1; payments-ops.md
 * "Invoices"): the aged care provider who pays, with its ABN, or the care seeker.
 */
function buyerOf(invoice: Invoice): string | null {
  if (!isTaxInvoice(invoice) || invoice.totalCents < TAX_INVOICE_BUYER_THRESHOLD_CENTS) return null;
  const provider = invoice.funder && invoice.fundingType !== 'NDIS_PLAN_MANAGED' ? invoice.funder : null;
  if (provider?.name) return `${provider.name}${provider.abn ? `, ABN ${formatAbn(provider.abn)}` : ''}`;
  return fullName(invoice.careSeeker);
}

function Facts({ invoice }: { invoice: Invoice }) {
  const zone = stateTimeZone(invoice.state);
  const ndis = isNdisFundingType(invoice.fundingType);
  const funderTitle = invoice.fundingType === 'NDIS_PLAN_MANAGED' ? 'Plan manager' : 'Aged care provider';
  const buyer = buyerOf(invoice);
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      <FactsCard id="invoice-details-heading" title="Details">
        <Fact term="Issued">{formatDateIn(invoice.issuedAt, zone)}</Fact>
        {invoice.kind === 'INVOICE' && <Fact term="Due">{formatLocalDay(invoice.dueDate)}</Fact>}
        {invoice.periodStart && (
          <Fact term="Support">
            {formatLocalDay(invoice.periodStart)}
            {invoice.periodEnd && invoice.periodEnd !== invoice.periodStart ? ` to ${formatLocalDay(invoice.periodEnd)}` : ''} ({invoice.state} time)
          </Fact>
        )}
        <Fact term="Funding">{fundingLabel(invoice.fundingType)}</Fact>
        {invoice.ndisClaimed && <Fact term="NDIA claim">Claimed{invoice.ndisClaimedAt ? ` on ${formatDateIn(invoice.ndisClaimedAt, zone)}` : ''}</Fact>}
      </FactsCard>
      <FactsCard id="invoice-from-heading" title="From">
        <Fact term="Worker">{fullName(invoice.worker)}</Fact>
        {invoice.worker.businessName && <Fact term="Business">{invoice.worker.businessName}</Fact>}
        {invoice.worker.abn && <Fact term="ABN">{formatAbn(invoice.worker.abn)}</Fact>}
        <Fact term="GST">{invoice.worker.gstRegistered ? 'Registered for GST' : 'Not registered for GST'}</Fact>
      </FactsCard>
      <FactsCard id="invoice-to-heading" title="To">
        <Fact term="Care seeker">{fullName(invoice.careSeeker)}</Fact>
        <Fact term={ndis ? 'NDIS participant' : 'Client'}>{invoice.clientName}</Fact>
        {ndis && <Fact term="NDIS number">{invoice.participantNdisNumber ?? 'Not on file'}</Fact>}
        {invoice.funder && <Fact term={funderTitle}>{[invoice.funder.name, invoice.funder.email].filter(Boolean).join(', ') || 'Not on file'}</Fact>}
        {invoice.funder?.abn && <Fact term={`${funderTitle} ABN`}>{formatAbn(invoice.funder.abn)}</Fact>}
        {buyer && <Fact term="Buyer">{buyer}</Fact>}
      </FactsCard>
    </SimpleGrid>
  );
}

/** One of the invoice's three fact cards (details, from, to): a section named by its heading, holding a list of facts. */
function FactsCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="xs">
        {title}
      </Title>
      <dl className={classes.facts}>{children}</dl>
    </Card>
  );
}

/** A term of a fact card and what it says. */
function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </>
  );
}

/** Links between an invoice and its credit note, with the reason given. */
function CreditLinks({ invoice }: { invoice: Invoice }) {
  if (invoice.creditNoteFor) {
    return (
      <Text>
        This credit note cancels{' '}
        <Anchor component={Link} to={routePath('invoice', { invoiceId: invoice.creditNoteFor.id })}>
          invoice {invoice.creditNoteFor.number}
        </Anchor>
        {invoice.reason ? `. Reason: ${invoice.reason}` : '.'}
      </Text>
    );
  }
  if (invoice.creditedBy) {
    return (
      <Text>
        Credited in full by{' '}
        <Anchor component={Link} to={routePath('invoice', { invoiceId: invoice.creditedBy.id })}>
          credit note {invoice.creditedBy.number}
        </Anchor>
        {invoice.reason ? `. Reason: ${invoice.reason}` : '.'}
      </Text>
    );
  }
  return null;
}

/**
 * One invoice or credit note as either party reads it (issue 14, /invoice/:invoiceId): number,
 * status, dates, the parties, every line with why any is capped or marked for review, the totals
 * and, for the worker, the platform fee and what they receive. Both download the PDF; the worker
 * may credit an unpaid invoice.
 */
export function InvoiceView({ invoice, party }: { invoice: Invoice; party: InvoiceParty }) {
  const [downloading, setDownloading] = useState(false);
  const [crediting, setCrediting] = useState(false);
  const [announcement, setAnnouncement] = useState<Announcement | null>(null);
  const announcementRef = useRef<HTMLDivElement>(null);
  const queryClient = useQueryClient();
  const canCredit = party === 'WORKER' && invoice.kind === 'INVOICE' && (invoice.status === 'ISSUED' || invoice.status === 'PAID') && invoice.creditedBy === null;

  // After the credit note the button that opened the dialog is gone: focus goes to the message instead.
  const creditNoteId = announcement?.creditNote?.id;
  useEffect(() => {
    if (creditNoteId) announcementRef.current?.focus();
  }, [creditNoteId]);

  async function download() {
    setDownloading(true);
    setAnnouncement(null);
    try {
      const fileName = await downloadInvoicePdf(invoice);
      setAnnouncement({ tone: 'success', text: `${invoiceHeading(invoice)} has been downloaded as ${fileName}.` });
    } catch (error) {
      setAnnouncement({ tone: 'error', text: errorText(error) });
    } finally {
      setDownloading(false);
    }
  }

  return (
    <Stack gap="xl">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Title order={1}>{invoiceHeading(invoice)}</Title>
          <InvoiceStatusBadge status={invoice.status} />
        </Group>
        <Text size="lg">
          {party === 'WORKER' ? `To ${fullName(invoice.careSeeker)}` : `From ${fullName(invoice.worker)}`} for {invoice.clientName}:{' '}
          <strong>{formatCents(invoice.totalCents)}</strong>
          {invoice.kind === 'INVOICE' && invoice.status === 'ISSUED' ? `, due ${formatLocalDay(invoice.dueDate)}` : ''}
        </Text>
        <CreditLinks invoice={invoice} />
        {party === 'CARE_SEEKER' && invoice.kind === 'INVOICE' && invoice.status === 'ISSUED' && <Text>{howInvoiceIsPaid(invoice.fundingType)}</Text>}
        {invoice.hasFlaggedLines && (
          <Notice tone="warning">
            <Text>Some lines are marked below: read why before you rely on this invoice for an NDIS claim.</Text>
          </Notice>
        )}
        <Group gap="sm" mt="xs">
          <BusyButton variant="outline" busy={downloading} onClick={() => void download()}>
            Download PDF
          </BusyButton>
          {canCredit && (
            <Button variant="outline" color="red.9" onClick={() => setCrediting(true)}>
              Credit this invoice
            </Button>
          )}
        </Group>
        <div role="status" aria-live="polite">
          {announcement?.tone === 'success' && (
            <Notice tone="success" ref={announcementRef} tabIndex={-1}>
              <Text>{announcement.text}</Text>
              {announcement.creditNote && (
                <Anchor component={Link} to={routePath('invoice', { invoiceId: announcement.creditNote.id })}>
                  View credit note {announcement.creditNote.number}
                </Anchor>
              )}
            </Notice>
          )}
        </div>
        {announcement?.tone === 'error' && (
          <Notice tone="error" role="alert">
            <Text>{announcement.text}</Text>
          </Notice>
        )}
      </Stack>
      <Facts invoice={invoice} />
      <Lines invoice={invoice} />
      <Totals invoice={invoice} party={party} />
      {crediting && (
        <CreditInvoiceDialog
          invoice={invoice}
          onClose={() => setCrediting(false)}
          onCredited={(creditNote) => {
            setCrediting(false);
            setAnnouncement({ tone: 'success', text: `Credit note ${creditNote.number} has been issued. ${invoice.number} now shows as credited.`, creditNote });
            void queryClient.invalidateQueries({ queryKey: invoiceQueryKeys.all });
          }}
        />
      )}
    </Stack>
  );
}
