import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ADMIN_PAGE_SIZE } from '@tendly/domain/api/admin';
import type { ResultTotal } from '@tendly/domain/api/result-total';
import { AdminTable } from '../../platform/admin-console';
import { AdminPager } from './admin-pager';

/**
 * One page of an admin list (people, the inbox, the audit log, the review queue): the table, or a
 * sentence when nothing matches, then the pager that moves between pages.
 */
export function PagedAdminTable({
  start,
  shown,
  total,
  noun,
  empty,
  label,
  caption,
  columns,
  onPage,
  children,
}: {
  start: number;
  shown: number;
  total: ResultTotal | null;
  noun: string;
  empty: string;
  label: string;
  caption: string;
  columns: readonly string[];
  onPage: (start: number) => void;
  children: ReactNode;
}) {
  return (
    <>
      {shown === 0 ? (
        <Text mt="md">{empty}</Text>
      ) : (
        <AdminTable mt="md" label={label} caption={caption} columns={columns}>
          {children}
        </AdminTable>
      )}
      <AdminPager start={start} shown={shown} pageSize={ADMIN_PAGE_SIZE} total={total} noun={noun} onChange={onPage} />
    </>
  );
}
