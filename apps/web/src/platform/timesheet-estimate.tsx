import { Table, Text } from '@mantine/core';
import type { Timesheet } from '@tendly/domain/api/timesheets';
import { formatCents } from '@tendly/domain/format';
import { formatLocalDay, formatQuantity, timeBandLabel } from './job-report-format';
import { Notice } from './notice';
import { ColumnHeaders } from './column-headers';

/**
 * The price of a timesheet as it will be invoiced (issue 14: the API prices it with the engine
 * that issues the invoice): a line per band and local date, travel and expenses, and the total;
 * or why it cannot be priced yet. Shown on job report cards, saved hours and the hours form.
 */
export function TimesheetEstimate({ timesheet, title }: { timesheet: Pick<Timesheet, 'estimate' | 'priceProblem' | 'startLocal'>; title: string }) {
  if (!timesheet.estimate) {
    return timesheet.priceProblem ? (
      <Notice tone="warning">
        <Text>These hours cannot be priced yet: {timesheet.priceProblem}</Text>
      </Notice>
    ) : null;
  }
  const { lines, subtotalCents, gstCents, totalCents } = timesheet.estimate;
  const label = `Price of the hours on ${formatLocalDay(timesheet.startLocal.slice(0, 10))}`;
  return (
    <div>
      <Text fw={700}>{title}</Text>
      <Table.ScrollContainer type="native" minWidth={640} tabIndex={0} role="region" aria-label={label}>
        <Table striped>
          <ColumnHeaders columns={['Date', 'Description', 'Quantity', 'Rate', 'Amount']} />
          <Table.Tbody>
            {lines.map((line, index) => (
              <Table.Tr key={index}>
                <Table.Td>{line.date ? formatLocalDay(line.date) : ''}</Table.Td>
                <Table.Td>
                  {line.description}
                  {line.timeBand ? ` (${timeBandLabel(line.timeBand)})` : ''}
                  {line.supportItem ? `, NDIS item ${line.supportItem}` : ''}
                  {line.flagged ? '. Marked for review against the NDIS price guide.' : ''}
                </Table.Td>
                <Table.Td>{formatQuantity(line.quantity, line.unit)}</Table.Td>
                <Table.Td>{formatCents(line.unitPriceCents)}</Table.Td>
                <Table.Td>{formatCents(line.amountCents)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {gstCents > 0 && (
        <Text>
          Subtotal {formatCents(subtotalCents)}, GST {formatCents(gstCents)}
        </Text>
      )}
      <Text fw={700}>Total {formatCents(totalCents)}</Text>
    </div>
  );
}
