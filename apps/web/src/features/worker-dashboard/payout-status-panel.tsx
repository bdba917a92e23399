import { Anchor, List, Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { payoutStatusSchema } from '@tendly/domain/api/payments';
import { formatCents } from '@tendly/domain/format';
import { routePath } from '@tendly/domain/routes';
import { apiRequest } from '../../platform/api-client';
import { formatDateIn } from '../../platform/job-report-format';
import { Notice } from '../../platform/notice';
import { FormSection } from '../../platform/form-section';

/** Payouts run on Sydney time (PAYOUT_RUN_TIME), whatever the worker's state. */
const PAYOUT_TIME_ZONE = 'Australia/Sydney';

function fetchPayoutStatus(signal?: AbortSignal) {
  return apiRequest('/worker/payout-status', { schema: payoutStatusSchema, ...(signal ? { signal } : {}) });
}

/**
 * Getting paid, on the worker's dashboard (issue 15): what is waiting for the next daily payout,
 * or, when the worker cannot be paid (no bank account or no ABN), why, with the way to fix it.
 */
export function PayoutStatusPanel() {
  const status = useQuery({ queryKey: ['worker', 'payout-status'], queryFn: ({ signal }) => fetchPayoutStatus(signal) });
  return (
    <FormSection id="worker-payouts-heading" title="Getting paid" headingGap="sm">
      {status.isPending && <Skeleton height={60} aria-hidden="true" />}
      {status.isError && (
        <Notice tone="error" role="alert">
          <Text>We could not check your payouts just now. Please try again in a minute.</Text>
        </Notice>
      )}
      {status.data &&
        (status.data.canBePaid ? (
          <Text>
            {status.data.waitingCents > 0
              ? `${formatCents(status.data.waitingCents)} from paid invoices will be sent to your bank account in the next payout, on ${formatDateIn(status.data.nextRunAt, PAYOUT_TIME_ZONE)}.`
              : 'Nothing is waiting to be paid out. When an invoice of yours is paid, the next daily payout sends you the money.'}
          </Text>
        ) : (
          <Notice tone="warning">
            <Text fw={700}>We cannot pay you yet{status.data.waitingCents > 0 ? `: ${formatCents(status.data.waitingCents)} is waiting` : ''}.</Text>
            <List size="sm" mt={4}>
              {status.data.reasons.map((reason) => (
                <List.Item key={reason}>{reason}</List.Item>
              ))}
            </List>
            <Anchor component={Link} to={routePath('taxAndSuper')} fw={600} mt="xs" display="inline-block">
              Add your details in Tax and super
            </Anchor>
          </Notice>
        ))}
      <Anchor component={Link} to={routePath('paidInvoices')} mt="sm" display="inline-block">
        Remittances: the payments made to you
      </Anchor>
    </FormSection>
  );
}
