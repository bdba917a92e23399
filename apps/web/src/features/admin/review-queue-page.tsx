import { Anchor, Badge, Table, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { ADMIN_PAGE_SIZE } from '@tendly/domain/api/admin';
import { routePath } from '@tendly/domain/routes';
import { itemsOf } from '../../platform/paged-results';
import { AdminPage } from '../../platform/admin-console';
import { useReviewQueue } from './admin-api';
import { formatDateTime } from './admin-format';
import { PagedAdminTable } from './paged-admin-table';
import { LoadState, startOf } from './list-state';

/** /admin/review: workers waiting for review, oldest first (issue 12). */
export default function ReviewQueuePage() {
  const [params, setParams] = useSearchParams();
  const start = startOf(params);
  const queue = useReviewQueue({ start, limit: ADMIN_PAGE_SIZE });
  const items = itemsOf(queue.data ? [queue.data] : undefined);

  return (
    <AdminPage
      title="Review queue"
      intro={<Text mt="xs">Workers who have sent their profile in for review, the longest waiting first.</Text>}
    >
      <LoadState isPending={queue.isPending} error={queue.error} what="the review queue" />
      {queue.data && (
        <PagedAdminTable
          start={start}
          shown={items.length}
          total={queue.data.total}
          noun="workers"
          empty="Nobody is waiting for review. Well done!"
          label="Workers waiting for review"
          caption="Workers waiting for review, oldest first"
          columns={['Worker', 'Email', 'Sent in', 'Documents to review']}
          onPage={(next) => setParams(next === 0 ? {} : { start: String(next) })}
        >
          {items.map((item) => (
            <Table.Tr key={item.workerId}>
              <Table.Th scope="row">
                <Anchor component={Link} to={routePath('adminWorkerReview', { workerId: item.workerId })}>
                  {item.name || item.email}
                </Anchor>
                {item.isResubmission && (
                  <Badge ml="xs" variant="outline" color="grape.9">
                    Sent in again
                  </Badge>
                )}
              </Table.Th>
              <Table.Td>{item.email}</Table.Td>
              <Table.Td>{formatDateTime(item.submittedForReviewAt)}</Table.Td>
              <Table.Td>{item.pendingDocuments}</Table.Td>
            </Table.Tr>
          ))}
        </PagedAdminTable>
      )}
    </AdminPage>
  );
}
