import { Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { formatCents } from '@tendly/domain/format';
import { isLocalDateTime } from '@tendly/domain/shift-time';
import { ApiError, UNEXPECTED_RESPONSE_MESSAGE } from '../../platform/api-client';
import { formatLocalDay, formatQuantity, timeBandLabel } from '../../platform/job-report-format';
import { bookingQueryKeys, fetchContractEstimate } from './bookings-api';
import { ColumnHeaders } from '../../platform/column-headers';

/** How long the times must stay still before asking for a price, so typing does not send a request a keystroke. */
export const ESTIMATE_DELAY_MS = 400;

/**
 * "Estimated cost per shift" in the booking form (issue 14): the agreement's rates by time band
 * for the times entered, from the same engine that prices the invoice. Shown once the times are
 * valid; a problem is shown here and never stops the booking.
 */
export function ShiftCostEstimate({ contractId, start, end, isNdis }: { contractId: string | null; start: string; end: string; isNdis: boolean }) {
  const [pausedContractId] = useDebouncedValue(contractId, ESTIMATE_DELAY_MS);
  const [pausedStart] = useDebouncedValue(start, ESTIMATE_DELAY_MS);
  const [pausedEnd] = useDebouncedValue(end, ESTIMATE_DELAY_MS);
  const times = { contractId: pausedContractId, start: pausedStart, end: pausedEnd };
  const isValid = (candidate: { contractId: string | null; start: string; end: string }) =>
    candidate.contractId !== null && isLocalDateTime(candidate.start) && isLocalDateTime(candidate.end) && candidate.end > candidate.start;
  // Both the times as typed and as paused: an estimate for times since made invalid is not shown.
  const ready = isValid(times) && isValid({ contractId, start, end });
  const estimate = useQuery({
    queryKey: bookingQueryKeys.estimate(times.contractId ?? '', times.start, times.end),
    queryFn: ({ signal }) => fetchContractEstimate({ contractId: times.contractId ?? '', start: times.start, end: times.end }, signal),
    enabled: ready,
    retry: false,
    staleTime: 60_000,
  });
  if (!ready) return null;
  return (
    <section aria-labelledby="shift-cost-estimate" aria-busy={estimate.isFetching || undefined}>
      <Text id="shift-cost-estimate" fw={700}>
        Estimated cost per shift
      </Text>
      {estimate.isPending && <Text size="sm">Working out the cost…</Text>}
      {estimate.isError && (
        <Text size="sm" c="red.9" role="alert">
          {estimate.error instanceof ApiError && estimate.error.status !== 0 && estimate.error.status < 500 ? estimate.error.message : UNEXPECTED_RESPONSE_MESSAGE} You can still book the shift.
        </Text>
      )}
      {estimate.data && (
        <>
          <Table.ScrollContainer minWidth={520} tabIndex={0} role="region" aria-label="Estimated cost per shift, by time band">
            <Table>
              <ColumnHeaders columns={['Time band', 'Hours', 'Rate', ...(isNdis ? ['Support item'] : []), 'Amount']} />
              <Table.Tbody>
                {estimate.data.lines.map((line, index) => (
                  <Table.Tr key={index}>
                    <Table.Td>
                      {timeBandLabel(line.timeBand)}, {formatLocalDay(line.date)}
                    </Table.Td>
                    <Table.Td>{formatQuantity(line.quantity, line.unit)}</Table.Td>
                    <Table.Td>
                      {formatCents(line.unitPriceCents)}
                      {line.capped ? ' (capped at the NDIS price limit)' : ''}
                    </Table.Td>
                    {isNdis && <Table.Td>{line.supportItem ?? 'None'}</Table.Td>}
                    <Table.Td>{formatCents(line.amountCents)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Text role="status" fw={700}>
            Estimated total {formatCents(estimate.data.totalCents)}
            {estimate.data.gstCents > 0 ? `, including GST of ${formatCents(estimate.data.gstCents)}` : ''}
          </Text>
          <Text size="sm">
            {isNdis
              ? 'NDIS rates are capped at the price limits for the support item, time and place; the invoice follows your worker’s actual hours.'
              : 'The invoice follows your worker’s actual hours, plus any travel and expenses.'}
          </Text>
        </>
      )}
    </section>
  );
}
