import { Anchor, Badge, Table, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { ADMIN_PAGE_SIZE } from '@tendly/domain/api/admin';
import { routePath } from '@tendly/domain/routes';
import { itemsOf } from '../../platform/paged-results';
import { AdminPage } from '../../platform/admin-console';
import { useReviewQueue } from './admin-api';
import { formatDateTime } from './admin-format';
import { AdminPager } from './admin-pager';
import { LoadState, startOf } from './list-state';
import classes from '../../platform/admin-console.module.css';

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
        <>
          {items.length === 0 ? (
            <Text mt="md">Nobody is waiting for review. Well done!</Text>
          ) : (
            <div className={classes.tableWrap} tabIndex={0} role="region" aria-label="Workers waiting for review">
              <Table striped mt="md">
                <Table.Caption>Workers waiting for review, oldest first</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Worker</Table.Th>
                    <Table.Th scope="col">Email</Table.Th>
                    <Table.Th scope="col">Sent in</Table.Th>
                    <Table.Th scope="col">Documents to review</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
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
                </Table.Tbody>
              </Table>
            </div>
          )}
          <AdminPager
            start={start}
            shown={items.length}
            pageSize={ADMIN_PAGE_SIZE}
            total={queue.data.total}
            noun="workers"
            onChange={(next) => setParams(next === 0 ? {} : { start: String(next) })}
          />
        </>
      )}
    </AdminPage>
  );
}
