import type { ReactNode } from 'react';
import { Table } from '@mantine/core';

/**
 * A table's one row of column headers, each marked as a column's header (scope="col") so that a
 * screen reader names the column as it reads each cell.
 */
export function ColumnHeaders({ columns }: { columns: readonly ReactNode[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((column, index) => (
          <Table.Th scope="col" key={index}>
            {column}
          </Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}
