import { Table, Text } from '@mantine/core';
import type { WorkerProfile } from '@tendly/domain/api/search';
import { formatCents } from '@tendly/domain/format';
import classes from './worker-profile.module.css';
import { ColumnHeaders } from '../../platform/column-headers';

type Rates = WorkerProfile['rates'];

/** The six hourly rates a worker sets (the contract's rate fields, spec section 3), in that order. */
const hourlyRates: readonly { key: Exclude<keyof Rates, 'sleepover'>; label: string }[] = [
  { key: 'weekday', label: 'Weekdays' },
  { key: 'saturday', label: 'Saturdays' },
  { key: 'sunday', label: 'Sundays' },
  { key: 'publicHoliday', label: 'Public holidays' },
  { key: 'evening', label: 'Weekday evenings' },
  { key: 'overnight', label: 'Active overnight' },
];

/** The worker's rates in dollars (from integer cents); a sleepover is per night, and shown only when offered. */
export function RatesTable({ rates, firstName }: { rates: Rates; firstName: string }) {
  const hasAny = Object.values(rates).some((cents) => cents !== null);
  if (!hasAny) return <Text>{firstName} has not set their rates yet. Contact them to ask.</Text>;
  return (
    <Table withTableBorder captionSide="top" maw={520}>
      <Table.Caption className={classes.caption}>{firstName}&rsquo;s rates, in Australian dollars</Table.Caption>
      <ColumnHeaders columns={['When', 'Rate']} />
      <Table.Tbody>
        {hourlyRates.map(({ key, label }) => {
          const cents = rates[key];
          return (
            <Table.Tr key={key}>
              <Table.Th scope="row">{label}</Table.Th>
              <Table.Td>{cents === null ? 'Not offered' : `${formatCents(cents)} an hour`}</Table.Td>
            </Table.Tr>
          );
        })}
        {rates.sleepover !== null && (
          <Table.Tr>
            <Table.Th scope="row">Sleepover</Table.Th>
            <Table.Td>{formatCents(rates.sleepover)} a night</Table.Td>
          </Table.Tr>
        )}
      </Table.Tbody>
    </Table>
  );
}
