import { Container, NativeSelect, Table, Title, type MantineSpacing, type NativeSelectProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { routePath } from '@tendly/domain/routes';
import classes from './admin-console.module.css';
import { ColumnHeaders } from './column-headers';

/**
 * The admin console's sections, in the order of its navigation. A new section is one more line
 * here, with its route in the domain route table (e.g. `{ label: 'Annual reviews', routeId:
 * 'adminAnnualReviews' }`).
 */
export const adminConsoleSections: readonly { readonly label: string; readonly routeId: string; readonly exact?: boolean }[] = [
  { label: 'Admin home', routeId: 'adminHome', exact: true },
  { label: 'Review queue', routeId: 'adminReviewQueue' },
  { label: 'People', routeId: 'adminPeople' },
  { label: 'Inbox', routeId: 'adminInbox' },
  { label: 'Annual reviews', routeId: 'adminAnnualReviews' },
  { label: 'Payments', routeId: 'adminPayments' },
  { label: 'Payouts', routeId: 'adminPayouts' },
  { label: 'NDIA claims', routeId: 'adminNdisClaims' },
  { label: 'Money', routeId: 'adminMoney' },
  { label: 'Reviews', routeId: 'adminReviews' },
  { label: 'Background jobs', routeId: 'adminJobs' },
  { label: 'Audit log', routeId: 'adminAudit' },
];

/** The console's own navigation, on every admin page; the current section is marked for screen readers. */
export function AdminConsoleNav() {
  return (
    <nav aria-label="Admin console" className={classes.nav}>
      <ul className={classes.sections}>
        {adminConsoleSections.map((section) => (
          <li key={section.routeId}>
            <NavLink to={routePath(section.routeId)} end={section.exact ?? false} className={classes.section}>
              {section.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** An admin page: the console's navigation, then the page's heading and content. */
export function AdminPage({ title, children, intro }: { title: string; children: ReactNode; intro?: ReactNode }) {
  return (
    <Container size="lg" py="lg">
      <AdminConsoleNav />
      <Title order={1} mt="lg">
        {title}
      </Title>
      {intro}
      {children}
    </Container>
  );
}

/**
 * An admin console table: a region that scrolls sideways on a narrow screen and takes keyboard
 * focus to do so, a caption, one row of column headers, and the rows the page gives.
 */
export function AdminTable({
  label,
  caption,
  columns,
  mt,
  children,
}: {
  label: string;
  caption: ReactNode;
  columns: readonly ReactNode[];
  mt?: MantineSpacing;
  children: ReactNode;
}) {
  return (
    <div className={classes.tableWrap} tabIndex={0} role="region" aria-label={label}>
      <Table striped mt={mt}>
        <Table.Caption>{caption}</Table.Caption>
        <ColumnHeaders columns={columns} />
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </div>
  );
}

/** One row of an admin table: a cell for each value, in the order of the table's columns. */
export function AdminTableRow({ cells }: { cells: readonly ReactNode[] }) {
  return (
    <Table.Tr>
      {cells.map((cell, index) => (
        <Table.Td key={index}>{cell}</Table.Td>
      ))}
    </Table.Tr>
  );
}

/** Which of its records an admin page lists: a select labelled "Show", above the list. */
export function AdminShowSelect({ value, data, onChange }: { value: string; data: NativeSelectProps['data']; onChange: (value: string) => void }) {
  return <NativeSelect mt="md" maw={320} label="Show" value={value} onChange={(event) => onChange(event.currentTarget.value)} data={data} />;
}
